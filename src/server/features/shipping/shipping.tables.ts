import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../infra/db';
import type { RateTables } from './shipping.rates';

type MethodJson = RateTables['methods'][number] & { active: boolean; position: number; createdAt: string };
type PickupJson = RateTables['pickups'][number] & { active: boolean; position: number };

interface TablesJson extends Record<string, unknown> {
  methods: MethodJson[];
  zones: { state: string; zone: number }[];
  parcel: { methodId: string; zone: number; maxWeightGrams: number; cents: number }[];
  freight: { methodId: string; freightClass: string; maxWeightGrams: number; centsPerCwt: number }[];
  pickups: PickupJson[];
}

/**
 * The active methods and pickup locations with every rate row: a few hundred rows at most, read in one statement
 * (every sale with a destination reads them in its transaction: one round trip instead of five, decision 068). The
 * rows have the columns and order the tables' own selects gave.
 */
export async function loadRateTables(db: Db | Tx): Promise<RateTables> {
  const { rows } = await db.execute<TablesJson>(sql`
    select
      (select coalesce(json_agg(json_build_object(
          'id', m.id, 'kind', m.kind, 'name', m.name, 'active', m.active, 'position', m.position,
          'minDays', m.min_days, 'maxDays', m.max_days, 'freeAboveCents', m.free_above_cents,
          'minChargeCents', m.min_charge_cents, 'liftgateCents', m.liftgate_cents,
          'residentialCents', m.residential_cents, 'createdAt', m.created_at
        ) order by m.position, m.name), '[]'::json)
        from shipping_methods m where m.active) as methods,
      (select coalesce(json_agg(json_build_object('state', z.state, 'zone', z.zone)), '[]'::json)
        from shipping_zones z) as zones,
      (select coalesce(json_agg(json_build_object('methodId', r.method_id, 'zone', r.zone,
          'maxWeightGrams', r.max_weight_grams, 'cents', r.cents)), '[]'::json)
        from parcel_rates r) as parcel,
      (select coalesce(json_agg(json_build_object('methodId', r.method_id, 'freightClass', r.freight_class,
          'maxWeightGrams', r.max_weight_grams, 'centsPerCwt', r.cents_per_cwt)), '[]'::json)
        from freight_rates r) as freight,
      (select coalesce(json_agg(json_build_object(
          'id', l.id, 'name', l.name, 'street', l.street, 'city', l.city, 'state', l.state, 'zip', l.zip,
          'readyHours', l.ready_hours, 'active', l.active, 'position', l.position
        ) order by l.position, l.name), '[]'::json)
        from pickup_locations l where l.active) as pickups`);
  const t = rows[0]!;
  const byMethod = <T extends { methodId: string }>(list: T[]) => {
    const m = new Map<string, T[]>();
    for (const r of list) m.set(r.methodId, [...(m.get(r.methodId) ?? []), r]);
    return m;
  };
  return {
    // json_agg gives the timestamp as text: back to the Date the table's own select gave.
    methods: t.methods.map((m) => ({ ...m, createdAt: new Date(m.createdAt) })),
    zones: new Map(t.zones.map((z) => [z.state, z.zone])),
    parcel: byMethod(t.parcel),
    freight: byMethod(t.freight),
    pickups: t.pickups,
  };
}
