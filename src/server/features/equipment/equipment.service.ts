import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  equipmentMessages,
  type MachineDetail,
  type ProductFit,
} from '@shared/equipment/equipment.schema';
import { machineServices, products, servicePlanItems } from '../../db/schema';
import { fieldError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db } from '../../infra/db';
import { addToCart } from '../cart/index';
import { dueServices } from './equipment.due';
import { fittingParts, fittingProductsSql, newestOf } from './equipment.fit';
import { machineOf, mineSql, toMachine } from './equipment.machines';

/** A machine's page: the machine, its warranty, the parts that fit it and its services with their due dates. */
export async function machineDetail(
  db: Db,
  caller: SessionUser,
  id: string,
  now = new Date(),
): Promise<MachineDetail> {
  const row = await machineOf(db, caller, id);
  const [parts, services] = await Promise.all([
    fittingParts(db, id),
    dueServices(db, sql`${id}::uuid`, now),
  ]);
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
    select m.id, m.serial, em.name as model,
      ${productId}::uuid in ${fittingProductsSql(sql`m.id`)} as fits
    from machines m join equipment_models em on em.id = m.model_id
    where m.id in (${mineSql(caller)})
    order by m.created_at desc, m.id
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
  const [item] = await db
    .select({ id: servicePlanItems.id })
    .from(servicePlanItems)
    .where(and(eq(servicePlanItems.id, body.planItemId), eq(servicePlanItems.modelId, m.modelId)));
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
    .select({ productId: servicePlanItems.productId, minOrder: products.minOrder, packSize: products.packSize })
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
