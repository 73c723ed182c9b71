import { asc, eq } from 'drizzle-orm';
import type { Diagram } from '@shared/equipment/equipment.schema';
import { diagramHotspots, products } from '../../db/schema';
import { fieldError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { modelById } from './equipment.models';

/** Hotspots are stored in hundredths of a percent: integers keep equality and ordering exact. */
const BASIS_PER_PERCENT = 100;
const toBasis = (pct: number) => Math.round(pct * BASIS_PER_PERCENT);
const toPercent = (basis: number) => basis / BASIS_PER_PERCENT;

/** A model's exploded diagram: the image and its numbered hotspots with each part's name and list price. */
export async function diagramOf(db: Db, modelId: string): Promise<Diagram> {
  const model = await modelById(db, modelId);
  const rows = await db
    .select({
      number: diagramHotspots.number,
      x: diagramHotspots.xBasis,
      y: diagramHotspots.yBasis,
      productId: diagramHotspots.productId,
      name: products.name,
      priceCents: products.priceCents,
    })
    .from(diagramHotspots)
    .innerJoin(products, eq(products.id, diagramHotspots.productId))
    .where(eq(diagramHotspots.modelId, modelId))
    .orderBy(asc(diagramHotspots.number))
    .limit(999);
  return {
    url: model.diagramUrl,
    hotspots: rows.map((r) => ({
      number: r.number,
      xPct: toPercent(r.x),
      yPct: toPercent(r.y),
      productId: r.productId,
      name: r.name,
      priceCents: r.priceCents,
    })),
  };
}

export async function placeHotspot(
  db: Db,
  admin: SessionUser,
  modelId: string,
  h: { number: number; xPct: number; yPct: number; productId: string },
) {
  await modelById(db, modelId);
  const [p] = await db.select({ id: products.id }).from(products).where(eq(products.id, h.productId));
  if (!p) throw fieldError('bad_request', 'productId', 'is not a product of the catalogue');
  const values = { xBasis: toBasis(h.xPct), yBasis: toBasis(h.yPct), productId: h.productId };
  await db.transaction(async (tx) => {
    await tx
      .insert(diagramHotspots)
      .values({ modelId, number: h.number, ...values })
      .onConflictDoUpdate({ target: [diagramHotspots.modelId, diagramHotspots.number], set: values });
    await recordAudit(tx, admin, {
      kind: 'equipment_model.edited',
      entityType: 'equipment_model',
      entityId: modelId,
      summary: `Placed hotspot ${h.number} on the diagram`,
      after: h,
    });
  });
}
