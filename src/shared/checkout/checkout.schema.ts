import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';
import { messages } from '@shared/messages';
import { orderSchema } from '@shared/orders/orders.schema';
import { deliveryChoiceSchema, deliveryViewShape } from '@shared/orders/delivery.schema';
import { checkoutApprovalSchema } from './approvals.schema';

/**
 * A checkout pays a whole cart at once. Its lines are ordinary, spec-shaped orders (one per product) that carry the
 * checkout's id; they share its delivery details, its one payment and its transaction id. Delivery and reviews stay
 * per line, through the spec's order calls.
 */

export const checkoutMessages = {
  emptyCart: 'Your cart is empty.',
  linesProblem: 'Some lines of your cart cannot be ordered as they are: nothing was ordered.',
  notUnpaid: 'This checkout is no longer waiting for payment.',
  lineOfCheckout: 'This order is a line of a checkout: pay or cancel the checkout.',
  paidCannotCancel: 'A paid checkout can no longer be cancelled.',
  nothingToRefund:
    'Nothing to refund: every line of this checkout is unpaid, delivered, cancelled or refunded already.',
} as const;

/** awaiting_approval: over the buyer's spending limit, held until an approver decides; rejected: closed by one. */
export const checkoutStatuses = [
  'unpaid',
  'paid',
  'cancelled',
  'expired',
  'awaiting_approval',
  'rejected',
] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];

const optionalText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .optional()
    .transform((v) => (v ? v : undefined));

/** POST /api/checkout/{email}: the delivery details for every line of the caller's cart. */
export const checkoutCreateSchema = z.object({
  number: z
    .string({ error: messages.numberRequired })
    .trim()
    .min(1, { error: messages.numberRequired })
    .max(30, { error: 'must be at most 30 characters' })
    .regex(/^[+\d\s().-]*$/, { error: 'must be a phone number' }),
  address: z
    .string({ error: messages.addressRequired })
    .trim()
    .min(1, { error: messages.addressRequired })
    .max(300, { error: 'must be at most 300 characters' }),
  company: optionalText(200),
  poNumber: optionalText(100),
  ...deliveryChoiceSchema.shape,
  /**
   * A location of the caller's company (decision 039): the sale ships to its address (instead of `shipTo`) and is
   * taxed with its exemption when that covers the state.
   */
  locationId: z.uuid({ error: 'must be a location id' }).optional(),
});
export type CheckoutCreate = z.input<typeof checkoutCreateSchema>;

export const checkoutSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  number: z.string(),
  address: z.string(),
  company: z.string().nullable(),
  poNumber: z.string().nullable(),
  /** unpaid until its one payment; cancelled or expired releases every line's stock. */
  status: z.enum(checkoutStatuses),
  /** Sum of the lines' totals in dollars: goods (`subtotal`) + `shipping` + `tax`. */
  total: z.number(),
  /** `total` in whole cents. */
  totalCents: z.number().int(),
  /** Money refunded (or being refunded) so far over all lines, in cents (docs/decisions/053-partial-refunds.md). */
  refundedCents: z.number().int().optional(),
  ...deliveryViewShape,
  transactionId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  /** When an unpaid checkout stops holding stock (all its lines expire together). */
  expiresAt: z.iso.datetime().nullable(),
  lines: z.array(orderSchema),
  /** Null when the checkout was within the buyer's limits (docs/decisions/040-approvals-and-limits.md). */
  approval: checkoutApprovalSchema.nullable(),
  /**
   * When the approvers' time runs out (docs/decisions/054-approval-window.md): set while the checkout awaits approval
   * and kept afterwards; null when none was needed (or requested before the approval window existed).
   */
  approvalExpiresAt: z.iso.datetime().nullable(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

/** 409 from POST /api/checkout/{email} when a line breaks a rule: every line's problem, nothing reserved. */
export const checkoutLinesProblemSchema = z.object({
  statusCode: z.literal(409),
  error: z.string(),
  message: z.string(),
  lines: z.array(z.object({ productId: idSchema, name: z.string(), problem: z.string() })),
});
/** One line a checkout refused, and why. */
export type CheckoutLineProblem = z.infer<typeof checkoutLinesProblemSchema>['lines'][number];

const refusedLinesSchema = z.object({
  lines: z.array(z.object({ productId: z.string(), name: z.string(), problem: z.string() })),
});

/**
 * The refused lines of an error body (a checkout's or a quote accept's 409), or undefined for any other body. A
 * reader's check, lenient on the rest of the body: only the lines are read.
 */
export const refusedLinesOf = (body: unknown): CheckoutLineProblem[] | undefined =>
  refusedLinesSchema.safeParse(body).data?.lines;

export const checkoutParamsSchema = z.object({ id: idSchema });

/** PUT /api/checkout/{id}: marks the checkout (all its lines) paid once the provider confirms the intent. */
export const checkoutPaySchema = z.object({
  transactionId: z.string().trim().min(1, { error: 'is required' }).max(200),
});

/** PUT /api/checkout/{id}: the paid checkout. */
export const checkoutPaidSchema = z.object({ acknowledged: z.literal(true), checkout: checkoutSchema });
