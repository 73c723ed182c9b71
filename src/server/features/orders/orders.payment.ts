import { eq } from 'drizzle-orm';
import { checkoutMessages } from '@shared/checkout/checkout.schema';
import type { Order } from '@shared/orders/orders.schema';
import { orders } from '../../db/schema';
import { AppError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Tx } from '../../infra/db';
import { invoiceOrder } from './orders.invoicing';
import { sendOrderMail } from './orders.mail';
import { notifyOrderPaid } from './orders.staff';
import { checkoutOfLine, toOrder, type OrderDeps, type OrderRow } from './orders.model';
import { asLine, selectLines, type OrderLine } from './orders.line-delivery';
import { markPaid, pay, type PayablePayment, type Payable, type PaymentOutcome } from './orders.payable';

export interface PaymentConfirmation extends PayablePayment {
  orderId: string;
}

/** Locks an order's row (not its checkout's) and reads it with its delivery. */
export async function lockOrder(tx: Tx, id: string): Promise<OrderLine> {
  const [row] = await selectLines(tx).where(eq(orders.id, id)).for('update', { of: orders });
  if (!row) throw notFound('Order');
  return asLine(row);
}

export function assertOwnerOrAdmin(actor: SessionUser, row: OrderRow) {
  if (actor.role !== 'admin' && row.userId !== actor.id)
    throw new AppError('forbidden', 'This order belongs to another customer.');
}

/** A single order as a payable: its own head and only line, invoiced and mailed on its own. */
export function orderPayable(deps: OrderDeps, id: string): Payable<OrderRow> {
  return {
    noun: 'order',
    lock: async (tx) => {
      const row = await lockOrder(tx, id);
      return { head: row, lines: [row] };
    },
    check: (row, actor) => {
      if (actor) assertOwnerOrAdmin(actor, row);
      // A checkout's lines are paid together, as their checkout.
      if (checkoutOfLine(row) && !row.paymentStatus)
        throw new AppError('conflict', checkoutMessages.lineOfCheckout);
    },
    payment: (row) => ({
      paid: row.paymentStatus,
      transactionId: row.transactionId,
      intentId: row.paymentIntentId,
      number: row.number,
    }),
    owns: (intent) => intent.orderId === id,
    settle: async (tx, _row, [paid]) => {
      const invoice = await invoiceOrder(tx, deps, paid!);
      await sendOrderMail(deps.mail, 'paid', paid!, tx, invoice);
      await notifyOrderPaid(tx, deps.mail, paid!);
      return paid!;
    },
    paidCannotClose: 'A paid order can no longer be cancelled.',
  };
}

/** Applies a confirmed payment to its order (see markPaid); the order as it is afterwards. */
export async function markOrderPaid(
  deps: OrderDeps,
  { orderId, ...p }: PaymentConfirmation,
  actor?: SessionUser,
): Promise<{ row: OrderLine; outcome: PaymentOutcome }> {
  const { lines, outcome } = await markPaid(deps, orderPayable(deps, orderId), p, actor);
  return { row: lines[0]!, outcome };
}

/** Marks an order paid for a payment the provider confirmed (the payments feature checks the intent first). */
export async function payOrder(deps: OrderDeps, p: PaymentConfirmation, actor?: SessionUser): Promise<Order> {
  const { orderId, ...payment } = p;
  const { lines } = await pay(deps, orderPayable(deps, orderId), payment, actor);
  return toOrder(lines[0]!, deps.expiryMs);
}
