/**
 * The card payment provider behind the shop: the built-in test-mode processor by default,
 * Stripe when STRIPE_SECRET_KEY/STRIPE_PUBLISHABLE_KEY are set. Amounts are integer cents in USD.
 */
export interface ProviderIntent {
  /** The provider's intent id; it is the order's transactionId once paid. */
  id: string;
  clientSecret: string;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'succeeded'
    | 'canceled';
  amountCents: number;
  currency: string;
  /** The order this intent was created for (metadata.orderId on Stripe); null for a checkout's. */
  orderId: string | null;
  /** The checkout this intent was created for (metadata.checkoutId on Stripe); null for an order's. */
  checkoutId: string | null;
  /** The payment of account invoices this intent was made for (metadata.accountPaymentId on Stripe), if any. */
  accountPaymentId?: string | null;
}

/** What an intent pays: exactly one order, one checkout or one payment of a company's account invoices. */
export type Payable =
  | { orderId: string; checkoutId?: undefined; accountPaymentId?: undefined }
  | { checkoutId: string; orderId?: undefined; accountPaymentId?: undefined }
  | { accountPaymentId: string; orderId?: undefined; checkoutId?: undefined };

/** A refund as the provider reports it; only `succeeded` means the money is back with the customer. */
export interface ProviderRefund {
  id: string;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled' | 'requires_action';
  amountCents: number;
}

export interface PaymentProvider {
  kind: 'test' | 'stripe';
  publishableKey: string | null;
  /**
   * Creates (or returns the existing) intent for this order or checkout and amount. Idempotent per order (checkout)
   * and amount, so a double click or a retry never creates a second charge.
   */
  createIntent(input: Payable & { amountCents: number; email: string }): Promise<ProviderIntent>;
  /** The provider's current view of an intent; null when it does not exist. */
  retrieveIntent(intentId: string): Promise<ProviderIntent | null>;
  /**
   * Gives back `amountCents` of a succeeded intent. Idempotent per key: the same key again returns the first
   * refund instead of refunding twice. Throws AppError 503 when the provider cannot be reached.
   */
  refund(intentId: string, amountCents: number, idempotencyKey: string): Promise<ProviderRefund>;
  /**
   * Cancels an intent that has not succeeded, so it can never be paid. Returns the intent as it ends up: `canceled`,
   * or `succeeded` when the payment got there first (or `processing`, when it is too late to cancel but not paid yet).
   */
  cancelIntent(intentId: string): Promise<ProviderIntent>;
}
