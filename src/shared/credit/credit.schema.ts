import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';
import { cursorParam, limitParam } from '@shared/common/paging.schema';
import { paymentIntentSchema } from '@shared/payments/payments.schema';
import { checkoutSchema } from '@shared/checkout/checkout.schema';

/** Trade accounts, part 4 (docs/decisions/041-paying-on-account.md): terms, credit, paying on account, statements. */

export const NET_DAYS = [15, 30, 60] as const;
export type NetDays = (typeof NET_DAYS)[number];

/** The most credit a company can be given: $10 million, far inside an integer column. */
export const MAX_CREDIT_LIMIT_CENTS = 1_000_000_000;

export const creditMessages = {
  noTerms: 'Your company has no payment terms: please pay by card.',
  notBuyer: 'Only a company admin or buyer can pay on account.',
  notCompanyCheckout: 'This checkout was not placed for your company: please pay it by card.',
  notOwner: 'Only the buyer who placed this checkout can pay it on account.',
  statementAccess: 'Only company admins and buyers can see the statement.',
  onHold: (days: number) =>
    `Your company is on credit hold: an invoice is more than ${days} days overdue. Please pay by card, or pay the overdue invoices first.`,
  overCredit: (total: string, available: string) =>
    `This checkout (${total}) is over your company's available credit (${available}): please pay by card.`,
  overpaid: (number: string, open: string) => `is more than what is left to pay on ${number} (${open})`,
} as const;

export const termsInputSchema = z.strictObject({
  netDays: z.union([z.literal(15), z.literal(30), z.literal(60)], { error: 'must be 15, 30 or 60' }),
  creditLimitCents: z
    .number({ error: 'must be a number of cents' })
    .int({ error: 'must be a whole number of cents' })
    .min(0, { error: 'must be at least 0' })
    .max(MAX_CREDIT_LIMIT_CENTS, { error: `must be at most ${MAX_CREDIT_LIMIT_CENTS}` }),
});
export type TermsInput = z.infer<typeof termsInputSchema>;

/** A company's account as its admins and buyers (and the shop's admins) see it. */
export const accountSummarySchema = z.object({
  companyId: idSchema,
  companyName: z.string(),
  terms: z.object({ netDays: z.number().int(), creditLimitCents: z.number().int() }).nullable(),
  /** Unpaid account invoices, overdue ones included. */
  openCents: z.number().int(),
  overdueCents: z.number().int(),
  /** Credit limit less the open invoices (never below 0). */
  availableCents: z.number().int(),
  onHold: z.boolean(),
  /** Why paying on account is refused now (no terms, credit hold), or null. */
  holdReason: z.string().nullable(),
  /** How many days overdue an invoice puts the company on credit hold (CREDIT_HOLD_DAYS). */
  holdAfterDays: z.number().int(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const statementStatuses = ['open', 'overdue', 'paid'] as const;
export type StatementStatus = (typeof statementStatuses)[number];

export const statementQuerySchema = z.object({
  /** open: every unpaid invoice (the overdue ones too); overdue: unpaid past the due date; paid. */
  status: z.enum(statementStatuses, { error: 'must be open, overdue or paid' }).default('open'),
  limit: limitParam(25),
  cursor: cursorParam,
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const statementLineSchema = z.object({
  /** The invoice's id. */
  _id: idSchema,
  number: z.string(),
  checkoutId: idSchema,
  /** The checkout's orders' numbers, ascending (decision 049), shown as `#1004–#1006`. */
  orderNumbers: z.array(z.number().int()),
  issuedAt: z.iso.datetime(),
  dueDate: z.iso.date(),
  netDays: z.number().int(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  openCents: z.number().int(),
  status: z.enum(statementStatuses),
  daysOverdue: z.number().int(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  pdfUrl: z.string(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;
export const statementPageSchema = z.array(statementLineSchema);

export const allocationsSchema = z
  .array(
    z.strictObject({
      invoiceId: idSchema,
      amountCents: z
        .number({ error: 'must be a number of cents' })
        .int({ error: 'must be a whole number of cents' })
        .min(1, { error: 'must be at least 1 cent' })
        .max(MAX_CREDIT_LIMIT_CENTS, { error: `must be at most ${MAX_CREDIT_LIMIT_CENTS}` }),
    }),
    { error: 'must be a list of invoices and amounts' },
  )
  .min(1, { error: 'must name at least one invoice' })
  .max(50, { error: 'must name at most 50 invoices' })
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((a, i) => {
      if (seen.has(a.invoiceId))
        ctx.addIssue({ code: 'custom', path: [i, 'invoiceId'], message: 'is named twice' });
      seen.add(a.invoiceId);
    });
  });
export type Allocations = z.infer<typeof allocationsSchema>;

export const cardPaymentInputSchema = z.strictObject({ allocations: allocationsSchema });

export const bankTransferInputSchema = z.strictObject({
  allocations: allocationsSchema,
  reference: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(100, { error: 'must be at most 100 characters' }),
  receivedOn: z.iso.date({ error: 'must be a date (YYYY-MM-DD)' }),
});
export type BankTransferInput = z.infer<typeof bankTransferInputSchema>;

export const accountPaymentSchema = z.object({
  _id: idSchema,
  method: z.enum(['card', 'bank_transfer']),
  status: z.enum(['pending', 'succeeded', 'refunding', 'refunded', 'cancelled']),
  amountCents: z.number().int(),
  transactionId: z.string().nullable(),
  reference: z.string().nullable(),
  receivedOn: z.iso.date().nullable(),
  createdAt: z.iso.datetime(),
  allocations: z.array(z.object({ invoiceId: idSchema, number: z.string(), amountCents: z.number().int() })),
});
export type AccountPayment = z.infer<typeof accountPaymentSchema>;

/** A card payment started: the payment's id and its intent, confirmed by the card form like a checkout's. */
export const cardPaymentStartedSchema = z.object({ paymentId: idSchema, intent: paymentIntentSchema });
export type CardPaymentStarted = z.infer<typeof cardPaymentStartedSchema>;

export const cardPaymentConfirmSchema = z.strictObject({
  transactionId: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(200),
});

export const companyParamsSchema = z.object({ id: idSchema });
export const paymentParamsSchema = z.object({ id: idSchema, paymentId: idSchema });
export const checkoutParamsSchema = z.object({ id: idSchema });

/** Whether the caller may pay this checkout on account now, and if not why (shown beside a disabled button). */
export const accountOptionSchema = z.object({
  /** False: the caller's company has no terms (or they have no company): the pay page offers only the card. */
  offered: z.boolean(),
  allowed: z.boolean(),
  reason: z.string().nullable(),
  totalCents: z.number().int(),
  availableCents: z.number().int(),
  netDays: z.number().int().nullable(),
});
export type AccountOption = z.infer<typeof accountOptionSchema>;

export const paidOnAccountSchema = z.object({
  acknowledged: z.literal(true),
  checkout: checkoutSchema,
  invoice: z.object({ _id: idSchema, number: z.string(), dueDate: z.iso.date() }),
});

export const acknowledgedSchema = z.object({ acknowledged: z.literal(true) });
