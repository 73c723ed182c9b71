export const paymentKeys = {
  intent: (orderId: string, total: number | undefined) => ['payment-intent', orderId, total] as const,
  /** A checkout's intent: the server takes the amount from the checkout, so the id is the whole key. */
  checkoutIntent: (checkoutId: string) => ['payment-intent', 'checkout', checkoutId] as const,
};
