import { sql } from 'drizzle-orm';
import type { Tx } from '../../infra/db';
import type { ImportRow, ProductState } from './catalogue-csv.rows';
import { shippingColumns } from '../catalogue/index';

const param = <T>(values: T[]) => sql.param(values);

/** The shipping columns as CsvProduct names them (decision 037). */
export const shippingSelect = sql.raw(
  'shipping_weight_grams as "shippingWeightGrams", length_mm as "lengthMm", width_mm as "widthMm", ' +
    'height_mm as "heightMm", ships_as as "shipsAs", freight_class as "freightClass", backorderable, ' +
    'lead_time_days as "leadTimeDays"',
);

/** A product's shipping columns with the row's cells over its stored values (a new product's: the defaults). */
function nextShipping(id: string, was: ProductState | undefined, r: ImportRow) {
  const c = shippingColumns(r.shipping!);
  const cells: Record<string, unknown> = c;
  const keep = (k: keyof typeof c, fallback: unknown) => (k in cells ? cells[k] : fallback);
  return {
    id,
    grams: keep('shippingWeightGrams', was?.shippingWeightGrams ?? null),
    length: keep('lengthMm', was?.lengthMm ?? null),
    width: keep('widthMm', was?.widthMm ?? null),
    height: keep('heightMm', was?.heightMm ?? null),
    shipsAs: keep('shipsAs', was?.shipsAs ?? 'parcel'),
    freightClass: keep('freightClass', was?.freightClass ?? null),
    backorderable: keep('backorderable', was?.backorderable ?? false),
    leadTimeDays: keep('leadTimeDays', was?.leadTimeDays ?? null),
  };
}

/** Whether a row's shipping cells change its product (a new product's always do). */
export function shippingChanged(was: ProductState | undefined, r: ImportRow): boolean {
  if (!r.shipping) return false;
  if (!was) return true;
  const n = nextShipping(was.id, was, r);
  return (
    n.grams !== was.shippingWeightGrams ||
    n.length !== was.lengthMm ||
    n.width !== was.widthMm ||
    n.height !== was.heightMm ||
    n.shipsAs !== was.shipsAs ||
    n.freightClass !== was.freightClass ||
    n.backorderable !== was.backorderable ||
    n.leadTimeDays !== was.leadTimeDays
  );
}

/** The rows' shipping columns where they change something, in one statement, after the rows' products exist. */
export async function writeShipping(
  tx: Tx,
  rows: { id: string; was: ProductState | undefined; r: ImportRow }[],
) {
  const next = rows
    .filter(({ was, r }) => shippingChanged(was, r))
    .map(({ id, was, r }) => nextShipping(id, was, r));
  if (next.length === 0) return;
  await tx.execute(sql`
    update products p set shipping_weight_grams = u.grams, length_mm = u.length, width_mm = u.width,
      height_mm = u.height, ships_as = u.ships_as, freight_class = u.freight_class, backorderable = u.backorderable,
      lead_time_days = u.lead_time_days
    from unnest(${param(next.map((n) => n.id))}::uuid[], ${param(next.map((n) => n.grams))}::int[],
      ${param(next.map((n) => n.length))}::int[], ${param(next.map((n) => n.width))}::int[],
      ${param(next.map((n) => n.height))}::int[], ${param(next.map((n) => n.shipsAs))}::text[],
      ${param(next.map((n) => n.freightClass))}::text[], ${param(next.map((n) => n.backorderable))}::bool[],
      ${param(next.map((n) => n.leadTimeDays))}::int[])
      as u(id, grams, length, width, height, ships_as, freight_class, backorderable, lead_time_days)
    where p.id = u.id`);
}
