import { asc, eq, sql } from 'drizzle-orm';
import type {
  PickupLocation,
  PickupLocationValues,
  ShippingZone,
  ShippingZones,
} from '@shared/shipping/shipping.schema';
import { pickupLocations, shippingZones } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import { notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';

/** The admin's places (decision 037): the parcel zone of each state and the pickup locations, each change audited. */

type PickupRow = typeof pickupLocations.$inferSelect;

export const toPickup = (row: PickupRow): PickupLocation => ({
  _id: row.id,
  name: row.name,
  street: row.street,
  city: row.city,
  state: row.state,
  zip: row.zip,
  readyHours: row.readyHours,
  active: row.active,
  position: row.position,
});

export async function readZones(db: Db | Tx): Promise<ShippingZone[]> {
  const rows = await db.select().from(shippingZones).orderBy(asc(shippingZones.state));
  return rows as ShippingZone[];
}

const zoneMap = (zones: ShippingZone[]) => Object.fromEntries(zones.map((z) => [z.state, z.zone]));

/** PUT /api/shipping/zones: the whole table at once. Locked, so two saves cannot interleave their rows. */
export async function replaceShippingZones(
  db: Db,
  actor: SessionUser,
  zones: ShippingZone[],
): Promise<ShippingZones> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table shipping_zones in share row exclusive mode`);
    const before = await readZones(tx);
    await tx.delete(shippingZones);
    if (zones.length) await tx.insert(shippingZones).values(zones);
    const after = await readZones(tx);
    const changed = after.filter((z) => zoneMap(before)[z.state] !== z.zone).length;
    const removed = before.filter((z) => !(z.state in zoneMap(after))).length;
    await recordAudit(tx, actor, {
      kind: 'shipping_zones.edited',
      entityType: 'shipping_zones',
      entityId: 'zones',
      summary: `Edited the parcel zones: ${after.length} states, ${changed} changed, ${removed} removed`,
      before: zoneMap(before),
      after: zoneMap(after),
    });
    return { zones: after };
  });
}

const pickupColumns = (p: PickupLocationValues) => ({
  name: p.name,
  street: p.street,
  city: p.city,
  state: p.state,
  zip: p.zip,
  readyHours: p.readyHours,
  active: p.active,
  position: p.position,
});

export async function createPickupLocation(
  db: Db,
  actor: SessionUser,
  input: PickupLocationValues,
): Promise<PickupLocation> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(pickupLocations).values(pickupColumns(input)).returning();
    const location = toPickup(row!);
    await recordAudit(tx, actor, {
      kind: 'pickup_location.created',
      entityType: 'pickup_location',
      entityId: location._id,
      summary: `Added pickup location ${location.name} (${location.city}, ${location.state})`,
      after: location,
    });
    return location;
  });
}

export async function updatePickupLocation(
  db: Db,
  actor: SessionUser,
  id: string,
  input: PickupLocationValues,
): Promise<PickupLocation> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(pickupLocations).where(eq(pickupLocations.id, id)).for('update');
    if (!current) throw notFound('Pickup location');
    const [row] = await tx
      .update(pickupLocations)
      .set(pickupColumns(input))
      .where(eq(pickupLocations.id, id))
      .returning();
    const location = toPickup(row!);
    await recordAudit(tx, actor, {
      kind: 'pickup_location.edited',
      entityType: 'pickup_location',
      entityId: id,
      summary: `Edited pickup location ${location.name}`,
      before: toPickup(current),
      after: location,
    });
    return location;
  });
}

export async function deletePickupLocation(db: Db, actor: SessionUser, id: string) {
  await db.transaction(async (tx) => {
    const [current] = await tx.delete(pickupLocations).where(eq(pickupLocations.id, id)).returning();
    if (!current) throw notFound('Pickup location');
    await recordAudit(tx, actor, {
      kind: 'pickup_location.deleted',
      entityType: 'pickup_location',
      entityId: id,
      summary: `Deleted pickup location ${current.name}`,
      before: toPickup(current),
    });
  });
  return { acknowledged: true as const };
}
