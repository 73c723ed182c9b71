import { gramsToLb, inToMm, lbToGrams, mmToIn } from '@shared/catalogue/product-shipping';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, count, eq, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Database, Db } from '../infra/db';
import type { MediaStore } from '../infra/storage';
import { seedImagesDir } from '../infra/paths';
import {
  freightRates,
  news,
  parcelRates,
  pickupLocations,
  productPriceBreaks,
  products,
  shippingMethods,
  shippingZones,
  taxRates,
} from '../db/schema';
import { demoNews, demoProducts } from './demo-data';
import { demoPickupLocations, demoShippingMethods, demoTaxRates, demoZones } from './fulfilment-data';
import { demoProductCatalogue, type ProductCatalogueSeed } from './catalogue-data';
import { ensureCatalogueStructure, writeProductSpecs } from './catalogue-structure';
import { seedEquipment } from './equipment-seed';

export interface SeedResult {
  products: number;
  news: number;
  /** Aftermarket parts and kits of the demo machine models (seeded with the demo catalogue only). */
  parts: number;
  /** Demo products of an earlier seed given their shipping weight, box and freight class (decision 077). */
  weighed?: number;
}

/**
 * The illustrative shipping and tax tables (fulfilment-data.ts), written only when the shop has none of them: no
 * method, zone, pickup location or tax rate. An admin who empties one of the tables on purpose keeps it empty.
 */
export async function seedFulfilment(database: Database): Promise<number> {
  return database.withStartupLock(() => seedFulfilmentTables(database.db));
}

async function seedFulfilmentTables(db: Db): Promise<number> {
  const counts = await Promise.all(
    [shippingMethods, shippingZones, pickupLocations, taxRates].map((t) => db.select({ n: count() }).from(t)),
  );
  if (counts.some(([c]) => c?.n !== 0)) return 0;
  await db.transaction(async (tx) => {
    for (const m of demoShippingMethods) {
      const { parcelRates: parcel = [], freightRates: freight = [], ...method } = m;
      const [row] = await tx.insert(shippingMethods).values(method).returning({ id: shippingMethods.id });
      if (parcel.length)
        await tx.insert(parcelRates).values(parcel.map((r) => ({ methodId: row!.id, ...r })));
      if (freight.length)
        await tx.insert(freightRates).values(freight.map((r) => ({ methodId: row!.id, ...r })));
    }
    await tx.insert(pickupLocations).values(demoPickupLocations);
    await tx.insert(shippingZones).values(demoZones);
    await tx.insert(taxRates).values(demoTaxRates);
  });
  return demoShippingMethods.length;
}

/** How a demo product ships, stored as an admin would type it (lb to 2 decimals, inches to 1): an export re-imports unchanged. */
const shippingColumnsOf = (cat: ProductCatalogueSeed) => ({
  shippingWeightGrams: lbToGrams(gramsToLb(Math.round(cat.shipping.kg * 1000))),
  lengthMm: inToMm(mmToIn(cat.shipping.mm[0])),
  widthMm: inToMm(mmToIn(cat.shipping.mm[1])),
  heightMm: inToMm(mmToIn(cat.shipping.mm[2])),
  shipsAs: cat.shipping.freightClass ? ('freight' as const) : ('parcel' as const),
  freightClass: cat.shipping.freightClass ?? null,
});

/**
 * A shop seeded before the demo products had shipping data (decision 046) still has them weightless: each demo
 * product still as that seed left it (same SKU and name, no shipping weight, no box, a parcel without a class) gets
 * the demo's weight, box and freight class. A product an admin renamed, weighed or sized is left as it is
 * (decision 077). Returns how many were weighed.
 */
export async function weighDemoProducts(db: Db): Promise<number> {
  let weighed = 0;
  for (const item of demoProducts) {
    const cat = demoProductCatalogue[item.slug]!;
    const rows = await db
      .update(products)
      .set(shippingColumnsOf(cat))
      .where(
        and(
          eq(products.sku, cat.sku),
          eq(products.name, item.name),
          isNull(products.shippingWeightGrams),
          isNull(products.lengthMm),
          isNull(products.widthMm),
          isNull(products.heightMm),
          eq(products.shipsAs, 'parcel'),
          isNull(products.freightClass),
        ),
      )
      .returning({ id: products.id });
    weighed += rows.length;
  }
  return weighed;
}

/** Demo catalogue and news, written only into an empty shop so real data is never touched. */
export async function seedDemo(database: Database, media: MediaStore, equipment = true): Promise<SeedResult> {
  return database.withStartupLock(async () => {
    const { db } = database;
    const [p] = await db.select({ n: count() }).from(products);
    const [n] = await db.select({ n: count() }).from(news);
    const result: SeedResult = { products: 0, news: 0, parts: 0 };

    if (p?.n === 0) {
      const ids = await ensureCatalogueStructure(db);
      const rows = [];
      for (const item of demoProducts) {
        const bytes = await readFile(path.join(seedImagesDir, `${item.slug}.webp`));
        const img = await media.put('products', bytes, 'webp');
        const cat = demoProductCatalogue[item.slug]!;
        rows.push({
          sku: cat.sku,
          brand: cat.brand,
          categoryId: ids.categoryId.get(cat.category)!,
          name: item.name,
          img,
          priceCents: item.priceCents,
          quantity: item.quantity,
          minOrder: item.minOrder,
          packSize: cat.packSize ?? 1,
          description: item.desc,
          ...shippingColumnsOf(cat),
        });
      }
      // Distinct timestamps keep the catalogue order stable: the first demo product is the newest.
      const now = Date.now();
      const inserted = await db
        .insert(products)
        .values(rows.map((r, i) => ({ ...r, createdAt: new Date(now - i * 60_000) })))
        .returning({ id: products.id, sku: products.sku });
      const catalogueOf = new Map(Object.values(demoProductCatalogue).map((c) => [c.sku, c]));
      const specsOf = new Map(Object.values(demoProductCatalogue).map((c) => [c.sku, c.specs]));
      await writeProductSpecs(
        db,
        ids,
        inserted.map((r) => ({ productId: r.id, specs: specsOf.get(r.sku)! })),
      );
      const breaks = inserted.flatMap((r) =>
        (catalogueOf.get(r.sku)?.priceBreaks ?? []).map((b) => ({ productId: r.id, ...b })),
      );
      if (breaks.length) await db.insert(productPriceBreaks).values(breaks);
      result.products = rows.length;
      if (equipment) result.parts = await seedEquipment(db, media);
    } else {
      result.weighed = await weighDemoProducts(db);
    }

    if (n?.n === 0) {
      await db.insert(news).values(
        demoNews.map((item) => ({
          title: item.title,
          body: item.body,
          authorName: item.name,
          publishedAt: new Date(item.publishedAt),
        })),
      );
      result.news = demoNews.length;
    }
    return result;
  });
}

/**
 * SEED_DEMO: an empty shop gets the demo catalogue, news, shipping and tax tables at start-up, before the app listens, so the first
 * request sees them. Registered by the app with the features; infrastructure never imports it.
 */
export const demoSeedPlugin = fp(
  async (app) => {
    if (!app.config.seedDemo) return;
    const seeded = await seedDemo(app.database, app.media, app.config.seedDemoEquipment);
    if (seeded.products || seeded.news || seeded.weighed)
      app.log.info(seeded, 'seeded demo catalogue and news');
    if (!app.config.seedDemoRates) return;
    const shippingMethods = await seedFulfilment(app.database);
    if (shippingMethods) app.log.info({ shippingMethods }, 'seeded demo shipping and tax tables');
  },
  { name: 'demo-seed', dependencies: ['config', 'database', 'media-store'] },
);
