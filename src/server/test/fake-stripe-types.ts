/** The objects of the local fake Stripe API (fake-stripe.ts), shaped like Stripe's. */

/** What the fake received, for contract assertions. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  /** The form-encoded body, nested keys kept flat as sent (`metadata[orderId]`, `automatic_payment_methods[enabled]`). */
  form: Record<string, string>;
}

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
  metadata: Record<string, string>;
  receipt_email: string | null;
  automatic_payment_methods: { enabled: boolean; allow_redirects: string | null } | null;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  metadata: Record<string, string>;
  created: number;
}
