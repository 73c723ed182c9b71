import { z } from 'zod';
import { addressMessages, stateOfZip, usAddressSchema, usStateSchema, zipSchema } from '../common/us-address';

/**
 * How an order or a checkout ships (docs/decisions/037-shipping-and-tax.md): fields added to the order and checkout
 * calls, all optional so the spec's calls keep their shape. Without `shippingOption` the server applies its fallback.
 */
export const deliveryChoiceSchema = z.object({
  /** A structured US address: taxes and rates the sale; saved to the customer's addresses. */
  shipTo: usAddressSchema.optional(),
  /** An `optionId` from the rates call. */
  shippingOption: z.string({ error: 'must be text' }).trim().min(1).max(120).optional(),
  liftgate: z.boolean({ error: 'must be true or false' }).optional(),
  residential: z.boolean({ error: 'must be true or false' }).optional(),
});
export type DeliveryChoice = z.output<typeof deliveryChoiceSchema>;

/** Where a sale ships and what the freight carrier must bring, as every rates call takes it. */
const ratesDestinationShape = {
  zip: zipSchema,
  state: usStateSchema.optional(),
  liftgate: z.boolean({ error: 'must be true or false' }).optional(),
  residential: z.boolean({ error: 'must be true or false' }).optional(),
};

/** The ZIP must be a US one, and in the state when one is given. */
function checkZipOfState(r: { zip: string; state?: string | undefined }, ctx: z.RefinementCtx) {
  const of = stateOfZip(r.zip);
  if (!of) ctx.addIssue({ code: 'custom', path: ['zip'], message: addressMessages.zip });
  else if (r.state && r.state !== of)
    ctx.addIssue({ code: 'custom', path: ['zip'], message: addressMessages.zipOfState(r.state) });
}

/** POST /api/shipping-rates/{email}: the ways the caller's cart (or one product line) ships to a ZIP, priced. */
export const ratesRequestSchema = z
  .object({
    ...ratesDestinationShape,
    /** Price one product line instead of the cart (the Order Now form). */
    productId: z.uuid({ error: 'must be a product id' }).optional(),
    quantity: z.int({ error: 'must be a whole number' }).min(1).max(1_000_000).optional(),
    /** A location of the caller's company: rated at its address, taxed with its exemption (decision 039). */
    locationId: z.uuid({ error: 'must be a location id' }).optional(),
  })
  .superRefine((r, ctx) => {
    checkZipOfState(r, ctx);
    if (r.productId && !r.quantity)
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'is required' });
  });
export type RatesRequest = z.input<typeof ratesRequestSchema>;

/** A destination alone, for lines the server already knows (a quote's): the rates request without a product. */
export const destinationRatesRequestSchema = z.object(ratesDestinationShape).superRefine(checkZipOfState);
export type DestinationRatesRequest = z.input<typeof destinationRatesRequestSchema>;

export const pickupLocationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  readyHours: z.number().int(),
});

/** One way to ship, in dollars: its cost, the tax with it and the sale's total; delivery in business days. */
export const shippingOptionSchema = z.object({
  optionId: z.string(),
  kind: z.enum(['parcel', 'freight', 'pickup', 'free']),
  name: z.string(),
  /** @deprecated Dollars; read `shippingCents` (docs/decisions/050-one-money-type.md). */
  shipping: z.number(),
  /** @deprecated Dollars; read `taxCents`. */
  tax: z.number(),
  /** @deprecated Dollars; read `totalCents`. */
  total: z.number(),
  shippingCents: z.number().int(),
  taxCents: z.number().int(),
  /** The sale's total with this option: goods, shipping and tax. */
  totalCents: z.number().int(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  liftgate: z.boolean(),
  residential: z.boolean(),
  pickupLocation: pickupLocationSchema.nullable(),
});
export type ShippingOptionView = z.infer<typeof shippingOptionSchema>;

export const ratesSchema = z.object({
  destination: z.object({ state: z.string(), zip: z.string() }),
  /** @deprecated Dollars; read `subtotalCents` (docs/decisions/050-one-money-type.md). */
  subtotal: z.number(),
  /** The goods: quantity × unit price, summed over lines. */
  subtotalCents: z.number().int(),
  /** The approved certificate that makes this sale tax-free, if any. */
  exemptionNumber: z.string().nullable(),
  /** Cheapest first; empty when the shop has no method that can ship this (then only goods are charged). */
  options: z.array(shippingOptionSchema),
  /**
   * Why the shop's delivery methods are not offered, when a product has no shipping weight (decision 046): its
   * delivery needs a quote; pickup, if the shop has it, is still offered. Null otherwise.
   */
  notice: z.string().nullable(),
  /**
   * What a liftgate and a residential delivery add to the freight methods offered (the dearest method's, when they
   * differ), in dollars; null when no freight method is offered.
   */
  freightExtras: z
    .object({
      /** @deprecated Dollars; read `liftgateCents`. */
      liftgate: z.number(),
      /** @deprecated Dollars; read `residentialCents`. */
      residential: z.number(),
      liftgateCents: z.number().int(),
      residentialCents: z.number().int(),
    })
    .nullable(),
});
export type Rates = z.infer<typeof ratesSchema>;

/** Why a sale with products of unknown weight is not priced for delivery (decision 046). */
export const shippingNeedsQuote = (names: readonly string[]) =>
  `${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} no shipping weight yet, so we cannot price the delivery: request a quote, or choose pickup if it is offered.`;

/** The notice for a parcel shipment that nothing delivers only because of its weight (decision 077). */
export const shippingTooHeavy = (lb: number) =>
  `This shipment weighs ${lb.toLocaleString('en-US')} lb, more than our parcel rates cover, so we cannot price the delivery: request a quote, or choose pickup if it is offered.`;

/** The delivery and price fields an order and a checkout read back (added to their spec shapes). */
export const deliveryViewShape = {
  /** @deprecated Dollars; read `subtotalCents` (docs/decisions/050-one-money-type.md). */
  subtotal: z.number(),
  /** @deprecated Dollars; read `shippingCents`. */
  shipping: z.number(),
  /** @deprecated Dollars; read `taxCents`. */
  tax: z.number(),
  /** Goods: quantity × unit price, summed over lines, in whole cents. */
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  taxCents: z.number().int(),
  shippingMethod: z.string().nullable(),
  shippingKind: z.enum(['parcel', 'freight', 'pickup', 'free']).nullable(),
  liftgate: z.boolean(),
  residential: z.boolean(),
  deliveryMinDays: z.number().int().nullable(),
  deliveryMaxDays: z.number().int().nullable(),
  shipTo: z
    .object({
      street: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string(),
      zip: z.string(),
    })
    .nullable(),
  taxExemptionNumber: z.string().nullable(),
};

export const savedAddressesSchema = z.array(
  z.object({ _id: z.string(), street: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
);
