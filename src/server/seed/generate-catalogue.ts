import { sql } from 'drizzle-orm';
import type { Db } from '../infra/db';
import { ensureCatalogueStructure } from './catalogue-structure';
import { productKinds, type ProductKind } from './generator-kinds';
import { demoAttributes, demoCategories } from './catalogue-data';
import { isUnitKind, unitSymbol } from '@shared/catalogue/units';
import { dollarsToCents } from '@shared/common/money';

/** A small, fast, seedable PRNG (mulberry32): the same seed writes the same catalogue. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const uuidFrom = (rand: () => number) => {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

export interface GenerateOptions {
  count: number;
  seed?: number;
  batchSize?: number;
  onBatch?: (done: number) => void;
}

interface Batch {
  ids: string[];
  names: string[];
  imgs: string[];
  prices: number[];
  quantities: number[];
  minOrders: number[];
  descriptions: string[];
  skus: string[];
  brands: string[];
  categoryIds: string[];
  categoryNames: string[];
  specTexts: string[];
  /** products.spec_values as array literals ('{NULL,8,1050}'): what the product_specs triggers would compute. */
  specArrays: string[];
  createdAt: string[];
  spec: { productIds: string[]; attributeIds: number[]; values: (number | null)[]; texts: (string | null)[] };
}

const emptyBatch = (): Batch => ({
  ids: [],
  names: [],
  imgs: [],
  prices: [],
  quantities: [],
  minOrders: [],
  descriptions: [],
  skus: [],
  brands: [],
  categoryIds: [],
  categoryNames: [],
  specTexts: [],
  specArrays: [],
  createdAt: [],
  spec: { productIds: [], attributeIds: [], values: [], texts: [] },
});

/**
 * Fills the catalogue with `count` generated products (deterministic for a seed), in batches of multi-row
 * `insert … select from unnest(arrays)`: one statement per batch for products and one for their specs.
 */
export async function generateCatalogue(db: Db, options: GenerateOptions): Promise<number> {
  const categoryName = new Map(demoCategories.map((c) => [c.slug, c.name]));
  const unitOf = new Map(
    demoAttributes.map((a) => [a.key, isUnitKind(a.unitKind) ? unitSymbol(a.unitKind, 'metric') : '']),
  );
  const ids = await ensureCatalogueStructure(db);
  const { rows: imgRows } = await db.execute<{ img: string }>(
    sql`select distinct img from products where img like '/media/products/%' order by img limit 50`,
  );
  const imgs = imgRows.length ? imgRows.map((r) => r.img) : ['/media/products/generated.webp'];
  const { rows: runRows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from products`);
  // A second run adds more products with SKUs that cannot clash with the first run's.
  const existing = runRows[0]?.n ?? 0;
  const run = existing.toString(36).toUpperCase();
  const rand = prng((options.seed ?? 1) + existing * 7919);
  const batchSize = options.batchSize ?? 5_000;
  const start = Date.UTC(2024, 0, 1);
  let done = 0;
  while (done < options.count) {
    const b = emptyBatch();
    const n = Math.min(batchSize, options.count - done);
    for (let i = 0; i < n; i++) {
      const kind: ProductKind = productKinds[Math.floor(rand() * productKinds.length)]!;
      const id = uuidFrom(rand);
      const specs = kind.specs(rand);
      const brand = kind.brands[Math.floor(rand() * kind.brands.length)]!;
      const model = `${kind.code}-${Math.floor(rand() * 900 + 100)}`;
      const index = done + i;
      b.ids.push(id);
      b.names.push(`${brand} ${kind.name(specs, rand)} ${model}`);
      b.imgs.push(imgs[index % imgs.length]!);
      b.prices.push(Math.max(500, dollarsToCents(Math.round(kind.price(specs) * (0.8 + rand() * 0.5))) - 1));
      const minOrder = rand() < 0.15 ? [2, 5, 10][Math.floor(rand() * 3)]! : 1;
      b.quantities.push(rand() < 0.1 ? 0 : minOrder + Math.floor(rand() * 200));
      b.minOrders.push(minOrder);
      b.descriptions.push(kind.description(specs, brand));
      b.skus.push(`${kind.code}-${run}${index.toString(36).toUpperCase().padStart(5, '0')}`);
      b.brands.push(brand);
      b.categoryIds.push(ids.categoryId.get(kind.category)!);
      b.categoryNames.push(categoryName.get(kind.category)!);
      // The words product_search_vector() would index for these specs: "8 bar 1050 L/min Electric".
      b.specTexts.push(
        Object.entries(specs)
          .map(([key, v]) => (typeof v === 'string' ? v : `${v} ${unitOf.get(key) ?? ''}`))
          .join(' '),
      );
      b.createdAt.push(new Date(start + index * 137_000 + Math.floor(rand() * 1000)).toISOString());
      const byAttribute: (number | null)[] = [];
      for (const [key, value] of Object.entries(specs)) {
        if (typeof value === 'number') byAttribute[ids.attributeId.get(key)! - 1] = value;
      }
      b.specArrays.push(
        byAttribute.length
          ? `{${Array.from(byAttribute, (v) => (v == null ? 'NULL' : String(v))).join(',')}}`
          : '',
      );
      for (const [key, value] of Object.entries(specs)) {
        b.spec.productIds.push(id);
        b.spec.attributeIds.push(ids.attributeId.get(key)!);
        b.spec.values.push(typeof value === 'number' ? value : null);
        b.spec.texts.push(typeof value === 'string' ? value : null);
      }
    }
    await writeBatch(db, b);
    done += n;
    options.onBatch?.(done);
  }
  // Fresh planner statistics and visibility map for what was just written. Until autovacuum gets to a new bulk of
  // rows, a faceted search plans on default estimates and checks every match's visibility: twice the time per search.
  await db.execute(sql`vacuum (analyze) products, product_specs, search_terms`);
  return done;
}

/**
 * One batch in one transaction. The per-row search trigger and the spec-values trigger are switched off for the
 * batch (the switch is transactional, so a failure leaves them on): vectors and spec arrays are computed in the
 * insert from the same data (no second write of every row), and the search words are added set-wise.
 */
async function writeBatch(db: Db, b: Batch): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table products disable trigger products_search_vector`);
    await tx.execute(sql`alter table product_specs disable trigger product_specs_inserted`);
    await tx.execute(sql`
      insert into products (id, name, img, price_cents, quantity, min_order, description, sku, brand, category_id,
        created_at, search_vector, spec_values)
      select id, name, img, price, quantity, min_order, description, sku, brand, category_id, created_at,
        catalogue_search_vector(name, sku, brand, category_name, spec_text, description),
        nullif(spec_array, '')::float8[]
      from unnest(${sql.param(b.ids)}::uuid[], ${sql.param(b.names)}::text[], ${sql.param(b.imgs)}::text[],
        ${sql.param(b.prices)}::int[], ${sql.param(b.quantities)}::int[], ${sql.param(b.minOrders)}::int[],
        ${sql.param(b.descriptions)}::text[], ${sql.param(b.skus)}::text[], ${sql.param(b.brands)}::text[],
        ${sql.param(b.categoryIds)}::uuid[], ${sql.param(b.createdAt)}::timestamptz[],
        ${sql.param(b.categoryNames)}::text[], ${sql.param(b.specTexts)}::text[], ${sql.param(b.specArrays)}::text[])
        as u(id, name, img, price, quantity, min_order, description, sku, brand, category_id, created_at,
          category_name, spec_text, spec_array)`);
    await tx.execute(sql`
      insert into product_specs (product_id, attribute_id, value, value_text)
      select * from unnest(${sql.param(b.spec.productIds)}::uuid[], ${sql.param(b.spec.attributeIds)}::int[],
        ${sql.param(b.spec.values)}::float8[], ${sql.param(b.spec.texts)}::text[])`);
    await tx.execute(sql`
      insert into search_terms (term)
      select distinct unnest(tsvector_to_array(search_vector)) from products where id = any(${sql.param(b.ids)}::uuid[])
      order by 1 on conflict do nothing`);
    await tx.execute(sql`alter table product_specs enable trigger product_specs_inserted`);
    await tx.execute(sql`alter table products enable trigger products_search_vector`);
  });
}
