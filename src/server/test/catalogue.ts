import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { searchResultSchema, type SearchResult } from '@shared/catalogue/search.schema';
import { products } from '../db/schema';
import { ensureCatalogueStructure, writeProductSpecs } from '../seed/catalogue-structure';

type Params = Record<string, string | number | boolean | string[]>;

export function searchUrl(params: Params = {}): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    for (const one of Array.isArray(v) ? v : [v]) qs.append(k, String(one));
  }
  return `/api/catalogue/search?${qs}`;
}

/** One search call that must succeed. */
export async function search(app: FastifyInstance, params: Params = {}): Promise<SearchResult> {
  const res = await app.inject(searchUrl(params));
  if (res.statusCode !== 200) throw new Error(`search ${searchUrl(params)} → ${res.statusCode} ${res.body}`);
  return searchResultSchema.parse(res.json());
}

/** Every page of a search, following nextCursor. */
export async function searchAll(app: FastifyInstance, params: Params = {}): Promise<SearchResult['items']> {
  const items: SearchResult['items'] = [];
  let cursor: string | null = null;
  do {
    const page: SearchResult = await search(app, {
      pageSize: 100,
      facets: false,
      ...params,
      ...(cursor && { cursor }),
    });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

let n = 0;
/** A product with catalogue data, written as the seed writes it. */
export async function makeCatalogueProduct(
  app: FastifyInstance,
  p: {
    name?: string;
    sku?: string;
    brand?: string | null;
    category?: string | null;
    specs?: Record<string, number | string>;
    priceCents?: number;
    quantity?: number;
    minOrder?: number;
    desc?: string;
    createdAt?: Date;
  } = {},
) {
  const { db } = app.database;
  const ids = await ensureCatalogueStructure(db);
  const [row] = await db
    .insert(products)
    .values({
      name: p.name ?? `Catalogue Test Item ${++n}`,
      img: '/media/products/test.webp',
      priceCents: p.priceCents ?? 10_000,
      quantity: p.quantity ?? 10,
      minOrder: p.minOrder ?? 1,
      description: p.desc ?? 'An item for catalogue tests.',
      ...(p.sku && { sku: p.sku }),
      ...(p.createdAt && { createdAt: p.createdAt }),
      brand: p.brand ?? null,
      categoryId: p.category ? ids.categoryId.get(p.category)! : null,
    })
    .returning();
  await writeProductSpecs(db, ids, [{ productId: row!.id, specs: p.specs ?? {} }]);
  // Written around the routes: announced as a script writing SQL must (decision 010), for caches and the index.
  await app.readCache.changed('catalogue');
  return row!;
}

/** Every live product with its catalogue data, read straight from the tables, for brute-force checks. */
export async function catalogueUniverse(app: FastifyInstance) {
  const { db } = app.database;
  const { rows } = await db.execute<{
    id: string;
    brand: string | null;
    categoryId: string | null;
    priceCents: number;
    quantity: number;
    minOrder: number;
  }>(sql`select id, brand, category_id as "categoryId", price_cents as "priceCents", quantity,
    min_order as "minOrder" from products where archived_at is null`);
  const specs = await db.execute<{ productId: string; key: string; value: number | null }>(
    sql`select s.product_id as "productId", a.key, s.value from product_specs s
        join spec_attributes a on a.id = s.attribute_id`,
  );
  const cats = await db.execute<{ id: string; slug: string; name: string; parentId: string | null }>(
    sql`select id, slug, name, parent_id as "parentId" from categories`,
  );
  const specOf = new Map<string, Map<string, number>>();
  for (const s of specs.rows) {
    if (s.value === null) continue;
    if (!specOf.has(s.productId)) specOf.set(s.productId, new Map());
    specOf.get(s.productId)!.set(s.key, s.value);
  }
  return { products: rows, specOf, categories: cats.rows };
}
