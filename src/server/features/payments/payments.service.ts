import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaymentIntent, TestCardConfirm } from '@shared/payments/payments.schema';
import { orders } from '../../db/schema';
import { countOrderPaid } from '../../lib/metrics';
import { AppError, fieldError } from '../../lib/errors';
import type { SessionUser } from '../../plugins/auth-guard';
import { isPastWindow } from '../orders/orders.holds';
import { orderMail } from '../orders/orders.mail';
import { getOrder, markOrderPaid, totalCents, type OrderRow } from '../orders/orders.service';
import { checkTestCard, findTestIntentBySecret, setTestIntentStatus } from './test-provider';

/** POST /make-payment: an intent for the stored order's amount (never an amount from the caller). */
export async function createPayment(
  app: FastifyInstance,
  actor: SessionUser,
  orderId: string,
): Promise<PaymentIntent> {
  const { db } = app.database;
  const row = await getOrder(db, actor, orderId);
  if (row.paymentStatus) throw new AppError('conflict', 'This order is already paid.');
  const status = isPastWindow(row, app.config.orderExpiryMs) ? 'Expired' : row.orderStatus;
  if (status !== 'Pending')
    throw new AppError('conflict', `This order is ${status.toLowerCase()} and can no longer be paid.`);
  const intent = await app.payments.createIntent({
    orderId: row.id,
    amountCents: totalCents(row),
    email: row.email,
  });
  await db.update(orders).set({ paymentIntentId: intent.id }).where(eq(orders.id, row.id));
  return {
    clientSecret: intent.clientSecret,
    provider: app.payments.kind,
    publishableKey: app.payments.publishableKey,
    amount: intent.amountCents / 100,
  };
}

/**
 * Marks an order paid only when the provider says the intent succeeded, for this order, for this amount.
 * Used by PUT /order/{id} (the browser after paying) and by the Stripe webhook; both may arrive, in any order.
 */
export async function confirmOrderPayment(
  app: FastifyInstance,
  p: { orderId: string; transactionId: string; phone?: string | undefined },
  actor?: SessionUser,
): Promise<OrderRow> {
  const intent = await app.payments.retrieveIntent(p.transactionId);
  if (!intent || intent.orderId !== p.orderId)
    throw fieldError('bad_request', 'transactionId', 'no payment for this order has this id');
  if (intent.status !== 'succeeded') throw new AppError('payment_required', 'The payment has not succeeded.');
  if (intent.currency.toLowerCase() !== 'usd')
    throw fieldError('bad_request', 'transactionId', 'the payment currency does not match');
  const { row, changed } = await markOrderPaid(
    app.database.db,
    { orderId: p.orderId, transactionId: intent.id, amountCents: intent.amountCents, phone: p.phone },
    actor,
  );
  if (changed) {
    countOrderPaid();
    void sendOrderMail(app, 'paid', row);
  }
  return row;
}

/** The built-in test processor's card confirmation (what Stripe.js's confirmCardPayment does against Stripe). */
export async function confirmTestCard(
  app: FastifyInstance,
  actor: SessionUser,
  input: TestCardConfirm,
): Promise<string> {
  if (app.payments.kind !== 'test')
    throw new AppError('not_found', 'The test-mode processor is not in use: pay through Stripe.');
  const { db } = app.database;
  const intent = await findTestIntentBySecret(db, input.clientSecret);
  const row = await getOrder(db, actor, intent.orderId);
  if (intent.status === 'succeeded') return intent.id;
  // Never take money for an order that can no longer be fulfilled.
  if (row.paymentStatus || row.orderStatus !== 'Pending' || isPastWindow(row, app.config.orderExpiryMs))
    throw new AppError('conflict', 'This order can no longer be paid.');
  try {
    checkTestCard(input);
  } catch (err) {
    if (err instanceof AppError)
      await setTestIntentStatus(db, intent.id, 'requires_payment_method', err.message);
    throw err;
  }
  await setTestIntentStatus(db, intent.id, 'succeeded', null);
  return intent.id;
}

export function sendOrderMail(app: FastifyInstance, kind: Parameters<typeof orderMail>[0], row: OrderRow) {
  return app.mailer
    .send(orderMail(kind, row, app.config.shop.name, app.config.baseUrl))
    .catch((err: unknown) => app.log.error({ err, order: row.id, kind }, 'could not send order mail'));
}
