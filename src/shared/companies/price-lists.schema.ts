import { z } from 'zod';
import { csvProblemSchema } from '../common/csv.schema';
import { hasAtMostTwoDecimals } from '@shared/common/money';

/**
 * Contract prices, trade accounts part 2 (docs/decisions/039-trade-accounts.md): a company's price lists and their
 * rules, managed by the shop's admins. The API speaks dollars and percentages; the server keeps cents and hundredths
 * of a percent.
 */

export const MAX_PRICE_LISTS = 100;
export const MAX_PRICE_RULES = 500;

export const priceListMessages = {
  nameTaken: 'A price list of this company already has this name.',
  endsBeforeStart: 'must not be before validFrom',
} as const;

const day = z.iso.date({ error: 'must be a date (YYYY-MM-DD)' });

const percentOff = z
  .number({ error: 'is required' })
  .gt(0, { error: 'must be more than 0' })
  .lt(100, { error: 'must be less than 100' })
  .refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimals' });

/** One rule: a SKU's fixed unit price (dollars), or a percentage off a category (with descendants) or a brand. */
export const priceRuleInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('sku'),
      sku: z
        .string({ error: 'is required' })
        .trim()
        .toUpperCase()
        .min(1, { error: 'is required' })
        .max(64, { error: 'must be at most 64 characters' }),
      price: z
        .number({ error: 'is required' })
        .min(0.01, { error: 'must be at least 0.01' })
        .max(1_000_000, { error: 'must be at most 1,000,000' })
        .refine(hasAtMostTwoDecimals, { error: 'must have at most 2 decimals' }),
    }),
    z.strictObject({
      kind: z.literal('category'),
      /** The category's slug, as the catalogue's URLs name it. */
      category: z
        .string({ error: 'is required' })
        .trim()
        .toLowerCase()
        .min(1, { error: 'is required' })
        .max(120, { error: 'must be at most 120 characters' }),
      percentOff,
    }),
    z.strictObject({
      kind: z.literal('brand'),
      brand: z
        .string({ error: 'is required' })
        .trim()
        .min(1, { error: 'is required' })
        .max(80, { error: 'must be at most 80 characters' }),
      percentOff,
    }),
  ],
  { error: 'must be sku, category or brand' },
);
export type PriceRuleInput = z.infer<typeof priceRuleInputSchema>;

/** What a list may name only once: a SKU, a category, or a brand in any case. */
export const priceRuleKey = (r: PriceRuleInput) =>
  r.kind === 'sku'
    ? `sku:${r.sku}`
    : r.kind === 'category'
      ? `category:${r.category}`
      : `brand:${r.brand.toLowerCase()}`;

export const priceListInputSchema = z
  .strictObject({
    name: z
      .string({ error: 'is required' })
      .trim()
      .min(1, { error: 'is required' })
      .max(80, { error: 'must be at most 80 characters' }),
    validFrom: day,
    /** The last day the list applies (included); null: open-ended. */
    validTo: day.nullable().optional(),
    rules: z
      .array(priceRuleInputSchema, { error: 'must be a list of rules' })
      .max(MAX_PRICE_RULES, { error: `must have at most ${MAX_PRICE_RULES} rules` })
      .refine((r) => new Set(r.map(priceRuleKey)).size === r.length, {
        error: 'names the same SKU, category or brand more than once',
      }),
  })
  .superRefine((v, ctx) => {
    if (v.validTo && v.validTo < v.validFrom)
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: priceListMessages.endsBeforeStart });
  });
export type PriceListInput = z.infer<typeof priceListInputSchema>;

export const priceRuleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('sku'),
    productId: z.string(),
    sku: z.string(),
    name: z.string(),
    /** @deprecated Dollars; read `listPriceCents` (docs/decisions/050-one-money-type.md). */
    listPrice: z.number(),
    /** @deprecated Dollars; read `priceCents`. */
    price: z.number(),
    /** The product's own unit price. */
    listPriceCents: z.number().int(),
    /** The contract's unit price for this SKU. */
    priceCents: z.number().int(),
  }),
  z.object({
    kind: z.literal('category'),
    categoryId: z.string(),
    category: z.string(),
    categoryName: z.string(),
    percentOff: z.number(),
  }),
  z.object({ kind: z.literal('brand'), brand: z.string(), percentOff: z.number() }),
]);
export type PriceRule = z.infer<typeof priceRuleSchema>;

export const priceListSchema = z.object({
  _id: z.string(),
  name: z.string(),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  /** Whether the list applies today. */
  current: z.boolean(),
  rules: z.array(priceRuleSchema),
  createdAt: z.string(),
});
export type PriceList = z.infer<typeof priceListSchema>;
export const priceListListSchema = z.array(priceListSchema);

/**
 * A price list as CSV (docs/decisions/039-trade-accounts.md, "Price lists as CSV"): one row per rule, in this
 * column order. `kind` may be left empty when exactly one of sku, category and brand is filled; a SKU rule has a
 * `price` in dollars (as the catalogue CSV), a category or brand rule a `percent_off`.
 */
export const priceListCsvColumns = ['kind', 'sku', 'category', 'brand', 'price', 'percent_off'] as const;
export type PriceListCsvColumn = (typeof priceListCsvColumns)[number];

/** The largest price list CSV an import reads: MAX_PRICE_RULES rows fit in it many times over. */
export const MAX_PRICE_LIST_CSV_BYTES = 1024 * 1024;

/**
 * The row report of a price list import. The import is all or nothing: `done` means the list's rules are now the
 * file's; `rejected` means some row is bad, every bad row is listed and the list was left as it was.
 */
export const priceListImportSchema = z.object({
  status: z.enum(['done', 'rejected']),
  /** Data rows read (the header and empty lines not counted). */
  rows: z.number().int(),
  /** Rules the list now has from the file (0 when rejected). */
  imported: z.number().int(),
  /** Rules the list had before; replaced when done, still in force when rejected. */
  replaced: z.number().int(),
  /** Bad rows. */
  rejected: z.number().int(),
  problems: z.array(csvProblemSchema),
  message: z.string(),
});
export type PriceListImport = z.infer<typeof priceListImportSchema>;

/** The export: CSV text (UTF-8 with a byte order mark), documented as a string. */
export const priceListCsvSchema = z
  .string()
  .describe(`CSV with the columns ${priceListCsvColumns.join(',')}`);
