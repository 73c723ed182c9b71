import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  freightRates,
  parcelRates,
  pickupLocations,
  products,
  shippingMethods,
  shippingZones,
  taxExemptions,
  taxRates,
} from '../db/schema';

/**
 * A small, known set of shipping and tax tables for tests that check figures to the cent:
 * - Ground parcel: Texas is zone 2 and California zone 8; zone 2 costs $9 to 1 kg, $15 to 5 kg, $40 to 30 kg.
 * - LTL freight: class 85 at $30/cwt and class 125 at $50/cwt to 1,000 kg, $150 minimum, liftgate $75, residential $50.
 * - Will call at the Dallas branch (75207), free.
 * - Free ground from $500 of goods.
 * - Tax: Texas 6.25 %, Dallas ZIPs (752) 8.25 %, shipping taxed; California 7.25 %, shipping not taxed.
 */
export async function configureFulfilment(app: FastifyInstance) {
  const db = app.database.db;
  const [ground, ltl, willCall] = await db
    .insert(shippingMethods)
    .values([
      { kind: 'parcel', name: 'Ground parcel', position: 1, minDays: 2, maxDays: 5 },
      {
        kind: 'freight',
        name: 'LTL freight',
        position: 2,
        minDays: 4,
        maxDays: 8,
        minChargeCents: 15_000,
        liftgateCents: 7_500,
        residentialCents: 5_000,
      },
      { kind: 'pickup', name: 'Will call', position: 3, minDays: 0, maxDays: 0 },
      { kind: 'free', name: 'Free ground', position: 4, minDays: 3, maxDays: 6, freeAboveCents: 50_000 },
    ])
    .returning();
  await db.insert(shippingZones).values([
    { state: 'TX', zone: 2 },
    { state: 'CA', zone: 8 },
  ]);
  await db.insert(parcelRates).values([
    { methodId: ground!.id, zone: 2, maxWeightGrams: 1_000, cents: 900 },
    { methodId: ground!.id, zone: 2, maxWeightGrams: 5_000, cents: 1_500 },
    { methodId: ground!.id, zone: 2, maxWeightGrams: 30_000, cents: 4_000 },
    { methodId: ground!.id, zone: 8, maxWeightGrams: 30_000, cents: 9_000 },
  ]);
  await db.insert(freightRates).values([
    { methodId: ltl!.id, freightClass: '85', maxWeightGrams: 1_000_000, centsPerCwt: 3_000 },
    { methodId: ltl!.id, freightClass: '125', maxWeightGrams: 1_000_000, centsPerCwt: 5_000 },
  ]);
  const [dallas] = await db
    .insert(pickupLocations)
    .values({
      name: 'Dallas branch',
      street: '2400 Industrial Blvd',
      city: 'Dallas',
      state: 'TX',
      zip: '75207',
    })
    .returning();
  await db.insert(taxRates).values([
    { state: 'TX', zipPrefix: '', ratePpm: 62_500, shippingTaxable: true },
    { state: 'TX', zipPrefix: '752', ratePpm: 82_500, shippingTaxable: true },
    { state: 'CA', zipPrefix: '', ratePpm: 72_500, shippingTaxable: false },
  ]);
  return { ground: ground!, ltl: ltl!, willCall: willCall!, pickup: dallas! };
}

/** Sets how a product ships. */
export const shipAs = (
  app: FastifyInstance,
  productId: string,
  set: { shippingWeightGrams: number; shipsAs?: 'parcel' | 'freight'; freightClass?: string | null },
) => app.database.db.update(products).set(set).where(eq(products.id, productId));

/** An approved certificate for `userId`, as an admin's approval leaves it. */
export const approvedExemption = (
  app: FastifyInstance,
  userId: string,
  p: { number: string; states: string[]; expiresOn: string },
) =>
  app.database.db.insert(taxExemptions).values({
    userId,
    ...p,
    fileKey: 'tax-exemptions/test.pdf',
    fileName: 'certificate.pdf',
    status: 'approved',
    decidedAt: new Date(),
  });
