import type { PaymentIntent, PaymentIntentRequest, TestCardConfirm } from '@shared/payments/payments.schema';
import type { Order } from '@shared/orders/orders.schema';
import { AppError, fieldError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db } from '../../infra/db';
import {
  getPayableCheckout,
  payCheckout,
  recordCheckoutIntent,
  type CheckoutPaymentConfirmation,
} from '../checkout/index';
import {
  getPayableOrder,
  payOrder,
  recordPaymentIntent,
  type OrderDeps,
  type PaymentConfirmation,
} from '../orders/index';
import {
  accountPaymentPayable,
  applyCardPayment,
  verifyAccountIntent,
  type CreditDeps,
} from '../credit/index';
import type { PaymentProvider } from './payment-provider';
import { checkTestCard, findTestIntentBySecret, setTestIntentStatus } from './test-provider';
import { centsToDollars } from '@shared/common/money';

/** What the payments service works with: the database, the payment provider, and the orders service's own deps. */
export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
  orders: OrderDeps;
  /** Card payments of account invoices (docs/decisions/041-paying-on-account.md). */
  credit: CreditDeps;
}

const toPaymentIntent = (deps: PaymentDeps, intent: { clientSecret: string; amountCents: number }) => ({
  clientSecret: intent.clientSecret,
  provider: deps.provider.kind,
  publishableKey: deps.provider.publishableKey,
  amount: centsToDollars(intent.amountCents),
  amountCents: intent.amountCents,
});

/** POST /make-payment: an intent for the stored order's or checkout's amount (never an amount from the caller). */
export async function createPayment(
  deps: PaymentDeps,
  actor: SessionUser,
  req: PaymentIntentRequest,
): Promise<PaymentIntent> {
  return req.checkoutId
    ? createCheckoutPayment(deps, actor, req.checkoutId)
    : createOrderPayment(deps, actor, req.orderId!);
}

async function createCheckoutPayment(deps: PaymentDeps, actor: SessionUser, checkoutId: string) {
  const checkout = await getPayableCheckout(deps.orders, actor, checkoutId);
  if (checkout.status === 'paid') throw new AppError('conflict', 'This checkout is already paid.');
  if (checkout.status !== 'unpaid')
    throw new AppError('conflict', `This checkout is ${checkout.status} and can no longer be paid.`);
  const intent = await deps.provider.createIntent({
    checkoutId,
    amountCents: checkout.amountCents,
    email: checkout.email,
  });
  await recordCheckoutIntent(deps.db, checkoutId, intent.id);
  return toPaymentIntent(deps, intent);
}

async function createOrderPayment(deps: PaymentDeps, actor: SessionUser, orderId: string) {
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
  return toPaymentIntent(deps, intent);
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

/** The same checks for a checkout's payment: this intent, for this checkout, succeeded, in USD. */
export async function verifyCheckoutPayment(
  provider: PaymentProvider,
  p: { checkoutId: string; transactionId: string },
): Promise<CheckoutPaymentConfirmation> {
  const intent = await provider.retrieveIntent(p.transactionId);
  if (!intent || intent.checkoutId !== p.checkoutId)
    throw fieldError('bad_request', 'transactionId', 'no payment for this checkout has this id');
  if (intent.status !== 'succeeded') throw new AppError('payment_required', 'The payment has not succeeded.');
  if (intent.currency.toLowerCase() !== 'usd')
    throw fieldError('bad_request', 'transactionId', 'the payment currency does not match');
  return { checkoutId: p.checkoutId, transactionId: intent.id, amountCents: intent.amountCents };
}

/** The Stripe webhook's path to a paid order: the same checks as the browser's PUT /order/{id}. */
export async function confirmOrderPayment(
  deps: PaymentDeps,
  p: { orderId: string; transactionId: string },
): Promise<Order> {
  return payOrder(deps.orders, await verifyPayment(deps.provider, p));
}

/** The Stripe webhook's path for an order or a checkout (whichever the intent's metadata names). */
export async function confirmPayment(
  deps: PaymentDeps,
  p: { orderId?: string; checkoutId?: string; accountPaymentId?: string; transactionId: string },
): Promise<void> {
  if (p.accountPaymentId) {
    const intent = await verifyAccountIntent(deps.credit, p.accountPaymentId, p.transactionId);
    await applyCardPayment(deps.credit, p.accountPaymentId, intent, {
      id: 'stripe-webhook',
      email: 'Stripe webhook',
    });
  } else if (p.checkoutId) {
    const { checkoutId, transactionId } = p;
    await payCheckout(deps.orders, await verifyCheckoutPayment(deps.provider, { checkoutId, transactionId }));
  } else if (p.orderId) {
    await confirmOrderPayment(deps, { orderId: p.orderId, transactionId: p.transactionId });
  }
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
  if (!intent.orderId && !intent.checkoutId && !intent.accountPaymentId)
    throw new AppError('not_found', 'No order is waiting for this payment.');
  const payable = await payableNow(deps, actor, intent);
  if (intent.status === 'succeeded') return intent.id;
  // Never take money for an order that can no longer be fulfilled.
  if (!payable) throw new AppError('conflict', 'This order can no longer be paid.');
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

/** Whether the test intent's order or checkout (its owner's or an admin's to pay) still waits for its payment. */
async function payableNow(
  deps: PaymentDeps,
  actor: SessionUser,
  intent: { orderId: string | null; checkoutId: string | null; accountPaymentId: string | null },
): Promise<boolean> {
  if (intent.accountPaymentId) return accountPaymentPayable(deps.db, actor, intent.accountPaymentId);
  if (intent.checkoutId)
    return (await getPayableCheckout(deps.orders, actor, intent.checkoutId)).status === 'unpaid';
  const order = await getPayableOrder(deps.orders, actor, intent.orderId!);
  return !order.paymentStatus && order.orderStatus === 'Pending';
}
