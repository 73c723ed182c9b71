export const paymentKeys = {
  intent: (orderId: string, total: number | undefined) => ['payment-intent', orderId, total] as const,
};
