import { and, eq, inArray, sql } from 'drizzle-orm';
import { equipmentMessages, type MachineDetail, type ProductFit } from '@shared/equipment/equipment.schema';
import { machineServices, products, servicePlanItems } from '../../db/schema';
import { fieldError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db } from '../../infra/db';
import { addToCart } from '../cart/index';
import { dueServices } from './equipment.due';
import { fittingParts, fittingProductsSql, newestOf, serialRangeHolds } from './equipment.fit';
import { machineOf, mineSql, toMachine } from './equipment.machines';

/** A machine's page: the machine, its warranty, the parts that fit it and its services with their due dates. */
export async function machineDetail(
  db: Db,
  caller: SessionUser,
  id: string,
  now = new Date(),
): Promise<MachineDetail> {
  const row = await machineOf(db, caller, id);
  const [parts, services] = await Promise.all([fittingParts(db, id), dueServices(db, sql`${id}::uuid`, now)]);
  return {
    ...toMachine(row, now),
    parts,
    services: services.map(({ machineId: _m, registeredBy: _r, dueDate: _d, ...s }) => s),
  };
}

/** Caps the machines a product page weighs: a fleet beyond it is searched with the filter instead. */
const MAX_MACHINES_ON_PAGE = 50;

/** What a product page says to a signed-in buyer: fits or not, per machine of theirs, and its replacement. */
export async function productFit(db: Db, caller: SessionUser, productId: string): Promise<ProductFit> {
  const [p] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!p) throw notFound('Product');
  const rows = await db.execute<{ id: string; serial: string; model: string; fits: boolean }>(sql`
    select mine.id, mine.serial, em.name as model,
      ${productId}::uuid in ${fittingProductsSql(sql`mine.id`)} as fits
    from machines mine join equipment_models em on em.id = mine.model_id
    where mine.id in (${mineSql(caller)})
    order by mine.created_at desc, mine.id
    limit ${MAX_MACHINES_ON_PAGE}`);
  return {
    replacedBy: await newestOf(db, productId),
    machines: rows.rows.map((r) => ({
      machineId: r.id,
      label: `${r.model} #${r.serial}`,
      fits: r.fits === true || (r.fits as unknown) === 't',
    })),
  };
}

export async function recordService(
  db: Db,
  caller: SessionUser,
  machineId: string,
  body: { planItemId: string; atHours?: number | undefined; doneOn?: string | undefined },
) {
  const m = await machineOf(db, caller, machineId);
  // The plan item must be the machine's own: its model and its serial range.
  const found = await db.execute<{ id: string }>(sql`
    select i.id from service_plan_items i join machines m on m.model_id = i.model_id
    where i.id = ${body.planItemId}::uuid and m.id = ${machineId}::uuid and ${serialRangeHolds(sql`i`)}`);
  const item = found.rows[0];
  if (!item) throw fieldError('bad_request', 'planItemId', equipmentMessages.notInPlan);
  await db.insert(machineServices).values({
    machineId,
    planItemId: item.id,
    atHours: body.atHours ?? m.runningHours,
    doneOn: body.doneOn ?? new Date().toISOString().slice(0, 10),
  });
}

/**
 * The prefilled cart of a service mail: each due item's part, in the smallest quantity the shop sells it in, added
 * to the caller's cart by the cart's own rules.
 */
export async function kitToCart(db: Db, caller: SessionUser, machineId: string, planItemIds: string[]) {
  const m = await machineOf(db, caller, machineId);
  const items = await db
    .select({
      productId: servicePlanItems.productId,
      minOrder: products.minOrder,
      packSize: products.packSize,
    })
    .from(servicePlanItems)
    .innerJoin(products, eq(products.id, servicePlanItems.productId))
    .where(and(inArray(servicePlanItems.id, planItemIds), eq(servicePlanItems.modelId, m.modelId)));
  if (items.length !== new Set(planItemIds).size)
    throw fieldError('bad_request', 'planItemIds', equipmentMessages.notInPlan);
  for (const it of items) {
    // A replaced part goes to the cart as its newest successor.
    const productId = (await newestOf(db, it.productId))?.id ?? it.productId;
    const quantity = Math.ceil(Math.max(1, it.minOrder) / it.packSize) * it.packSize;
    await addToCart(db, caller.id, { productId, quantity });
  }
  return { added: items.length };
}
