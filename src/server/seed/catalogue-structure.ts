import { inArray, sql } from 'drizzle-orm';
import { isUnitKind, unitSymbol } from '@shared/catalogue/units';
import type { Db, Tx } from '../infra/db';
import { categories, categorySpecAttributes, productSpecs, products, specAttributes } from '../db/schema';
import { demoAttributes, demoCategories } from './catalogue-data';

export interface CatalogueIds {
  categoryId: Map<string, string>;
  attributeId: Map<string, number>;
}

/** Writes the category tree and spec attributes if missing (idempotent), and returns their ids by slug / key. */
export async function ensureCatalogueStructure(db: Db | Tx): Promise<CatalogueIds> {
  await db
    .insert(specAttributes)
    .values(
      demoAttributes.map((a) => ({
        key: a.key,
        label: a.label,
        type: a.type,
        unitKind: a.unitKind ?? null,
        unit: isUnitKind(a.unitKind) ? unitSymbol(a.unitKind, 'metric') : null,
      })),
    )
    .onConflictDoNothing();
  const attrs = await db.select({ id: specAttributes.id, key: specAttributes.key }).from(specAttributes);
  const attributeId = new Map(attrs.map((a) => [a.key, a.id]));

  const categoryId = new Map<string, string>();
  const existing = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  for (const c of existing) categoryId.set(c.slug, c.id);
  // Parents come before their children in demoCategories.
  for (const [i, c] of demoCategories.entries()) {
    if (categoryId.has(c.slug)) continue;
    const [row] = await db
      .insert(categories)
      .values({
        slug: c.slug,
        name: c.name,
        parentId: c.parent ? categoryId.get(c.parent) : null,
        position: i,
      })
      .returning({ id: categories.id });
    categoryId.set(c.slug, row!.id);
    if (c.specs.length) {
      await db
        .insert(categorySpecAttributes)
        .values(
          c.specs.map((key, position) => ({
            categoryId: row!.id,
            attributeId: attributeId.get(key)!,
            position,
          })),
        )
        .onConflictDoNothing();
    }
  }
  return { categoryId, attributeId };
}

/** Stores spec values (canonical units) for products, then recomputes their search vectors to include them. */
export async function writeProductSpecs(
  db: Db | Tx,
  ids: CatalogueIds,
  rows: { productId: string; specs: Record<string, number | string> }[],
): Promise<void> {
  const values = rows.flatMap((r) =>
    Object.entries(r.specs).map(([key, v]) => ({
      productId: r.productId,
      attributeId: ids.attributeId.get(key)!,
      value: typeof v === 'number' ? v : null,
      valueText: typeof v === 'string' ? v : null,
    })),
  );
  if (values.length) await db.insert(productSpecs).values(values);
  const productIds = rows.map((r) => r.productId);
  if (productIds.length) {
    await db
      .update(products)
      .set({ searchVector: sql`null` })
      .where(inArray(products.id, productIds));
  }
}
