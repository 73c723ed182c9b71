import { queryOptions } from '@tanstack/react-query';
import type { PaymentIntent } from '@shared/payments/payments.schema';
import { api } from '@/lib/api-client';
import { paymentKeys } from '@/lib/query-keys/payments';

/** POST /api/make-payment: a payment intent for the order (the server takes the amount from the stored order). */
export const createPaymentIntent = (orderId: string, total: number) =>
  api<PaymentIntent>('/make-payment', { method: 'POST', body: JSON.stringify({ orderId, total }) });

/**
 * The intent is requested as soon as the total is known, once per visit of the payment page
 * (never from the cache of an earlier visit: a client secret belongs to one payment attempt).
 */
export const paymentIntentQueryOptions = (orderId: string, total: number | undefined) =>
  queryOptions({
    queryKey: paymentKeys.intent(orderId, total),
    queryFn: () => createPaymentIntent(orderId, total!),
    enabled: !!orderId && total !== undefined,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/** POST /api/make-payment for a checkout: one intent for every line of it (the amount is the checkout's total). */
export const createCheckoutPaymentIntent = (checkoutId: string) =>
  api<PaymentIntent>('/make-payment', { method: 'POST', body: JSON.stringify({ checkoutId }) });

/** The query of a checkout's intent, for the card payment (`CardPayment`'s `intent`). */
export const checkoutPaymentIntent = (checkoutId: string) => ({
  queryKey: paymentKeys.checkoutIntent(checkoutId),
  create: () => createCheckoutPaymentIntent(checkoutId),
});
