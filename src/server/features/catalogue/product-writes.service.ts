import { and, eq, isNull } from 'drizzle-orm';
import type { PricedProduct, ProductCreate, ProductUpdate } from '@shared/catalogue/catalogue.schema';
import {
  breaksToCents,
  breaksToDollars,
  priceBreaksProblem,
  type PriceBreak,
} from '@shared/catalogue/pricing';
import { categories, products } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import { AppError, fieldError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';
import {
  answerWaiting,
  attributeNewStock,
  moveStock,
  type BackInStockMail,
} from '../inventory/inventory.service';
import { toProduct } from './catalogue.service';
import { loadBreaks, writeBreaks } from './pricing.service';
import { writeProductSpecs } from './product-specs.service';
import { shippingColumns, toShipping } from './product-shipping.service';
import { shippingProblems } from '@shared/catalogue/product-shipping';
import { centsToDollars, dollarsToCents } from '@shared/common/money';
import { recordEvent } from '../webhooks/index';

type ProductRow = typeof products.$inferSelect;

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
  ...(p.price !== undefined && { priceCents: dollarsToCents(p.price) }),
  ...(p.minOrder !== undefined && { minOrder: p.minOrder }),
  ...(p.desc !== undefined && { description: p.desc }),
  ...(p.packSize !== undefined && { packSize: p.packSize }),
  ...(p.lowStockThreshold !== undefined && { lowStockThreshold: p.lowStockThreshold }),
});

/** Breaks as they are stored and read back: sorted, whole cents. */
const stored = (breaks: readonly PriceBreak[]) => breaksToDollars(breaksToCents(breaks));

const priced = (row: ProductRow, priceBreaks: PriceBreak[]): PricedProduct => ({
  ...toProduct(row),
  packSize: row.packSize,
  priceBreaks,
  ...toShipping(row),
});

/** Freight needs a class and backorders a lead time, judged on the product as the edit leaves it (400 naming it). */
function assertShipping(row: ProductRow, changes: ProductUpdate) {
  const after = { ...row, ...shippingColumns(changes) };
  const [problem] = shippingProblems(after);
  if (problem) throw fieldError('bad_request', problem.field, problem.message);
}

export async function createProduct(
  db: Db,
  actor: SessionUser,
  input: ProductCreate,
): Promise<PricedProduct> {
  return db.transaction(async (tx) => {
    await attributeNewStock(tx, 'created', actor.email);
    const [row] = await tx
      .insert(products)
      .values({
        name: input.name,
        img: input.img,
        priceCents: dollarsToCents(input.price),
        quantity: input.quantity,
        minOrder: input.minOrder,
        packSize: input.packSize ?? 1,
        lowStockThreshold: input.lowStockThreshold ?? null,
        description: input.desc,
        ...shippingColumns(input),
        ...(await catalogueColumns(tx, input)),
      })
      .returning()
      .catch(skuClash);
    await writeProductSpecs(tx, row!.id, row!.categoryId, input.specs);
    if (input.priceBreaks) await writeBreaks(tx, row!.id, input.priceBreaks);
    const product = priced(row!, stored(input.priceBreaks ?? []));
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

/**
 * Edits price, stock (restocking), minimum order, pack size, price breaks, description, image, name, SKU, brand,
 * category or specs; the stock can never go negative. Breaks are checked against the price the product will have.
 * A change that makes the product orderable again (more stock, a lower minimum, a smaller pack) mails the customers
 * waiting for it, in the same transaction.
 */
export async function updateProduct(
  db: Db,
  actor: SessionUser,
  id: string,
  changes: ProductUpdate,
  notify: BackInStockMail,
): Promise<PricedProduct> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, id), isNull(products.archivedAt)))
      .for('update');
    if (!current) throw notFound('Product');
    const breaksBefore = breaksToDollars((await loadBreaks(tx, [id])).get(id) ?? []);
    const breaks = changes.priceBreaks ?? breaksBefore;
    const problem = priceBreaksProblem(changes.price ?? centsToDollars(current.priceCents), breaks);
    if (problem) throw fieldError('bad_request', 'priceBreaks', problem);
    assertShipping(current, changes);
    // Stock changes go through the inventory ledger; the rest is a plain update.
    if (changes.quantity !== undefined) {
      const delta = changes.quantity - current.quantity;
      await moveStock(tx, {
        productId: id,
        delta,
        reason: 'restock',
        actorEmail: actor.email,
        notify: null,
        staff: notify,
      });
    }
    const columns = {
      ...toColumns(changes),
      ...shippingColumns(changes),
      ...(await catalogueColumns(tx, changes)),
    };
    const [row] = Object.keys(columns).length
      ? await tx.update(products).set(columns).where(eq(products.id, id)).returning().catch(skuClash)
      : await tx.select().from(products).where(eq(products.id, id));
    await writeProductSpecs(tx, id, row!.categoryId, changes.specs);
    if (changes.priceBreaks) await writeBreaks(tx, id, changes.priceBreaks);
    // After every column: a lower minimum or a smaller pack can make the product orderable without new stock.
    await answerWaiting(tx, [id], notify);
    const before = priced(current, breaksBefore);
    const after = priced(row!, stored(breaks));
    const changed = Object.keys(changes).join(', ');
    await recordAudit(tx, actor, {
      kind: 'product.edited',
      entityType: 'product',
      entityId: id,
      summary: `Edited ${after.name} (${changed})`,
      before,
      after: { ...after, ...(changes.specs && { specs: changes.specs }) },
    });
    await recordEvent(tx, { type: 'product.updated', data: after });
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

/**
 * Brings a deleted product back into the catalogue as it was (stock, prices, specs untouched). Its SKU cannot have
 * been taken meanwhile: the SKU index spans deleted products too (decision 036).
 */
export async function restoreProduct(db: Db, actor: SessionUser, id: string): Promise<PricedProduct> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!current) throw notFound('Product');
    if (!current.archivedAt) throw new AppError('conflict', 'This product is not deleted.');
    const [row] = await tx.update(products).set({ archivedAt: null }).where(eq(products.id, id)).returning();
    const product = priced(row!, breaksToDollars((await loadBreaks(tx, [id])).get(id) ?? []));
    await recordAudit(tx, actor, {
      kind: 'product.restored',
      entityType: 'product',
      entityId: id,
      summary: `Restored ${product.name} to the catalogue`,
      after: product,
    });
    return product;
  });
}
