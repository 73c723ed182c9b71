import { asc, eq } from 'drizzle-orm';
import { firstOrderableQuantity } from '@shared/catalogue/pricing';
import {
  cartMessages,
  MAX_CART_LINES,
  type ReorderChange,
  type ReorderResult,
} from '@shared/cart/cart.schema';
import { checkouts, orders } from '../../db/schema';
import { AppError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db } from '../../infra/db';
import type { ProductPricing } from '../catalogue/index';
import { loadPricing } from '../catalogue/index';
import { priceGoodsLine } from '../pricing/index';
import { cartRows, lockCart, readCart, upsertLine } from './cart.service';
import { formatCents } from '@shared/common/money';

/**
 * A line of a past order: what was bought, how many, and at what unit price (none for a company's shared list, which
 * names no price: then no price change is reported).
 */
export interface PastLine {
  productId: string;
  productName: string;
  quantity: number;
  unitPriceCents?: number;
}

const pastLine = {
  userId: orders.userId,
  productId: orders.productId,
  productName: orders.productName,
  quantity: orders.quantity,
  unitPriceCents: orders.unitPriceCents,
};

/** The quantity the rules allow today, nearest to `want`: whole packs, at least the minimum, at most the stock. */
function fit(want: number, p: ProductPricing) {
  const first = firstOrderableQuantity(p);
  const rounded = Math.max(first, Math.ceil(want / p.packSize) * p.packSize);
  const most = Math.floor(p.quantity / p.packSize) * p.packSize;
  return { rounded, quantity: Math.min(rounded, most), orderable: most >= first };
}

/**
 * Puts past lines into the cart at today's prices, on top of what the cart holds, saying what changed: the price
 * (at the quantity now in the cart), a quantity the stock no longer covers (lowered, or left out), a product no
 * longer sold (left out), or pack and minimum rules that moved the quantity.
 */
export async function reorderLines(db: Db, userId: string, past: PastLine[]): Promise<ReorderResult> {
  const wanted = new Map<string, PastLine>();
  for (const line of past) {
    const seen = wanted.get(line.productId);
    if (seen) seen.quantity += line.quantity;
    else wanted.set(line.productId, { ...line });
  }
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const pricing = await loadPricing(tx, [...wanted.keys()], userId);
    const inCart = new Map((await cartRows(tx, userId)).map((r) => [r.productId, r.quantity]));
    const changes: ReorderChange[] = [];
    for (const w of wanted.values()) {
      const p = pricing.get(w.productId);
      const change = (kind: ReorderChange['kind'], message: string) =>
        changes.push({ productId: w.productId, name: p?.name ?? w.productName, kind, message });
      if (!p || p.archived) {
        change('discontinued', `${cartMessages.discontinued} It was not added to your cart.`);
        continue;
      }
      const have = inCart.get(p.id) ?? 0;
      const want = have + w.quantity;
      const fitted = fit(want, p);
      if (fitted.rounded !== want)
        change(
          'quantity',
          `${want < p.minOrder ? `The minimum order is ${p.minOrder}` : `Sold in packs of ${p.packSize}`} now: ${fitted.rounded} instead of ${want}.`,
        );
      if (!fitted.orderable || fitted.quantity <= have) {
        change('stock', `Only ${p.quantity} in stock now: it was not added to your cart.`);
        continue;
      }
      if (fitted.quantity < fitted.rounded)
        change('stock', `Only ${p.quantity} in stock now: the quantity was lowered to ${fitted.quantity}.`);
      if (!inCart.has(p.id) && inCart.size >= MAX_CART_LINES) {
        change('quantity', `${cartMessages.cartFull} It was not added.`);
        continue;
      }
      const { unitPriceCents: unitCents, capProblem: tooLarge } = priceGoodsLine(fitted.quantity, p);
      if (tooLarge) {
        change('quantity', `${tooLarge} It was not added.`);
        continue;
      }
      if (w.unitPriceCents !== undefined && unitCents !== w.unitPriceCents)
        change(
          'price',
          `Now ${formatCents(unitCents)} per unit at ${fitted.quantity} (was ${formatCents(w.unitPriceCents)}).`,
        );
      await upsertLine(tx, userId, p.id, fitted.quantity, false);
      inCart.set(p.id, fitted.quantity);
    }
    return { cart: await readCart(tx, userId), changes };
  });
}

const notYours = () => new AppError('forbidden', 'You can only order again what you ordered.');

/** "Order again" on one order of the caller's. */
export async function reorderOrder(db: Db, caller: SessionUser, orderId: string): Promise<ReorderResult> {
  const [row] = await db.select(pastLine).from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound('Order');
  if (row.userId !== caller.id) throw notYours();
  return reorderLines(db, caller.id, [row]);
}

/** "Order again" on a whole checkout of the caller's: every line of it. */
export async function reorderCheckout(
  db: Db,
  caller: SessionUser,
  checkoutId: string,
): Promise<ReorderResult> {
  const [checkout] = await db
    .select({ userId: checkouts.userId })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  if (!checkout) throw notFound('Checkout');
  if (checkout.userId !== caller.id) throw notYours();
  const rows = await db
    .select(pastLine)
    .from(orders)
    .where(eq(orders.checkoutId, checkoutId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  return reorderLines(db, caller.id, rows);
}
