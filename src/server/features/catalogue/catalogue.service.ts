import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Product, ProductCreate, ProductUpdate } from '@shared/catalogue/catalogue.schema';
import { categories, products } from '../../db/schema';
import type { Tx } from '../../plugins/db';
import { AppError, fieldError, notFound } from '../../lib/errors';
import type { SessionUser } from '../../plugins/auth-guard';
import { recordAudit } from '../audit/audit.service';
import { attributeNewStock, moveStock } from '../inventory/inventory.service';
import type { Db } from '../../plugins/db';
import { writeProductSpecs } from './product-specs.service';

type ProductRow = typeof products.$inferSelect;

export const toProduct = (
  row: Pick<ProductRow, 'id' | 'name' | 'img' | 'priceCents' | 'quantity' | 'minOrder' | 'description'>,
): Product => ({
  _id: row.id,
  name: row.name,
  img: row.img,
  price: row.priceCents / 100,
  quantity: row.quantity,
  minOrder: row.minOrder,
  desc: row.description,
});

const newestFirst = [desc(products.createdAt), products.id] as const;

/** The columns a Product needs, and nothing else (not the search vector or spec array of every row). */
const productFields = {
  id: products.id,
  name: products.name,
  img: products.img,
  priceCents: products.priceCents,
  quantity: products.quantity,
  minOrder: products.minOrder,
  description: products.description,
};

/** Rows per read of the full list: each read and its mapping is a short turn of the event loop. */
const LIST_CHUNK = 2_000;

/**
 * Every live product, newest first, in keyset chunks on the (created_at desc, id) index: at 100,000 products and
 * more, no single query result, row mapping or allocation holds the event loop, and a chunk can be serialized and
 * dropped before the next is read.
 */
export async function* productChunks(db: Db, chunk = LIST_CHUNK): AsyncGenerator<Product[]> {
  const micros = sql<string>`(extract(epoch from ${products.createdAt}) * 1000000)::bigint::text`;
  for (let after: { micros: string; id: string } | undefined; ;) {
    const rows = await db
      .select({ ...productFields, micros })
      .from(products)
      .where(
        and(
          isNull(products.archivedAt),
          after &&
            sql`${products.createdAt} <= ${epochMicros(after.micros)} and
              (${products.createdAt} < ${epochMicros(after.micros)} or ${products.id} > ${after.id}::uuid)`,
        ),
      )
      .orderBy(...newestFirst)
      .limit(chunk);
    if (rows.length) yield rows.map(toProduct);
    const last = rows.at(-1);
    if (!last || rows.length < chunk) return;
    after = { micros: last.micros, id: last.id };
  }
}

/** Live products, newest first: the `limit` newest, or all of them. */
export async function listProducts(db: Db, limit?: number, chunk = LIST_CHUNK): Promise<Product[]> {
  if (limit !== undefined) {
    const rows = await db
      .select(productFields)
      .from(products)
      .where(isNull(products.archivedAt))
      .orderBy(...newestFirst)
      .limit(limit);
    return rows.map(toProduct);
  }
  const all: Product[] = [];
  for await (const part of productChunks(db, chunk)) all.push(...part);
  return all;
}

const epochMicros = (micros: string) =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

export async function getProduct(db: Db, id: string): Promise<Product> {
  const [row] = await db
    .select(productFields)
    .from(products)
    .where(and(eq(products.id, id), isNull(products.archivedAt)));
  if (!row) throw notFound('Product');
  return toProduct(row);
}

/** Category slug → id; an unknown slug is the client's mistake. */
async function categoryIdOf(tx: Tx, slug: string | undefined): Promise<string | undefined> {
  if (slug === undefined) return undefined;
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
  if (!row) throw fieldError('bad_request', 'category', 'no such category');
  return row.id;
}

/** The SKU index is unique whatever the case: a clash is a 409 naming the field. */
function skuClash(err: unknown): never {
  const code =
    (err as { cause?: { code?: string }; code?: string }).cause?.code ?? (err as { code?: string }).code;
  if (code === '23505') throw fieldError('conflict', 'sku', 'this SKU is already used by another product');
  throw err;
}

const catalogueColumns = async (tx: Tx, p: ProductUpdate) => ({
  ...(p.sku !== undefined && { sku: p.sku }),
  ...(p.brand !== undefined && { brand: p.brand }),
  ...(p.category !== undefined && { categoryId: await categoryIdOf(tx, p.category) }),
});

const toColumns = (p: ProductUpdate) => ({
  ...(p.name !== undefined && { name: p.name }),
  ...(p.img !== undefined && { img: p.img }),
  ...(p.price !== undefined && { priceCents: Math.round(p.price * 100) }),
  ...(p.minOrder !== undefined && { minOrder: p.minOrder }),
  ...(p.desc !== undefined && { description: p.desc }),
});

export async function createProduct(db: Db, actor: SessionUser, input: ProductCreate): Promise<Product> {
  return db.transaction(async (tx) => {
    await attributeNewStock(tx, 'created', actor.email);
    const [row] = await tx
      .insert(products)
      .values({
        name: input.name,
        img: input.img,
        priceCents: Math.round(input.price * 100),
        quantity: input.quantity,
        minOrder: input.minOrder,
        description: input.desc,
        ...(await catalogueColumns(tx, input)),
      })
      .returning()
      .catch(skuClash);
    await writeProductSpecs(tx, row!.id, row!.categoryId, input.specs);
    const product = toProduct(row!);
    await recordAudit(tx, actor, {
      kind: 'product.created',
      entityType: 'product',
      entityId: product._id,
      summary: `Created ${product.name}`,
      after: { ...product, ...(input.specs && { specs: input.specs }) },
    });
    return product;
  });
}

/** Edits price, stock (restocking), minimum order, description, image, name, SKU, brand, category or specs; the stock can never go negative. */
export async function updateProduct(
  db: Db,
  actor: SessionUser,
  id: string,
  changes: ProductUpdate,
): Promise<Product> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, id), isNull(products.archivedAt)))
      .for('update');
    if (!current) throw notFound('Product');
    // Stock changes go through the inventory ledger; the rest is a plain update.
    if (changes.quantity !== undefined) {
      const delta = changes.quantity - current.quantity;
      await moveStock(tx, { productId: id, delta, reason: 'restock', actorEmail: actor.email });
    }
    const columns = { ...toColumns(changes), ...(await catalogueColumns(tx, changes)) };
    const [row] = Object.keys(columns).length
      ? await tx.update(products).set(columns).where(eq(products.id, id)).returning().catch(skuClash)
      : await tx.select().from(products).where(eq(products.id, id));
    await writeProductSpecs(tx, id, row!.categoryId, changes.specs);
    const before = toProduct(current);
    const after = toProduct(row!);
    const changed = Object.keys(changes).join(', ');
    await recordAudit(tx, actor, {
      kind: 'product.edited',
      entityType: 'product',
      entityId: id,
      summary: `Edited ${after.name} (${changed})`,
      before,
      after: { ...after, ...(changes.specs && { specs: changes.specs }) },
    });
    return after;
  });
}

/** "Deleting" archives: the product leaves the catalogue and can't be ordered; its orders and reviews stay intact. */
export async function archiveProduct(db: Db, actor: SessionUser, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!current) throw notFound('Product');
    if (current.archivedAt) throw new AppError('conflict', 'This product is already deleted.');
    await tx.update(products).set({ archivedAt: new Date() }).where(eq(products.id, id));
    await recordAudit(tx, actor, {
      kind: 'product.archived',
      entityType: 'product',
      entityId: id,
      summary: `Deleted ${current.name} from the catalogue`,
      before: toProduct(current),
    });
  });
}
