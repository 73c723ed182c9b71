import { and, asc, eq } from 'drizzle-orm';
import type {
  EquipmentModel,
  FitCreate,
  ModelCreate,
  PlanItem,
  PlanItemCreate,
} from '@shared/equipment/equipment.schema';
import { equipmentModels, partFits, products, servicePlanItems } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { setReplacement } from './equipment.fit';

/** The admin's side: models, their service plans, the explicit fit list and "replaced by" (all audited). */

const isUniqueViolation = (err: unknown) =>
  ((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505';

const toModel = (r: typeof equipmentModels.$inferSelect): EquipmentModel => ({
  id: r.id,
  name: r.name,
  productId: r.productId,
  warrantyMonths: r.warrantyMonths,
  diagramUrl: r.diagramUrl,
});

/** Every model, by name: a shop services a handful to a few hundred, so one list is the page (capped). */
export async function listModels(db: Db): Promise<EquipmentModel[]> {
  const rows = await db.select().from(equipmentModels).orderBy(asc(equipmentModels.name)).limit(1000);
  return rows.map(toModel);
}

export async function modelById(db: Db | Tx, id: string): Promise<EquipmentModel> {
  const [row] = await db.select().from(equipmentModels).where(eq(equipmentModels.id, id));
  if (!row) throw notFound('Equipment model');
  return toModel(row);
}

async function assertProduct(db: Db | Tx, id: string, field: string) {
  const [p] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  if (!p) throw fieldError('bad_request', field, 'is not a product of the catalogue');
}

export async function createModel(db: Db, admin: SessionUser, input: ModelCreate): Promise<EquipmentModel> {
  if (input.productId) await assertProduct(db, input.productId, 'productId');
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(equipmentModels)
        .values({
          name: input.name,
          productId: input.productId ?? null,
          warrantyMonths: input.warrantyMonths,
          diagramUrl: input.diagramUrl ?? null,
        })
        .returning();
      await recordAudit(tx, admin, {
        kind: 'equipment_model.created',
        entityType: 'equipment_model',
        entityId: row!.id,
        summary: `Added the equipment model ${row!.name}`,
        after: toModel(row!),
      });
      return toModel(row!);
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('conflict', 'A model of that name or catalogue product already exists.');
    throw err;
  }
}

export async function updateModel(
  db: Db,
  admin: SessionUser,
  id: string,
  input: Partial<ModelCreate>,
): Promise<EquipmentModel> {
  const before = await modelById(db, id);
  if (input.productId) await assertProduct(db, input.productId, 'productId');
  const [row] = await db
    .update(equipmentModels)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.productId !== undefined && { productId: input.productId }),
      ...(input.warrantyMonths !== undefined && { warrantyMonths: input.warrantyMonths }),
      ...(input.diagramUrl !== undefined && { diagramUrl: input.diagramUrl }),
    })
    .where(eq(equipmentModels.id, id))
    .returning();
  await recordAudit(db, admin, {
    kind: 'equipment_model.edited',
    entityType: 'equipment_model',
    entityId: id,
    summary: `Changed the equipment model ${row!.name}`,
    before,
    after: toModel(row!),
  });
  return toModel(row!);
}

export async function planOf(db: Db | Tx, modelId: string): Promise<PlanItem[]> {
  const rows = await db
    .select({ i: servicePlanItems, productName: products.name, sku: products.sku })
    .from(servicePlanItems)
    .innerJoin(products, eq(products.id, servicePlanItems.productId))
    .where(eq(servicePlanItems.modelId, modelId))
    .orderBy(asc(servicePlanItems.everyHours), asc(servicePlanItems.everyMonths), asc(servicePlanItems.id))
    .limit(500);
  return rows.map(({ i, productName, sku }) => ({
    id: i.id,
    modelId: i.modelId,
    productId: i.productId,
    productName,
    sku,
    everyHours: i.everyHours,
    everyMonths: i.everyMonths,
    serialFrom: i.serialFrom,
    serialTo: i.serialTo,
  }));
}

export async function addPlanItem(db: Db, admin: SessionUser, modelId: string, input: PlanItemCreate) {
  await modelById(db, modelId);
  await assertProduct(db, input.productId, 'productId');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(servicePlanItems)
      .values({
        modelId,
        productId: input.productId,
        everyHours: input.everyHours ?? null,
        everyMonths: input.everyMonths ?? null,
        serialFrom: input.serialFrom?.toUpperCase() ?? null,
        serialTo: input.serialTo?.toUpperCase() ?? null,
      })
      .returning();
    await recordAudit(tx, admin, {
      kind: 'service_plan.edited',
      entityType: 'equipment_model',
      entityId: modelId,
      summary: 'Added a service plan item',
      after: row,
    });
    return row!.id;
  });
}

export async function removePlanItem(db: Db, admin: SessionUser, modelId: string, itemId: string) {
  const [row] = await db
    .delete(servicePlanItems)
    .where(and(eq(servicePlanItems.id, itemId), eq(servicePlanItems.modelId, modelId)))
    .returning();
  if (!row) throw notFound('Service plan item');
  await recordAudit(db, admin, {
    kind: 'service_plan.edited',
    entityType: 'equipment_model',
    entityId: modelId,
    summary: 'Removed a service plan item',
    before: row,
  });
}

export async function fitsOf(db: Db, modelId: string) {
  return db
    .select({
      id: partFits.id,
      productId: partFits.productId,
      productName: products.name,
      serialFrom: partFits.serialFrom,
      serialTo: partFits.serialTo,
    })
    .from(partFits)
    .innerJoin(products, eq(products.id, partFits.productId))
    .where(eq(partFits.modelId, modelId))
    .orderBy(asc(products.name))
    .limit(1000);
}

export async function addFit(db: Db, admin: SessionUser, modelId: string, input: FitCreate) {
  await modelById(db, modelId);
  await assertProduct(db, input.productId, 'productId');
  const [row] = await db
    .insert(partFits)
    .values({
      modelId,
      productId: input.productId,
      serialFrom: input.serialFrom?.toUpperCase() ?? null,
      serialTo: input.serialTo?.toUpperCase() ?? null,
    })
    .returning();
  await recordAudit(db, admin, {
    kind: 'part_fit.added',
    entityType: 'equipment_model',
    entityId: modelId,
    summary: 'Added a part to the fit list',
    after: row,
  });
  return row!.id;
}

export async function replacePart(
  db: Db,
  admin: SessionUser,
  productId: string,
  replacedById: string | null,
) {
  await assertProduct(db, productId, 'id');
  if (replacedById) await assertProduct(db, replacedById, 'replacedById');
  await db.transaction(async (tx) => {
    await setReplacement(tx, productId, replacedById);
    await recordAudit(tx, admin, {
      kind: 'part.replaced',
      entityType: 'product',
      entityId: productId,
      summary: replacedById ? `Marked replaced by ${replacedById}` : 'No longer marked replaced',
      after: { replacedById },
    });
  });
}
