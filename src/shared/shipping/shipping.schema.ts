import { z } from 'zod';
import { freightClasses } from '../common/freight-classes';
import { idSchema } from '../common/common.schema';
import { usStateCodes } from '../common/us-states';

/**
 * The admin's shipping tables (docs/decisions/037-shipping-and-tax.md, "Admin tables"). The API speaks the database's
 * units: money in whole cents, weights in grams, so nothing is rounded on the way; the page converts for display.
 */

export const shippingKinds = ['parcel', 'freight', 'pickup', 'free'] as const;
export type ShippingKindName = (typeof shippingKinds)[number];

export { freightClasses };

/** $1,000,000: any price or charge above it is a typo, and it stays far inside an integer column. */
export const MAX_CENTS = 100_000_000;
/** 100 tonnes: far above any truck, inside an integer column. */
export const MAX_GRAMS = 100_000_000;
/** Rate rows per method: zones × weight bands or classes × bands, with room to spare. */
export const MAX_RATE_ROWS = 2000;

const wholeNumber = (what: string, min: number, max: number) =>
  z
    .number({ error: `must be a number (${what})` })
    .int({ error: `must be a whole number (${what})` })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max.toLocaleString('en-US')}` });

/** Whole cents from 0 to $1,000,000. */
export const centsSchema = wholeNumber('cents', 0, MAX_CENTS);
/** A weight band's upper bound, whole grams, more than 0. */
export const gramsSchema = wholeNumber('grams', 1, MAX_GRAMS);

export const stateCodeSchema = z.enum(usStateCodes, { error: 'must be a US state code (2 letters) or DC' });
export const zoneNumberSchema = wholeNumber('zone', 1, 9);
export const freightClassSchema = z.enum(freightClasses, {
  error: `must be a freight class: ${freightClasses.join(', ')}`,
});

const nameSchema = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, { error: `${what} is required` })
    .max(80, { error: 'must be at most 80 characters' });

const positionSchema = wholeNumber('position', 0, 10_000);
const daysSchema = wholeNumber('business days', 0, 365);

/** A parcel price: for `zone`, shipments up to `maxWeightGrams` (inclusive) cost `cents`. */
export const parcelRateSchema = z.object({
  zone: zoneNumberSchema,
  maxWeightGrams: gramsSchema,
  cents: centsSchema,
});
export type ParcelRate = z.infer<typeof parcelRateSchema>;

/** An LTL price: for `freightClass`, shipments up to `maxWeightGrams` cost `centsPerCwt` per 100 lb. */
export const freightRateSchema = z.object({
  freightClass: freightClassSchema,
  maxWeightGrams: gramsSchema,
  centsPerCwt: centsSchema,
});
export type FreightRate = z.infer<typeof freightRateSchema>;

/** Reports the second of two rows with the same key, at `field` of that row, naming the first. */
function noDuplicates<T>(
  rows: readonly T[],
  key: (row: T) => string,
  path: (index: number) => (string | number)[],
  describe: (row: T) => string,
  ctx: z.RefinementCtx,
) {
  const seen = new Map<string, number>();
  rows.forEach((row, i) => {
    const k = key(row);
    const first = seen.get(k);
    if (first === undefined) seen.set(k, i);
    else
      ctx.addIssue({
        code: 'custom',
        path: path(i),
        message: `repeats row ${first + 1} (${describe(row)})`,
      });
  });
}

/**
 * POST /api/shipping/methods and PUT /api/shipping/methods/{id}: the whole method, rate rows included (a PUT
 * replaces them). Parcel rows belong to a parcel method, freight rows to a freight one.
 */
export const shippingMethodInputSchema = z
  .strictObject({
    kind: z.enum(shippingKinds, { error: 'must be parcel, freight, pickup or free' }),
    name: nameSchema('Method name'),
    active: z.boolean({ error: 'must be true or false' }).default(true),
    position: positionSchema.default(0),
    minDays: daysSchema,
    maxDays: daysSchema,
    freeAboveCents: centsSchema.nullable().default(null),
    minChargeCents: centsSchema.default(0),
    liftgateCents: centsSchema.default(0),
    residentialCents: centsSchema.default(0),
    parcelRates: z.array(parcelRateSchema).max(MAX_RATE_ROWS, { error: 'too many rows' }).default([]),
    freightRates: z.array(freightRateSchema).max(MAX_RATE_ROWS, { error: 'too many rows' }).default([]),
  })
  .superRefine((m, ctx) => {
    if (m.maxDays < m.minDays)
      ctx.addIssue({ code: 'custom', path: ['maxDays'], message: 'must not be less than the minimum days' });
    if (m.kind === 'free' && m.freeAboveCents === null)
      ctx.addIssue({
        code: 'custom',
        path: ['freeAboveCents'],
        message: 'is required for free shipping (the order subtotal it starts at)',
      });
    if (m.kind !== 'parcel' && m.parcelRates.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['parcelRates'],
        message: 'only a parcel method has parcel rates',
      });
    if (m.kind !== 'freight' && m.freightRates.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['freightRates'],
        message: 'only a freight method has freight rates',
      });
    noDuplicates(
      m.parcelRates,
      (r) => `${r.zone}/${r.maxWeightGrams}`,
      (i) => ['parcelRates', i, 'maxWeightGrams'],
      (r) => `zone ${r.zone} up to ${r.maxWeightGrams} g`,
      ctx,
    );
    noDuplicates(
      m.freightRates,
      (r) => `${r.freightClass}/${r.maxWeightGrams}`,
      (i) => ['freightRates', i, 'maxWeightGrams'],
      (r) => `class ${r.freightClass} up to ${r.maxWeightGrams} g`,
      ctx,
    );
  });
export type ShippingMethodInput = z.input<typeof shippingMethodInputSchema>;
export type ShippingMethodValues = z.output<typeof shippingMethodInputSchema>;

/** A method as the admin sees it, with all its rate rows (zone, class and weight order). */
export const shippingMethodSchema = z.object({
  _id: idSchema,
  kind: z.enum(shippingKinds),
  name: z.string(),
  active: z.boolean(),
  position: z.number().int(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
  freeAboveCents: z.number().int().nullable(),
  minChargeCents: z.number().int(),
  liftgateCents: z.number().int(),
  residentialCents: z.number().int(),
  parcelRates: z.array(parcelRateSchema),
  freightRates: z.array(freightRateSchema),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

/** One row of the zone table: the parcel zone (1 near … 9 far) of a destination state. */
export const shippingZoneSchema = z.object({ state: stateCodeSchema, zone: zoneNumberSchema });
export type ShippingZone = z.infer<typeof shippingZoneSchema>;

/** PUT /api/shipping/zones: the whole table; a state left out has no zone (no parcel rates there). */
export const shippingZonesInputSchema = z
  .strictObject({
    zones: z.array(shippingZoneSchema, { error: 'must be a list of states and zones' }).max(51, {
      error: 'has more rows than there are states',
    }),
  })
  .superRefine((b, ctx) =>
    noDuplicates(
      b.zones,
      (z) => z.state,
      (i) => ['zones', i, 'state'],
      (z) => z.state,
      ctx,
    ),
  );
export type ShippingZonesInput = z.input<typeof shippingZonesInputSchema>;
export const shippingZonesSchema = z.object({ zones: z.array(shippingZoneSchema) });
export type ShippingZones = z.infer<typeof shippingZonesSchema>;

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, { error: `${what} is required` })
    .max(max, { error: `must be at most ${max} characters` });

/** POST /api/shipping/pickup-locations and PUT /api/shipping/pickup-locations/{id}. */
export const pickupLocationInputSchema = z.strictObject({
  name: text('Location name', 80),
  street: text('Street', 120),
  city: text('City', 80),
  state: stateCodeSchema,
  zip: z
    .string({ error: 'ZIP code is required' })
    .trim()
    .regex(/^\d{5}$/, { error: 'must be a 5-digit ZIP code' }),
  readyHours: wholeNumber('hours', 0, 720).default(4),
  active: z.boolean({ error: 'must be true or false' }).default(true),
  position: positionSchema.default(0),
});
export type PickupLocationInput = z.input<typeof pickupLocationInputSchema>;
export type PickupLocationValues = z.output<typeof pickupLocationInputSchema>;

export const pickupLocationSchema = z.object({
  _id: idSchema,
  name: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  readyHours: z.number().int(),
  active: z.boolean(),
  position: z.number().int(),
});
export type PickupLocation = z.infer<typeof pickupLocationSchema>;

/** GET /api/shipping/settings: every method (inactive ones too) with its rates, the zones and the pickup locations. */
export const shippingSettingsSchema = z.object({
  methods: z.array(shippingMethodSchema),
  zones: z.array(shippingZoneSchema),
  pickupLocations: z.array(pickupLocationSchema),
});
export type ShippingSettings = z.infer<typeof shippingSettingsSchema>;
