import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';
import { cursorParam, limitParam } from '@shared/common/paging.schema';
import { checkoutCreateSchema } from '@shared/checkout/checkout.schema';
import { destinationRatesRequestSchema } from '@shared/orders/delivery.schema';

/**
 * A request for quote: a customer asks for prices on quantities (possibly above stock) with a note and a wanted-by
 * date; an admin answers with a unit price per line and a validity date, or declines with a reason; the customer
 * accepts, which turns the lines into one checkout at the quoted prices (stock rules still apply).
 *
 *   requested → quoted → accepted
 *   requested → declined        quoted → declined        quoted → expired (past validUntil, seen on every read)
 */
export const quoteStatuses = ['requested', 'quoted', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const MAX_QUOTE_LINES = 50;
export const MAX_QUOTE_QUANTITY = 1_000_000;

export const quoteMessages = {
  notRequested: 'This quote has already been answered.',
  notQuoted: 'Only a quoted request can be accepted.',
  expired: 'This quote has expired: ask for a new one.',
  declined: 'This quote was declined.',
  linesMismatch: 'Give exactly one price for each line of the request.',
  accepted: 'This quote was already accepted.',
  notDeclinable: 'Only a requested or quoted quote can be declined.',
  duplicateProduct: 'must name each product once',
  pastDay: 'must be today or later',
  notYours: 'This quote belongs to another customer.',
  acceptOwnOnly: 'Only the customer who asked for this quote can accept it.',
  verifyFirst:
    'Please verify your email address before asking for a quote: follow the link in the verification mail we sent you.',
} as const;

/** A calendar day, YYYY-MM-DD (the shop's dates are UTC days). */
const day = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

/** POST /api/quotes: what the customer asks for. */
export const quoteRequestSchema = z.object({
  lines: z
    .array(
      z.object({
        productId: idSchema,
        quantity: z
          .number({ error: 'must be a whole number' })
          .int({ error: 'must be a whole number' })
          .min(1, { error: 'must be at least 1' })
          .max(MAX_QUOTE_QUANTITY, { error: `must be at most ${MAX_QUOTE_QUANTITY}` }),
      }),
      { error: 'must be a list of lines' },
    )
    .min(1, { error: 'must have at least one line' })
    .max(MAX_QUOTE_LINES, { error: `must have at most ${MAX_QUOTE_LINES} lines` }),
  note: z
    .string({ error: 'must be text' })
    .trim()
    .max(2000, { error: 'must be at most 2000 characters' })
    .optional(),
  /** Must not be in the past. */
  wantedBy: day.optional(),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

/** PUT /api/quotes/{id}/answer (admin): a unit price in dollars for every line, and until when the offer stands. */
export const quoteAnswerSchema = z.object({
  lines: z
    .array(
      z.object({
        productId: idSchema,
        unitPrice: z
          .number({ error: 'must be a number' })
          .positive({ error: 'must be above 0' })
          .max(1_000_000, { error: 'must be at most 1000000' }),
        /**
         * Days until units above the stock can ship (0–365): accepting the quote then backorders them at the quoted
         * price (decision 037). Without it, a line above the stock is refused on accepting, as before.
         */
        leadTimeDays: z
          .number({ error: 'must be a number' })
          .int({ error: 'must be a whole number' })
          .min(0, { error: 'must be 0 or more' })
          .max(365, { error: 'must be at most 365' })
          .nullable()
          .optional(),
      }),
    )
    .min(1, { error: 'must have at least one line' })
    .max(MAX_QUOTE_LINES),
  /** Today or later; the quote can be accepted until the end of that day (UTC). */
  validUntil: day,
});
export type QuoteAnswer = z.input<typeof quoteAnswerSchema>;

/** PUT /api/quotes/{id}/decline (admin). */
export const quoteDeclineSchema = z.object({
  reason: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(1000, { error: 'must be at most 1000 characters' }),
});

/** POST /api/quotes/{id}/accept (its customer): the checkout's delivery details; answers 201 with the Checkout. */
export const quoteAcceptSchema = checkoutCreateSchema;

/**
 * POST /api/quotes/{id}/shipping-rates (its customer): the ways the quoted lines ship to a ZIP, priced at the
 * quoted prices with their tax; answers the rates call's `Rates`.
 */
export const quoteRatesRequestSchema = destinationRatesRequestSchema;
export type QuoteRatesRequest = z.input<typeof quoteRatesRequestSchema>;

export const quoteLineSchema = z.object({
  productId: idSchema,
  productName: z.string(),
  quantity: z.number().int(),
  /** @deprecated Dollars; read `listPriceCents` (docs/decisions/050-one-money-type.md). */
  listPrice: z.number(),
  /** @deprecated Dollars; read `unitPriceCents`. */
  unitPrice: z.number().nullable(),
  /** The catalogue's unit price at this quantity now (price breaks and the customer's contract price). */
  listPriceCents: z.number().int(),
  /** The quoted unit price; null until answered. */
  unitPriceCents: z.number().int().nullable(),
  /** The quoted lead time for units above the stock, in days; null when none was given. */
  leadTimeDays: z.number().int().nullable().optional(),
});

export const quoteSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  status: z.enum(quoteStatuses),
  note: z.string().nullable(),
  wantedBy: z.string().nullable(),
  validUntil: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** @deprecated Dollars; read `totalCents` (docs/decisions/050-one-money-type.md). */
  total: z.number().nullable(),
  /** Sum of quantity × quoted unit price (goods only); null until answered. */
  totalCents: z.number().int().nullable(),
  /** The checkout the accepted quote became. */
  checkoutId: idSchema.nullable(),
  createdAt: z.iso.datetime(),
  answeredAt: z.iso.datetime().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  lines: z.array(quoteLineSchema),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteListSchema = z.array(quoteSchema);

/** GET /api/quotes: the caller's own quotes, or every customer's for an admin; newest first, paged by headers. */
export const quoteListQuerySchema = z.object({
  limit: limitParam(25),
  cursor: cursorParam,
  status: z.enum(quoteStatuses, { error: `must be one of ${quoteStatuses.join(', ')}` }).optional(),
});
export type QuoteListQuery = z.infer<typeof quoteListQuerySchema>;
