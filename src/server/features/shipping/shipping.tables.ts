import { asc, eq } from 'drizzle-orm';
import { freightRates, parcelRates, pickupLocations, shippingMethods, shippingZones } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import type { RateTables } from './shipping.rates';

/** The active methods and pickup locations with every rate row: a few hundred rows at most, read in five queries. */
export async function loadRateTables(db: Db | Tx): Promise<RateTables> {
  // One after the other: `db` is often the order's transaction, one connection, where node-postgres refuses
  // overlapping queries (a deprecation now, an error in pg@9).
  const methods = await db
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.active, true))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.name));
  const zones = await db.select().from(shippingZones);
  const parcel = await db.select().from(parcelRates);
  const freight = await db.select().from(freightRates);
  const pickups = await db
    .select()
    .from(pickupLocations)
    .where(eq(pickupLocations.active, true))
    .orderBy(asc(pickupLocations.position), asc(pickupLocations.name));
  const byMethod = <T extends { methodId: string }>(rows: T[]) => {
    const m = new Map<string, T[]>();
    for (const r of rows) m.set(r.methodId, [...(m.get(r.methodId) ?? []), r]);
    return m;
  };
  return {
    methods,
    zones: new Map(zones.map((z) => [z.state, z.zone])),
    parcel: byMethod(parcel),
    freight: byMethod(freight),
    pickups,
  };
}
