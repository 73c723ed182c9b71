import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Paged } from '@shared/common/paging.schema';
import {
  equipmentMessages,
  serialKey,
  type Machine,
  type MachineCreate,
  machineCreateSchema,
} from '@shared/equipment/equipment.schema';
import { companyLocations, companyOfUser, equipmentModels, machines, orders } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import { afterCursor, cutPage, keyText, orderBySort, type KeysetSort } from '../../infra/keyset';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import { membershipOf } from '../companies/index';
import { addMonths } from './equipment.due';

type MachineRow = typeof machines.$inferSelect & { modelName: string; warrantyMonths: number };

const isUniqueViolation = (err: unknown) =>
  ((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505';

/** The machines a caller may see: their own and their company's; the shop's admins see every machine. */
export const visibleTo = (caller: SessionUser): SQL =>
  caller.role === 'admin'
    ? sql`true`
    : or(eq(machines.userId, caller.id), sql`${machines.companyId} = ${companyOfUser(caller.id)}`)!;

/** The caller's own machines (and their company's): what "fits my equipment" means, admins included. */
export const mineSql = (caller: SessionUser): SQL =>
  sql`select id from machines where user_id = ${caller.id} or company_id = ${companyOfUser(caller.id)}`;

export function toMachine(r: MachineRow, today = new Date()): Machine {
  const until = addMonths(r.installedOn, r.warrantyMonths);
  const proof = Boolean(r.orderId || r.invoiceKey || r.invoiceUrl);
  return {
    id: r.id,
    modelId: r.modelId,
    modelName: r.modelName,
    serial: r.serial,
    installedOn: r.installedOn,
    companyId: r.companyId,
    locationId: r.locationId,
    siteAddress: r.siteAddress,
    runningHours: r.runningHours,
    hoursPerWeek: r.hoursPerWeek,
    orderId: r.orderId,
    invoiceUrl: r.invoiceKey ? `/api/equipment/machines/${r.id}/proof` : r.invoiceUrl,
    invoiceFileName: r.invoiceFileName,
    warranty: { until: until.toISOString().slice(0, 10), covered: proof && until >= today, proof },
    createdAt: r.createdAt.toISOString(),
  };
}

const withModel = (db: Db | Tx) =>
  db
    .select({
      m: machines,
      modelName: equipmentModels.name,
      warrantyMonths: equipmentModels.warrantyMonths,
    })
    .from(machines)
    .innerJoin(equipmentModels, eq(equipmentModels.id, machines.modelId));

const flat = (r: { m: typeof machines.$inferSelect; modelName: string; warrantyMonths: number }) => ({
  ...r.m,
  modelName: r.modelName,
  warrantyMonths: r.warrantyMonths,
});

/** One machine the caller may see, or 404 (another's machine is as unknown as a missing one). */
export async function machineOf(db: Db | Tx, caller: SessionUser, id: string): Promise<MachineRow> {
  const [row] = await withModel(db).where(and(eq(machines.id, id), visibleTo(caller)));
  if (!row) throw notFound('Machine');
  return flat(row);
}

const newest: KeysetSort = {
  name: 'newest',
  key: sql`${machines.createdAt}`,
  dir: 'desc',
  id: sql`${machines.id}`,
  idType: 'uuid',
  type: 'timestamptz',
};

export async function listMachines(
  db: Db,
  caller: SessionUser,
  q: { limit: number; cursor?: string | undefined },
): Promise<Paged<Machine>> {
  const mine = or(eq(machines.userId, caller.id), sql`${machines.companyId} = ${companyOfUser(caller.id)}`)!;
  const where = q.cursor ? and(mine, afterCursor(newest, q.cursor))! : mine;
  const rows = await db
    .select({
      m: machines,
      modelName: equipmentModels.name,
      warrantyMonths: equipmentModels.warrantyMonths,
      cursorKey: keyText(newest),
    })
    .from(machines)
    .innerJoin(equipmentModels, eq(equipmentModels.id, machines.modelId))
    .where(where)
    .orderBy(orderBySort(newest))
    .limit(q.limit + 1)
    .then((rs) => rs.map((r) => ({ ...flat(r), cursorKey: r.cursorKey, cursorId: r.m.id })));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(machines)
    .where(mine);
  const page = cutPage(newest, rows, q.limit);
  return { items: page.rows.map((r) => toMachine(r)), nextCursor: page.nextCursor, total: count?.n ?? 0 };
}

/** A paid order of the caller (or of their company) for the model's catalogue product: the proof of purchase. */
async function assertProofOrder(db: Db, caller: SessionUser, orderId: string, productId: string | null) {
  const [o] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.paymentStatus, true),
        or(eq(orders.userId, caller.id), sql`${orders.companyId} = ${companyOfUser(caller.id)}`),
        productId ? eq(orders.productId, productId) : sql`false`,
      ),
    );
  if (!o) throw fieldError('bad_request', 'orderId', equipmentMessages.notYourOrder);
}

export async function registerMachine(db: Db, caller: SessionUser, body: MachineCreate): Promise<Machine> {
  const input = machineCreateSchema.parse(body);
  const [model] = await db.select().from(equipmentModels).where(eq(equipmentModels.id, input.modelId));
  if (!model) throw fieldError('not_found', 'modelId', 'is not a model the shop lists');
  let companyId: string | null = null;
  if (input.forCompany || input.locationId) {
    const member = await membershipOf(db, caller.id);
    if (!member) throw fieldError('forbidden', 'forCompany', equipmentMessages.noCompany);
    companyId = member.companyId;
  }
  if (input.locationId) {
    const [loc] = await db
      .select({ id: companyLocations.id })
      .from(companyLocations)
      .where(and(eq(companyLocations.id, input.locationId), eq(companyLocations.companyId, companyId!)));
    if (!loc) throw fieldError('bad_request', 'locationId', 'is not a location of your company');
  }
  if (input.orderId) await assertProofOrder(db, caller, input.orderId, model.productId);
  try {
    const [row] = await db
      .insert(machines)
      .values({
        userId: input.forCompany ? null : caller.id,
        companyId: input.forCompany ? companyId : null,
        registeredBy: caller.id,
        modelId: model.id,
        serial: input.serial.toUpperCase(),
        serialKey: serialKey(input.serial),
        installedOn: input.installedOn,
        locationId: input.locationId ?? null,
        siteAddress: input.siteAddress ?? null,
        runningHours: input.runningHours,
        hoursPerWeek: input.hoursPerWeek,
        orderId: input.orderId ?? null,
      })
      .returning();
    return toMachine({ ...row!, modelName: model.name, warrantyMonths: model.warrantyMonths });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', equipmentMessages.duplicateSerial);
    throw err;
  }
}

/** A new running-hours reading: the due dates count on from it. */
export async function updateHours(
  db: Db,
  caller: SessionUser,
  id: string,
  body: { runningHours: number; hoursPerWeek?: number | undefined },
) {
  await machineOf(db, caller, id);
  await db
    .update(machines)
    .set({
      runningHours: body.runningHours,
      hoursReadAt: sql`now()`,
      ...(body.hoursPerWeek !== undefined && { hoursPerWeek: body.hoursPerWeek }),
    })
    .where(eq(machines.id, id));
}

/** The machine models a paid order of the caller holds: what "Register this machine" offers on that order. */
export async function registrableFromOrder(db: Db, caller: SessionUser, orderId: string) {
  const rows = await db
    .select({ modelId: equipmentModels.id, modelName: equipmentModels.name })
    .from(orders)
    .innerJoin(equipmentModels, eq(equipmentModels.productId, orders.productId))
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.paymentStatus, true),
        or(eq(orders.userId, caller.id), sql`${orders.companyId} = ${companyOfUser(caller.id)}`),
      ),
    );
  return rows;
}
