import { and, asc, eq, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import {
  cartMessages,
  MAX_CART_LINES,
  type Cart,
  type CartLine,
  type CartLineAdd,
} from '@shared/cart/cart.schema';
import { backorderedUnits, quantityProblem, shipDateAfter } from '@shared/orders/orders.schema';
import { cartLines } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import { userIdByEmail } from '../accounts/accounts.service';
import { loadPricing, orderableStock, type ProductPricing } from '../catalogue/index';
import { centsToDollars } from '@shared/common/money';
import { goodsFacts, priceGoodsLine, priceSale } from '../pricing/index';

/** Advisory-lock class of carts (the two-key form never meets the one-key locks taken elsewhere). */
const CART_LOCK_CLASS = 0x0ca27;

/**
 * Serialises writes to one customer's cart until the transaction ends, so the line cap holds and a checkout that
 * reads the cart and then empties it sees no line arrive in between. Other customers' carts are not held up.
 */
export async function lockCart(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CART_LOCK_CLASS}, hashtext(${userId}))`);
}

/** Why this quantity of the product cannot be ordered now, or null: the cart's and the checkout's rule. */
export function lineProblem(
  quantity: number,
  p: ProductPricing,
  priced = priceGoodsLine(quantity, p),
): string | null {
  if (p.archived) return cartMessages.discontinued;
  return (
    quantityProblem(quantity, { quantity: orderableStock(p), minOrder: p.minOrder, packSize: p.packSize }) ??
    priced.capProblem
  );
}

/** What of this quantity would go on backorder if ordered now, and when it would ship. */
function backorderOf(quantity: number, p: ProductPricing) {
  // Only a backorderable product's line carries these (other lines keep their shape).
  if (!p.backorderable || p.leadTimeDays === null) return {};
  const backordered = backorderedUnits(quantity, p.quantity);
  return {
    backorderable: true,
    backordered,
    expectedShipOn: backordered > 0 ? shipDateAfter(p.leadTimeDays) : null,
  };
}

/** A cart line as `priceSale` priced it: the break its quantity reaches, and what that saves and why. */
export function toCartLine(
  quantity: number,
  p: ProductPricing,
  priced = priceGoodsLine(quantity, p),
): CartLine {
  return {
    productId: p.id,
    sku: p.sku,
    name: p.name,
    img: p.img,
    quantity,
    stock: p.quantity,
    minOrder: p.minOrder,
    packSize: p.packSize,
    basePrice: centsToDollars(priced.basePriceCents),
    unitPrice: centsToDollars(priced.unitPriceCents),
    lineTotal: centsToDollars(priced.goodsCents),
    saving: centsToDollars(priced.savings.quantityCents + priced.savings.contractCents),
    basePriceCents: priced.basePriceCents,
    unitPriceCents: priced.unitPriceCents,
    lineTotalCents: priced.goodsCents,
    savingCents: priced.savings.quantityCents + priced.savings.contractCents,
    quantitySavingCents: priced.savings.quantityCents,
    contractSavingCents: priced.savings.contractCents,
    problem: lineProblem(quantity, p, priced),
    ...backorderOf(quantity, p),
  };
}

/** The products in a cart with their quantities, oldest line first. */
export const cartRows = (db: Db | Tx, userId: string) =>
  db
    .select({ productId: cartLines.productId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.userId, userId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.productId));

/** The cart as the API returns it; prices are computed now, never stored (see docs/decisions/023-cart.md). */
export async function readCart(db: Db | Tx, userId: string): Promise<Cart> {
  const rows = await cartRows(db, userId);
  const pricing = await loadPricing(
    db,
    rows.map((r) => r.productId),
    userId,
  );
  return pricedCart(rows, pricing);
}

/** The cart of these lines (oldest first) at these products' prices; lines of unknown products are left out. */
function pricedCart(
  rows: readonly { productId: string; quantity: number }[],
  pricing: Map<string, ProductPricing>,
): Cart {
  const known = rows.filter((r) => pricing.has(r.productId));
  // Goods only: the cart has no destination yet; the rates call prices its shipping and tax by the same function.
  const sale = priceSale(goodsFacts(pricing), { lines: known });
  const lines = known.map((r, i) => toCartLine(r.quantity, pricing.get(r.productId)!, sale.lines[i]));
  const savingCents = sale.savings.quantityCents + sale.savings.contractCents;
  return {
    lines,
    count: lines.length,
    totalQuantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    total: centsToDollars(sale.goodsCents),
    saving: centsToDollars(savingCents),
    totalCents: sale.goodsCents,
    savingCents,
    quantitySavingCents: sale.savings.quantityCents,
    contractSavingCents: sale.savings.contractCents,
  };
}

/**
 * One line priced as the cart prices it (by `priceSale`), without adding it: the Order Now form's unit price and its
 * savings by source, so the browser never works money out itself.
 */
export async function priceLine(
  db: Db,
  userId: string,
  { productId, quantity }: CartLineAdd,
): Promise<CartLine> {
  const pricing = await loadPricing(db, [productId], userId);
  if (!pricing.get(productId) || pricing.get(productId)!.archived) throw notFound('Product');
  return pricedCart([{ productId, quantity }], pricing).lines[0]!;
}

/**
 * Whose cart `email` names. Only the customer changes their cart (403 for anyone else's, admins included); an admin
 * may read a customer's.
 */
export async function cartOwner(db: Db, caller: SessionUser, email: string, write: boolean): Promise<string> {
  if (caller.email.toLowerCase() === email.toLowerCase()) return caller.id;
  if (write || caller.role !== 'admin')
    throw new AppError(
      'forbidden',
      write ? 'You can only change your own cart.' : 'You can only see your own cart.',
    );
  const id = await userIdByEmail(db, email);
  if (!id) throw notFound('Customer');
  return id;
}

/** Refuses a quantity the rules do not allow now: too little stock is a conflict (409), the rest a 400. */
export function assertOrderable(
  quantity: number,
  p: ProductPricing | undefined,
): asserts p is ProductPricing {
  if (!p || p.archived) throw notFound('Product');
  const problem = lineProblem(quantity, p);
  if (problem === messages.quantityAboveStock) throw fieldError('conflict', 'quantity', problem);
  if (problem) throw fieldError('bad_request', 'quantity', problem);
}

/** Adds rows to the cart: one per product, an existing line's quantity grows (an upsert on the primary key). */
export async function upsertLine(tx: Tx, userId: string, productId: string, quantity: number, add: boolean) {
  const [row] = await tx
    .insert(cartLines)
    // clock_timestamp, not now(): lines added in one transaction keep the order they were given in.
    .values({ userId, productId, quantity, addedAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.productId],
      set: {
        quantity: add ? sql`${cartLines.quantity} + excluded.quantity` : sql`excluded.quantity`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ quantity: cartLines.quantity });
  return row!.quantity;
}

/**
 * Writes one line (adding to it, or setting it) after checking the rules live, under the cart's lock. The answer is
 * computed from what the transaction read before its write (the lines, then every product's pricing in one
 * statement): the same cart a read after the write would give, two statements sooner.
 */
async function writeLine(
  db: Db,
  userId: string,
  productId: string,
  quantity: number,
  add: boolean,
): Promise<Cart> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const rows = await cartRows(tx, userId);
    const pricing = await loadPricing(tx, [...rows.map((r) => r.productId), productId], userId);
    const product = pricing.get(productId);
    if (!product || product.archived) throw notFound('Product');
    const existing = rows.find((r) => r.productId === productId);
    if (!existing && rows.length >= MAX_CART_LINES) throw new AppError('conflict', cartMessages.cartFull);
    assertOrderable(add ? (existing?.quantity ?? 0) + quantity : quantity, product);
    const written = await upsertLine(tx, userId, productId, quantity, add);
    const after = existing
      ? rows.map((r) => (r.productId === productId ? { productId, quantity: written } : r))
      : [...rows, { productId, quantity: written }];
    return pricedCart(after, pricing);
  });
}

export const addToCart = (db: Db, userId: string, input: CartLineAdd) =>
  writeLine(db, userId, input.productId, input.quantity, true);

export const setCartLine = (db: Db, userId: string, productId: string, quantity: number) =>
  writeLine(db, userId, productId, quantity, false);

/** Removes a product from the cart; removing one that is not there changes nothing. */
export async function removeCartLine(db: Db, userId: string, productId: string): Promise<Cart> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    await tx.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId)));
    return readCart(tx, userId);
  });
}

export async function emptyCart(db: Db, userId: string): Promise<Cart> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    await clearCartLines(tx, userId);
    return readCart(tx, userId);
  });
}

/** Empties the customer's cart in the caller's transaction: a placed checkout took its lines (call under lockCart). */
export async function clearCartLines(tx: Tx, userId: string) {
  await tx.delete(cartLines).where(eq(cartLines.userId, userId));
}

/** Makes the customer's cart exactly these lines (punchout brings back what the buyer system last transferred). */
export async function replaceCart(tx: Tx, userId: string, lines: { productId: string; quantity: number }[]) {
  await clearCartLines(tx, userId);
  if (lines.length)
    await tx
      .insert(cartLines)
      .values(lines.map((l) => ({ userId, productId: l.productId, quantity: l.quantity })));
}
