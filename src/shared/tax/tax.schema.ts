import { z } from 'zod';
import { stateCodeSchema } from '../shipping/shipping.schema';

/**
 * The admin's sales-tax table (docs/decisions/037-shipping-and-tax.md, "Admin tables"). The API speaks percent with
 * up to 4 decimals (8.25); the server stores parts per million (82 500), so every allowed percent converts exactly.
 */

/** The highest rate the table takes: no US combined rate comes near it. */
export const MAX_TAX_PERCENT = 20;

/** Parts per million of a percent with at most 4 decimals (exact: 8.25 → 82 500). */
export const percentToPpm = (percent: number) => Math.round(percent * 10_000);
/** The percent of a ppm rate (82 500 → 8.25). */
export const ppmToPercent = (ppm: number) => ppm / 10_000;

const hasAtMost4Decimals = (n: number) => Math.abs(n * 10_000 - Math.round(n * 10_000)) < 1e-6;

export const taxPercentSchema = z
  .number({ error: 'must be a number (percent)' })
  .min(0, { error: 'must be at least 0' })
  .max(MAX_TAX_PERCENT, { error: `must be at most ${MAX_TAX_PERCENT}` })
  .refine(hasAtMost4Decimals, { error: 'must have at most 4 decimals' });

/** One rate: a state's own (zipPrefix '') or a ZIP prefix's within it; the longest matching prefix wins. */
export const taxRateSchema = z.object({
  state: stateCodeSchema,
  zipPrefix: z
    .string({ error: 'must be text' })
    .trim()
    .regex(/^\d{0,5}$/, { error: 'must be empty (the whole state) or 1 to 5 digits' })
    .default(''),
  ratePercent: taxPercentSchema,
  shippingTaxable: z.boolean({ error: 'must be true or false' }).default(false),
});
export type TaxRate = z.output<typeof taxRateSchema>;

/** PUT /api/tax/rates: the whole table, each (state, ZIP prefix) once. A state left out collects no tax. */
export const taxRatesInputSchema = z
  .strictObject({
    rates: z.array(taxRateSchema, { error: 'must be a list of rates' }).max(5000, { error: 'too many rows' }),
  })
  .superRefine((b, ctx) => {
    const seen = new Map<string, number>();
    b.rates.forEach((r, i) => {
      const key = `${r.state}/${r.zipPrefix}`;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, i);
      else
        ctx.addIssue({
          code: 'custom',
          path: ['rates', i, 'zipPrefix'],
          message: `repeats row ${first + 1} (${r.state}${r.zipPrefix ? ` ${r.zipPrefix}` : ', whole state'})`,
        });
    });
  });
export type TaxRatesInput = z.input<typeof taxRatesInputSchema>;

/** GET and PUT /api/tax/rates: the table by state, the state's own row before its ZIP prefixes. */
export const taxRatesSchema = z.object({ rates: z.array(taxRateSchema) });
export type TaxRates = z.output<typeof taxRatesSchema>;
