import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { approvalMessages } from '@shared/checkout/approvals.schema';
import { checkouts } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { Tx } from '../../infra/db';
import { loadPricing } from '../catalogue/index';
import {
  backorderWhole,
  clearBackorder,
  releaseStock,
  reserveOrBackorder,
  reserveStock,
  type OrderDeps,
  type OrderRow,
} from '../orders/index';
import { lockCheckout, type CheckoutRow } from './checkout.model';
import { backorderLeadTime } from './place.price';

/**
 * The stock of a checkout awaiting approval over the shop's cap (APPROVAL_HOLD_MAX_UNITS,
 * docs/decisions/060-approval-stock-and-charged-totals.md): it is held for one checkout window (`approval_stock_until`)
 * while the approval stays open for the company's whole window; then it goes back, and approving takes it again.
 *
 * A line that gave its stock back is written as wholly backordered: it holds nothing, so every later close (cancel,
 * reject, expiry) gives back nothing twice without knowing about this state, and releasing again is a no-op.
 */

const stockDue = (co: CheckoutRow, now: Date) =>
  co.approvalStatus === 'awaiting' && !!co.approvalStockUntil && co.approvalStockUntil <= now;

/** On the locked checkout: gives back what its unpaid lines hold once its stock window has ended. Idempotent. */
export async function releaseApprovalStock(
  tx: Tx,
  deps: OrderDeps,
  co: CheckoutRow,
  lines: OrderRow[],
  now = new Date(),
): Promise<OrderRow[]> {
  if (!stockDue(co, now)) return lines;
  const holding = lines.filter(
    (l) => l.orderStatus === 'Pending' && !l.paymentStatus && l.backorderedQuantity < l.quantity,
  );
  if (!holding.length) return lines;
  // Lines come locked in product-id order (lockCheckout), the order every stock move takes its products in.
  for (const line of holding) await releaseStock(tx, line, 'order_expired', deps.mail);
  const released = await backorderWhole(
    tx,
    holding.map((l) => l.id),
  );
  return lines.map((l) => released.find((r) => r.id === l.id) ?? l);
}

/**
 * On approval, in the decision's transaction: a checkout whose stock went back takes it again, line by line in
 * product-id order — what is in stock, the rest backordered when the product allows backorders; otherwise a 409
 * naming the product, and nothing is approved. A checkout still inside its stock window keeps what it holds.
 */
export async function retakeApprovalStock(
  tx: Tx,
  deps: OrderDeps,
  co: CheckoutRow,
  lines: OrderRow[],
  now = new Date(),
): Promise<OrderRow[]> {
  if (!stockDue(co, now)) return lines;
  const released = await releaseApprovalStock(tx, deps, co, lines, now);
  const pricing = await loadPricing(
    tx,
    released.map((l) => l.productId),
    co.userId,
  );
  const taken: OrderRow[] = [];
  for (const line of released) {
    if (line.orderStatus !== 'Pending' || line.paymentStatus) {
      taken.push(line);
      continue;
    }
    const fresh = await clearBackorder(tx, line.id);
    const product = pricing.get(line.productId);
    const lead = product ? backorderLeadTime(undefined, product) : null;
    const row =
      lead === null
        ? (await reserveStock(tx, fresh!, deps.mail, 'order_reserved')) && fresh!
        : await reserveOrBackorder(tx, fresh!, lead, deps.mail);
    if (!row) throw new AppError('conflict', approvalMessages.stockGone(line.productName));
    taken.push(row);
  }
  return taken;
}

/** How many checkouts one pass releases (each is its own transaction). */
const BATCH = 50;

/**
 * The approvals' sweep part: checkouts awaiting approval over the cap whose stock window ended give their stock back
 * (each under its lock, so an approver deciding at that moment is weighed before or after). Returns how many did.
 */
export async function releaseApprovalHolds(deps: OrderDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.approvalStatus, 'awaiting'),
        lte(checkouts.approvalStockUntil, now),
        gt(checkouts.approvalExpiresAt, now),
        sql`exists (select 1 from orders o where o.checkout_id = ${checkouts.id} and o.order_status = 'Pending' and not o.payment_status and o.backordered_quantity < o.quantity)`,
      ),
    )
    .orderBy(asc(checkouts.approvalStockUntil))
    .limit(BATCH);
  let released = 0;
  for (const { id } of due) {
    const changed = await deps.db.transaction(async (tx) => {
      const { co, lines } = await lockCheckout(tx, id);
      const after = await releaseApprovalStock(tx, deps, co, lines, now);
      return after.some((l, i) => l !== lines[i]);
    });
    if (changed) released++;
  }
  return released;
}
