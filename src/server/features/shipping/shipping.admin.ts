import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type {
  FreightRate,
  ParcelRate,
  ShippingMethod,
  ShippingMethodValues,
  ShippingSettings,
} from '@shared/shipping/shipping.schema';
import { freightRates, parcelRates, pickupLocations, shippingMethods } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import { fieldError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';
import { readZones, toPickup } from './shipping.places';
import { FREIGHT_CLASSES } from './shipping.rates';

/**
 * The admin's shipping tables (docs/decisions/037-shipping-and-tax.md, "Admin tables"): methods with their rate rows
 * here, the zone of each state and the pickup locations in shipping.places.ts. Every change is one transaction with its audit entry; checkout
 * reads the same tables through loadRateTables, so an edit counts from the next quote on.
 */

type MethodRow = typeof shippingMethods.$inferSelect;

const classIndex = (c: string) => FREIGHT_CLASSES.indexOf(c as (typeof FREIGHT_CLASSES)[number]);
const byZoneAndWeight = (a: ParcelRate, b: ParcelRate) =>
  a.zone - b.zone || a.maxWeightGrams - b.maxWeightGrams;
const byClassAndWeight = (a: FreightRate, b: FreightRate) =>
  classIndex(a.freightClass) - classIndex(b.freightClass) || a.maxWeightGrams - b.maxWeightGrams;

type StoredFreightRate = Omit<FreightRate, 'freightClass'> & { freightClass: string };

function toMethod(row: MethodRow, parcel: ParcelRate[], freight: StoredFreightRate[]): ShippingMethod {
  return {
    _id: row.id,
    kind: row.kind,
    name: row.name,
    active: row.active,
    position: row.position,
    minDays: row.minDays,
    maxDays: row.maxDays,
    freeAboveCents: row.freeAboveCents,
    minChargeCents: row.minChargeCents,
    liftgateCents: row.liftgateCents,
    residentialCents: row.residentialCents,
    parcelRates: parcel
      .map((r) => ({ zone: r.zone, maxWeightGrams: r.maxWeightGrams, cents: r.cents }))
      .sort(byZoneAndWeight),
    freightRates: freight
      .map((r) => ({
        freightClass: r.freightClass as FreightRate['freightClass'],
        maxWeightGrams: r.maxWeightGrams,
        centsPerCwt: r.centsPerCwt,
      }))
      .sort(byClassAndWeight),
  };
}

/** GET /api/shipping/settings: everything the admin page edits, inactive methods and locations included. */
export async function getShippingSettings(db: Db): Promise<ShippingSettings> {
  const [methods, parcel, freight, zones, pickups] = await Promise.all([
    db.select().from(shippingMethods).orderBy(asc(shippingMethods.position), asc(shippingMethods.name)),
    db.select().from(parcelRates),
    db.select().from(freightRates),
    readZones(db),
    db.select().from(pickupLocations).orderBy(asc(pickupLocations.position), asc(pickupLocations.name)),
  ]);
  return {
    methods: methods.map((m) =>
      toMethod(
        m,
        parcel.filter((r) => r.methodId === m.id),
        freight.filter((r) => r.methodId === m.id),
      ),
    ),
    zones,
    pickupLocations: pickups.map(toPickup),
  };
}

async function readMethod(tx: Tx, id: string): Promise<ShippingMethod> {
  const [row] = await tx.select().from(shippingMethods).where(eq(shippingMethods.id, id));
  if (!row) throw notFound('Shipping method');
  // In sequence: a transaction is one connection (see loadRateTables).
  const parcel = await tx.select().from(parcelRates).where(eq(parcelRates.methodId, id));
  const freight = await tx.select().from(freightRates).where(eq(freightRates.methodId, id));
  return toMethod(row, parcel, freight);
}

const isUniqueViolation = (err: unknown) =>
  ((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505';
const nameTaken = () => fieldError('conflict', 'name', 'is already the name of another shipping method');

/** 409 when another method has this name whatever its case (the unique index catches a race too). */
async function assertNameFree(tx: Tx, name: string, exceptId?: string) {
  const [clash] = await tx
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(
      and(
        sql`lower(${shippingMethods.name}) = lower(${name})`,
        exceptId ? ne(shippingMethods.id, exceptId) : undefined,
      ),
    );
  if (clash) throw nameTaken();
}

const methodColumns = (m: ShippingMethodValues) => ({
  kind: m.kind,
  name: m.name,
  active: m.active,
  position: m.position,
  minDays: m.minDays,
  maxDays: m.maxDays,
  // Only free shipping has a threshold, only freight its charges: a changed kind leaves none behind.
  freeAboveCents: m.kind === 'free' ? m.freeAboveCents : null,
  minChargeCents: m.kind === 'freight' ? m.minChargeCents : 0,
  liftgateCents: m.kind === 'freight' ? m.liftgateCents : 0,
  residentialCents: m.kind === 'freight' ? m.residentialCents : 0,
});

async function writeRates(tx: Tx, methodId: string, m: ShippingMethodValues) {
  await tx.delete(parcelRates).where(eq(parcelRates.methodId, methodId));
  await tx.delete(freightRates).where(eq(freightRates.methodId, methodId));
  if (m.kind === 'parcel' && m.parcelRates.length)
    await tx.insert(parcelRates).values(m.parcelRates.map((r) => ({ methodId, ...r })));
  if (m.kind === 'freight' && m.freightRates.length)
    await tx.insert(freightRates).values(m.freightRates.map((r) => ({ methodId, ...r })));
}

const rethrowName = (err: unknown): never => {
  if (isUniqueViolation(err)) throw nameTaken();
  throw err;
};

export async function createShippingMethod(
  db: Db,
  actor: SessionUser,
  input: ShippingMethodValues,
): Promise<ShippingMethod> {
  return db
    .transaction(async (tx) => {
      await assertNameFree(tx, input.name);
      const [row] = await tx.insert(shippingMethods).values(methodColumns(input)).returning();
      await writeRates(tx, row!.id, input);
      const method = await readMethod(tx, row!.id);
      await recordAudit(tx, actor, {
        kind: 'shipping_method.created',
        entityType: 'shipping_method',
        entityId: method._id,
        summary: `Created shipping method ${method.name} (${method.kind})`,
        after: method,
      });
      return method;
    })
    .catch(rethrowName);
}

/** PUT: the method and all its rate rows are replaced by the body. */
export async function updateShippingMethod(
  db: Db,
  actor: SessionUser,
  id: string,
  input: ShippingMethodValues,
): Promise<ShippingMethod> {
  return db
    .transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: shippingMethods.id })
        .from(shippingMethods)
        .where(eq(shippingMethods.id, id))
        .for('update');
      if (!locked) throw notFound('Shipping method');
      const before = await readMethod(tx, id);
      await assertNameFree(tx, input.name, id);
      await tx.update(shippingMethods).set(methodColumns(input)).where(eq(shippingMethods.id, id));
      await writeRates(tx, id, input);
      const after = await readMethod(tx, id);
      await recordAudit(tx, actor, {
        kind: 'shipping_method.edited',
        entityType: 'shipping_method',
        entityId: id,
        summary: `Edited shipping method ${after.name}`,
        before,
        after,
      });
      return after;
    })
    .catch(rethrowName);
}

/**
 * Deletes a method and its rates (cascade). Orders keep their own copy of the method's name and price, so past
 * orders read as before; to stop offering a method for a while, switch it off instead.
 */
export async function deleteShippingMethod(db: Db, actor: SessionUser, id: string) {
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: shippingMethods.id })
      .from(shippingMethods)
      .where(eq(shippingMethods.id, id))
      .for('update');
    if (!locked) throw notFound('Shipping method');
    const before = await readMethod(tx, id);
    await tx.delete(shippingMethods).where(eq(shippingMethods.id, id));
    await recordAudit(tx, actor, {
      kind: 'shipping_method.deleted',
      entityType: 'shipping_method',
      entityId: id,
      summary: `Deleted shipping method ${before.name}`,
      before,
    });
  });
  return { acknowledged: true as const };
}
