import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../infra/db';
import type { MediaStore } from '../infra/storage';
import { seedImagesDir } from '../infra/paths';
import {
  categories,
  diagramHotspots,
  equipmentModels,
  partFits,
  partReplacements,
  products,
  servicePlanItems,
} from '../db/schema';

/**
 * The demo shop's aftermarket (docs/decisions/064-equipment.md): the two demo compressors as machine models with
 * service plans, thirteen parts and kits (serial-range fit, one "replaced by" chain), and the RS-75's exploded
 * diagram with numbered hotspots. Written only when the shop has no equipment model and has both compressors.
 */

interface DemoPart {
  sku: string;
  name: string;
  priceCents: number;
}

const parts: DemoPart[] = [
  { sku: 'AF-75-A', name: 'Air filter element RS-75 (A)', priceCents: 3_890 },
  { sku: 'AF-75-B', name: 'Air filter element RS-75 (B)', priceCents: 4_150 },
  { sku: 'AF-75-C', name: 'Air filter element RS-75 (C)', priceCents: 4_290 },
  { sku: 'OF-75', name: 'Oil filter RS-75', priceCents: 2_950 },
  { sku: 'SEP-75-1', name: 'Oil separator RS-75, serials to N4999', priceCents: 18_900 },
  { sku: 'SEP-75-2', name: 'Oil separator RS-75, serials from N5000', priceCents: 21_400 },
  { sku: 'OIL-5L', name: 'Screw compressor oil 5 L', priceCents: 6_450 },
  { sku: 'KIT-75-4K', name: 'Service kit 4,000 h RS-75', priceCents: 14_900 },
  { sku: 'BELT-75', name: 'Drive belt RS-75', priceCents: 5_600 },
  { sku: 'IF-50', name: 'Intake filter AC-50', priceCents: 1_290 },
  { sku: 'CV-50', name: 'Check valve AC-50', priceCents: 2_480 },
  { sku: 'KIT-50-12M', name: 'Service kit 12 months AC-50', priceCents: 5_990 },
  { sku: 'SV-10', name: 'Safety valve 10 bar', priceCents: 1_870 },
];

const tile = (label: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<rect width="400" height="400" fill="#e2e8f0"/><text x="200" y="210" font-family="sans-serif" font-size="40"
text-anchor="middle" fill="#1e293b">${label}</text></svg>`);

export async function seedEquipment(db: Db, media: MediaStore): Promise<number> {
  const [models] = await db.select({ n: count() }).from(equipmentModels);
  if (models?.n !== 0) return 0;
  const machines = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(inArray(products.sku, ['RS-75-400', 'AC-50-OF']));
  const rs = machines.find((m) => m.sku === 'RS-75-400');
  const ac = machines.find((m) => m.sku === 'AC-50-OF');
  if (!rs || !ac) return 0;
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.slug, ['air-treatment']));
  const diagram = await media.put(
    'diagrams',
    await sharp(await readFile(path.join(seedImagesDir, 'rs-75-diagram.svg')))
      .webp({ quality: 80 })
      .toBuffer(),
    'webp',
  );
  const images = await Promise.all(
    parts.map(async (p) =>
      media.put('products', await sharp(tile(p.sku)).webp({ quality: 70 }).toBuffer(), 'webp'),
    ),
  );
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(products)
      .values(
        parts.map((p, i) => ({
          sku: p.sku,
          brand: p.sku.includes('50') ? 'Atlas' : 'Norden',
          categoryId: category?.id ?? null,
          name: p.name,
          img: images[i]!,
          priceCents: p.priceCents,
          quantity: 40,
          description: `${p.name}: a genuine part. See which of your machines it fits on its page.`,
          shippingWeightGrams: 900,
        })),
      )
      .returning({ id: products.id, sku: products.sku });
    const id = (sku: string) => rows.find((r) => r.sku === sku)!.id;
    const [rsModel, acModel] = await tx
      .insert(equipmentModels)
      .values([
        { name: 'Norden RS-75 rotary screw', productId: rs.id, warrantyMonths: 24, diagramUrl: diagram },
        { name: 'Atlas AC-50 oil-free', productId: ac.id, warrantyMonths: 12 },
      ])
      .returning({ id: equipmentModels.id });
    const plan = (modelId: string, sku: string, everyHours: number | null, everyMonths: number | null) => ({
      modelId,
      productId: id(sku),
      everyHours,
      everyMonths,
    });
    await tx
      .insert(servicePlanItems)
      .values([
        plan(rsModel!.id, 'AF-75-A', 2000, null),
        plan(rsModel!.id, 'OF-75', 4000, null),
        plan(rsModel!.id, 'KIT-75-4K', 4000, 12),
        { ...plan(rsModel!.id, 'SEP-75-1', 8000, null), serialTo: 'N4999' },
        { ...plan(rsModel!.id, 'SEP-75-2', 8000, null), serialFrom: 'N5000' },
        plan(acModel!.id, 'IF-50', 500, 6),
        plan(acModel!.id, 'KIT-50-12M', null, 12),
      ]);
    await tx.insert(partFits).values([
      { modelId: rsModel!.id, productId: id('BELT-75') },
      { modelId: rsModel!.id, productId: id('OIL-5L') },
      { modelId: rsModel!.id, productId: id('SV-10') },
      { modelId: acModel!.id, productId: id('SV-10') },
      { modelId: acModel!.id, productId: id('CV-50') },
    ]);
    await tx.insert(partReplacements).values([
      { productId: id('AF-75-A'), replacedById: id('AF-75-B') },
      { productId: id('AF-75-B'), replacedById: id('AF-75-C') },
    ]);
    // Hotspots in hundredths of a percent of the image (x, y), placed on the diagram's drawn parts.
    const spot = (number: number, x: number, y: number, sku: string) => ({
      modelId: rsModel!.id,
      number,
      xBasis: x,
      yBasis: y,
      productId: id(sku),
    });
    await tx
      .insert(diagramHotspots)
      .values([
        spot(1, 1900, 2800, 'AF-75-C'),
        spot(2, 2000, 6400, 'OF-75'),
        spot(3, 8200, 4300, 'SEP-75-2'),
        spot(4, 5100, 8600, 'BELT-75'),
        spot(5, 8500, 7900, 'SV-10'),
      ]);
    return parts.length;
  });
}
