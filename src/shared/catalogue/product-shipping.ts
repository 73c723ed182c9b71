import { z } from 'zod';
import { freightClasses, type FreightClass } from '../common/freight-classes';

/**
 * A product's shipping data as the API speaks it (decision 037, "Product shipping data"): weight in pounds with up
 * to 2 decimals and box dimensions in inches with up to 1 decimal; the server stores whole grams and millimetres.
 * Those precisions are the ones that survive the round trip exactly (0.005 lb > ½ g, 0.05 in > ½ mm).
 */
export const GRAMS_PER_LB = 453.59237;
export const MM_PER_IN = 25.4;

export { freightClasses, type FreightClass };
export const shipsAsValues = ['parcel', 'freight'] as const;
export type ShipsAs = (typeof shipsAsValues)[number];

export const shippingMessages = {
  freightClassRequired: 'is required when the product ships as LTL freight',
  leadTimeRequired: 'is required when backorders are allowed',
} as const;

const decimals = (n: number) => (v: number) => Math.abs(Math.round(v * 10 ** n) - v * 10 ** n) < 1e-6;

const dimension = z
  .number({ error: 'must be a number' })
  .positive({ error: 'must be more than 0' })
  .max(3937, { error: 'must be at most 3937 inches' })
  .refine(decimals(1), { error: 'must have at most 1 decimal' })
  .nullable()
  .optional();

/** What an admin may give (POST and PUT /api/product/{id}): every field optional, null clears it. */
export const productShippingFields = {
  shippingWeightLb: z
    .number({ error: 'must be a number' })
    .positive({ error: 'must be more than 0' })
    .max(110_000, { error: 'must be at most 110,000 lb' })
    .refine(decimals(2), { error: 'must have at most 2 decimals' })
    .nullable()
    .optional(),
  lengthIn: dimension,
  widthIn: dimension,
  heightIn: dimension,
  shipsAs: z.enum(shipsAsValues, { error: `must be one of ${shipsAsValues.join(', ')}` }).optional(),
  freightClass: z
    .enum(freightClasses, { error: `must be an NMFC class: ${freightClasses.join(', ')}` })
    .nullable()
    .optional(),
  backorderable: z.boolean({ error: 'must be true or false' }).optional(),
  leadTimeDays: z
    .number({ error: 'must be a number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(365, { error: 'must be at most 365' })
    .nullable()
    .optional(),
};

/** The rules across fields: freight needs a class, backorders a lead time (each issue names its field). */
export function shippingProblems(p: {
  shipsAs?: ShipsAs | undefined;
  freightClass?: string | null | undefined;
  backorderable?: boolean | undefined;
  leadTimeDays?: number | null | undefined;
}): { field: 'freightClass' | 'leadTimeDays'; message: string }[] {
  const out: { field: 'freightClass' | 'leadTimeDays'; message: string }[] = [];
  if (p.shipsAs === 'freight' && (p.freightClass === null || p.freightClass === undefined))
    out.push({ field: 'freightClass', message: shippingMessages.freightClassRequired });
  if (p.backorderable === true && (p.leadTimeDays === null || p.leadTimeDays === undefined))
    out.push({ field: 'leadTimeDays', message: shippingMessages.leadTimeRequired });
  return out;
}

/** A product's shipping data as admins read it (null: not given; the weight then defaults from its weight spec). */
export const productShippingSchema = z.object({
  shippingWeightLb: z.number().nullable(),
  lengthIn: z.number().nullable(),
  widthIn: z.number().nullable(),
  heightIn: z.number().nullable(),
  shipsAs: z.enum(shipsAsValues),
  freightClass: z.string().nullable(),
  backorderable: z.boolean(),
  leadTimeDays: z.number().int().nullable(),
});
export type ProductShipping = z.infer<typeof productShippingSchema>;

const round = (v: number, n: number) => Math.round(v * 10 ** n) / 10 ** n;
export const lbToGrams = (lb: number) => Math.round(lb * GRAMS_PER_LB);
export const gramsToLb = (g: number) => round(g / GRAMS_PER_LB, 2);
export const inToMm = (inches: number) => Math.round(inches * MM_PER_IN);
export const mmToIn = (mm: number) => round(mm / MM_PER_IN, 1);
