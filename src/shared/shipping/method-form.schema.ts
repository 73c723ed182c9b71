import { z } from 'zod';
import { centsToDollarText } from '../common/money';
import { dollarsTextSchema } from '../common/money.schema';
import { MAX_CENTS, freightRateSchema, parcelRateSchema, shippingMethodInputSchema } from './shipping.schema';

/**
 * The admin's shipping method form (docs/decisions/050-one-money-type.md): a person types dollars ("1,234.50"), the
 * one parser turns them into the cents the API keeps, then the API's own schema checks the method. The fields keep
 * the API's names, so a refusal naming `minChargeCents` lands beside the minimum charge.
 */
const dollars = dollarsTextSchema({ max: MAX_CENTS });
/** Empty means "none" (free shipping with no threshold is refused by the API's schema, with its own message). */
const optionalDollars = z
  .string()
  .transform((text) => (text.trim() === '' ? null : text))
  .pipe(dollars.nullable());

const { shape } = shippingMethodInputSchema;
type ShippingMethodValues = z.output<typeof shippingMethodInputSchema>;
export const shippingMethodFormSchema = z
  .object({
    ...shape,
    freeAboveCents: optionalDollars,
    minChargeCents: dollars,
    liftgateCents: dollars,
    residentialCents: dollars,
    parcelRates: z.array(parcelRateSchema.extend({ cents: dollars })),
    freightRates: z.array(freightRateSchema.extend({ centsPerCwt: dollars })),
  })
  // The first stage's output is a full method, which the API's schema takes (its defaults are already applied).
  .pipe(shippingMethodInputSchema as z.ZodType<ShippingMethodValues, ShippingMethodValues>);
export type ShippingMethodForm = z.input<typeof shippingMethodFormSchema>;

/** A method as the form shows it: its cents as dollar text. */
export const toMethodForm = (m: ShippingMethodValues): ShippingMethodForm => ({
  ...m,
  freeAboveCents: m.freeAboveCents === null ? '' : centsToDollarText(m.freeAboveCents),
  minChargeCents: centsToDollarText(m.minChargeCents),
  liftgateCents: centsToDollarText(m.liftgateCents),
  residentialCents: centsToDollarText(m.residentialCents),
  parcelRates: m.parcelRates.map((r) => ({ ...r, cents: centsToDollarText(r.cents) })),
  freightRates: m.freightRates.map((r) => ({ ...r, centsPerCwt: centsToDollarText(r.centsPerCwt) })),
});
