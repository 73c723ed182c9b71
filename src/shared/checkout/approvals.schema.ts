import { z } from 'zod';
import { idSchema } from '../common/common.schema';
import { cursorParam, limitParam } from '../common/paging.schema';
import { centsToDollars, dollarsToCents, formatCents, hasAtMostTwoDecimals } from '@shared/common/money';

/**
 * Spending limits and approvals, trade accounts part 3 (docs/decisions/040-approvals-and-limits.md). A checkout over
 * its buyer's limit waits for one of the company's approvers. The API speaks dollars; the server keeps cents.
 */

export const approvalMessages = {
  awaiting: 'This checkout is waiting for approval and cannot be paid yet.',
  rejected: 'This checkout was rejected by an approver and cannot be paid.',
  approversOnly: 'Only an approver of this company can decide on a checkout.',
  ownCheckout: 'You cannot approve or reject your own checkout: another approver must decide.',
  alreadyDecided: (status: string) => `This checkout was already ${status}.`,
  tooLate: 'Approval took longer than the approval window; stock was released — check out again.',
  closed: 'This checkout is no longer open: it was cancelled or paid.',
  buyerLeft: 'The buyer has left the company: this checkout can only be rejected.',
  /** Approving a checkout whose stock was given back while it waited (over the shop's cap), with too little left. */
  stockGone: (product: string) =>
    `Not enough "${product}" is left in stock to approve this checkout: its stock was released while it waited for approval. Reject it so the buyer can order again, or approve once the product is restocked.`,
  /** Order Now has no approval step: over a limit, the buyer is sent to the cart, whose checkout can wait for one. */
  orderNowOverLimit: (reason: ApprovalReason, limitCents: number) =>
    `This order is ${approvalReasonText({ reason, limit: centsToDollars(limitCents) })}: add it to your cart and check out, so an approver of your company can approve it.`,
} as const;

export const approvalStatuses = ['awaiting', 'approved', 'rejected', 'expired'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];
export const approvalReasons = ['order', 'monthly'] as const;
export type ApprovalReason = (typeof approvalReasons)[number];

/** A limit in dollars: 0 (every checkout waits) up to 10 million; null = no limit. */
const limit = z
  .number({ error: 'must be an amount in dollars, or null for no limit' })
  .min(0, { error: 'must be at least 0' })
  .max(10_000_000, { error: 'must be at most 10,000,000' })
  .refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimals' })
  .nullable();

/** PUT /api/companies/{id}/members/{userId}/limits: both limits at once (null = no limit). */
export const memberLimitsSchema = z.strictObject({ orderLimit: limit, monthlyLimit: limit });
export type MemberLimits = z.infer<typeof memberLimitsSchema>;

/** POST /api/companies/{id}/approvals/{itemId}: an approver's decision, with a comment the buyer reads. */
export const approvalDecisionSchema = z.strictObject({
  decision: z.enum(['approve', 'reject'], { error: 'must be approve or reject' }),
  comment: z
    .string({ error: 'must be text' })
    .trim()
    .max(1000, { error: 'must be at most 1000 characters' })
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ApprovalDecision = z.input<typeof approvalDecisionSchema>;

export const approvalQuerySchema = z.object({
  limit: limitParam(25),
  cursor: cursorParam,
  /** awaiting (default): those still open; all: every checkout of the company that needed approval. */
  status: z.enum(['awaiting', 'all'], { error: 'must be awaiting or all' }).default('awaiting'),
});
export type ApprovalQuery = z.input<typeof approvalQuerySchema>;

export const approvalParamsSchema = z.object({ id: idSchema, itemId: idSchema });

/** A checkout that needed approval, as the company's approvers and admins (and the shop's admins) see it. */
export const approvalSchema = z.object({
  /** The checkout's id: one approval per checkout. */
  _id: z.string(),
  companyId: z.string(),
  status: z.enum(approvalStatuses),
  reason: z.enum(approvalReasons),
  /** @deprecated Dollars; read `limitCents` (docs/decisions/050-one-money-type.md). */
  limit: z.number(),
  /** @deprecated Dollars; read `spentThisMonthCents`. */
  spentThisMonth: z.number(),
  /** @deprecated Dollars; read `totalCents`. */
  total: z.number(),
  /** The limit the checkout went over. */
  limitCents: z.number().int(),
  /** The buyer's month-to-date spend before this checkout. */
  spentThisMonthCents: z.number().int(),
  /** What the checkout charges: goods, shipping and tax. */
  totalCents: z.number().int(),
  buyer: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
  poNumber: z.string().nullable(),
  address: z.string(),
  createdAt: z.string(),
  /** When the checkout stops holding its stock if nobody decides (approval does not extend it). */
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  comment: z.string().nullable(),
  lines: z.array(
    z.object({
      productName: z.string(),
      quantity: z.number().int(),
      /** @deprecated Dollars; read `unitPriceCents`. */
      unitPrice: z.number(),
      /** @deprecated Dollars; read `totalCents`. */
      total: z.number(),
      unitPriceCents: z.number().int(),
      totalCents: z.number().int(),
      /** The line's order number (decision 049), shown as `#1001`. */
      orderNumber: z.number().int(),
    }),
  ),
});
export type Approval = z.infer<typeof approvalSchema>;
export const approvalListSchema = z.array(approvalSchema);

/** The approval part of a checkout, for its buyer: what waits, and an approver's comment when decided. */
export const checkoutApprovalSchema = z.object({
  status: z.enum(['awaiting', 'approved', 'rejected']),
  reason: z.enum(approvalReasons),
  /** @deprecated Dollars; read `limitCents`. */
  limit: z.number(),
  limitCents: z.number().int(),
  decidedAt: z.string().nullable(),
  comment: z.string().nullable(),
});
export type CheckoutApproval = z.infer<typeof checkoutApprovalSchema>;

export const approvalReasonText = (a: { reason: ApprovalReason; limit: number }) =>
  a.reason === 'order'
    ? `over the per-order limit of ${formatCents(dollarsToCents(a.limit))}`
    : `over the monthly limit of ${formatCents(dollarsToCents(a.limit))}`;
