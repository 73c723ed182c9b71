import type { PaymentIntent, TestCardConfirm } from '@shared/payments/payments.schema';
import type { Order } from '@shared/orders/orders.schema';
import { AppError, fieldError } from '../../lib/errors';
import type { SessionUser } from '../../plugins/auth-guard';
import type { Db } from '../../plugins/db';
import {
  getPayableOrder,
  payOrder,
  recordPaymentIntent,
  type OrderDeps,
  type PaymentConfirmation,
} from '../orders/orders.service';
import type { PaymentProvider } from './payment-provider';
import { checkTestCard, findTestIntentBySecret, setTestIntentStatus } from './test-provider';

/** What the payments service works with: the database, the payment provider, and the orders service's own deps. */
export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
  orders: OrderDeps;
}

/** POST /make-payment: an intent for the stored order's amount (never an amount from the caller). */
export async function createPayment(
  deps: PaymentDeps,
  actor: SessionUser,
  orderId: string,
): Promise<PaymentIntent> {
  const order = await getPayableOrder(deps.orders, actor, orderId);
  if (order.paymentStatus) throw new AppError('conflict', 'This order is already paid.');
  if (order.orderStatus !== 'Pending')
    throw new AppError(
      'conflict',
      `This order is ${order.orderStatus.toLowerCase()} and can no longer be paid.`,
    );
  const intent = await deps.provider.createIntent({
    orderId: order.id,
    amountCents: order.amountCents,
    email: order.email,
  });
  await recordPaymentIntent(deps.db, order.id, intent.id);
  return {
    clientSecret: intent.clientSecret,
    provider: deps.provider.kind,
    publishableKey: deps.provider.publishableKey,
    amount: intent.amountCents / 100,
  };
}

/**
 * The provider's word on a payment: this intent exists, is for this order, succeeded, in USD. Returns what the
 * orders service needs to mark the order paid (it checks the amount against the order).
 */
export async function verifyPayment(
  provider: PaymentProvider,
  p: { orderId: string; transactionId: string },
): Promise<PaymentConfirmation> {
  const intent = await provider.retrieveIntent(p.transactionId);
  if (!intent || intent.orderId !== p.orderId)
    throw fieldError('bad_request', 'transactionId', 'no payment for this order has this id');
  if (intent.status !== 'succeeded') throw new AppError('payment_required', 'The payment has not succeeded.');
  if (intent.currency.toLowerCase() !== 'usd')
    throw fieldError('bad_request', 'transactionId', 'the payment currency does not match');
  return { orderId: p.orderId, transactionId: intent.id, amountCents: intent.amountCents };
}

/** The Stripe webhook's path to a paid order: the same checks as the browser's PUT /order/{id}. */
export async function confirmOrderPayment(
  deps: PaymentDeps,
  p: { orderId: string; transactionId: string },
): Promise<Order> {
  return payOrder(deps.orders, await verifyPayment(deps.provider, p));
}

/** The built-in test processor's card confirmation (what Stripe.js's confirmCardPayment does against Stripe). */
export async function confirmTestCard(
  deps: PaymentDeps,
  actor: SessionUser,
  input: TestCardConfirm,
): Promise<string> {
  if (deps.provider.kind !== 'test')
    throw new AppError('not_found', 'The test-mode processor is not in use: pay through Stripe.');
  const intent = await findTestIntentBySecret(deps.db, input.clientSecret);
  if (!intent.orderId) throw new AppError('not_found', 'No order is waiting for this payment.');
  const order = await getPayableOrder(deps.orders, actor, intent.orderId);
  if (intent.status === 'succeeded') return intent.id;
  // Never take money for an order that can no longer be fulfilled.
  if (order.paymentStatus || order.orderStatus !== 'Pending')
    throw new AppError('conflict', 'This order can no longer be paid.');
  try {
    checkTestCard(input);
  } catch (err) {
    if (err instanceof AppError)
      await setTestIntentStatus(deps.db, intent.id, 'requires_payment_method', err.message);
    throw err;
  }
  // Refused when the order was cancelled or expired meanwhile (its intent was cancelled first).
  if (!(await setTestIntentStatus(deps.db, intent.id, 'succeeded', null))) {
    const now = await deps.provider.retrieveIntent(intent.id);
    if (now?.status !== 'succeeded') throw new AppError('conflict', 'This order can no longer be paid.');
  }
  return intent.id;
}
