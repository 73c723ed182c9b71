import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';

/**
 * POST /api/make-payment: an intent for one order (`orderId`, the spec's shape) or one checkout (`checkoutId`), never
 * both. The amount comes from what is stored, never from the body (`total` is ignored).
 */
export const paymentIntentRequestSchema = z
  .object({ orderId: idSchema.optional(), checkoutId: idSchema.optional(), total: z.number().optional() })
  .superRefine((v, ctx) => {
    if (v.orderId !== undefined && v.checkoutId !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['checkoutId'],
        message: 'give an orderId or a checkoutId, not both',
      });
    else if (v.orderId === undefined && v.checkoutId === undefined)
      ctx.addIssue({ code: 'custom', path: ['orderId'], message: 'is required (or a checkoutId)' });
  });
export type PaymentIntentRequest = z.infer<typeof paymentIntentRequestSchema>;

export const paymentIntentSchema = z.object({
  clientSecret: z.string(),
  /** 'test': the built-in test-mode processor; 'stripe': Stripe with the publishable key. */
  provider: z.enum(['test', 'stripe']),
  publishableKey: z.string().nullable(),
  /** @deprecated Dollars; read `amountCents` (docs/decisions/050-one-money-type.md). Kept while clients move. */
  amount: z.number(),
  /** The amount the intent takes, in whole cents. */
  amountCents: z.number().int(),
});
export type PaymentIntent = z.infer<typeof paymentIntentSchema>;

/** POST /api/payments/test/confirm: the built-in test processor's card confirmation (Stripe's confirmCardPayment). */
export const testCardConfirmSchema = z.object({
  clientSecret: z.string().min(1),
  cardNumber: z.string().trim().min(1, { error: 'Card number is required' }),
  expiry: z.string().trim().min(1, { error: 'Expiry is required' }),
  cvc: z.string().trim().min(1, { error: 'CVC is required' }),
  name: z.string().max(200).optional(),
  email: z.string().max(200).optional(),
  phone: z.string().max(30).optional(),
});
export type TestCardConfirm = z.infer<typeof testCardConfirmSchema>;

export const testCardConfirmedSchema = z.object({
  status: z.literal('succeeded'),
  transactionId: z.string(),
});

/** Stripe's documented test cards, honoured by the built-in processor. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
} as const;
