import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  AdminProduct,
  AdminProductQuery,
  AdminProductSort,
} from '@shared/catalogue/admin-products.schema';
import type { Paged } from '@shared/common/paging.schema';
import { categories, products } from '../../db/schema';
import { afterCursor, cutPage, keyText, orderBySort, startsWith, type KeysetSort } from '../../infra/keyset';
import type { Db } from '../../infra/db';
import { shippingProfiles, toShipping } from './product-shipping.service';
import { toProduct } from './catalogue.service';

const sort = (
  name: AdminProductSort,
  key: KeysetSort['key'],
  type: KeysetSort['type'],
  dir: 'asc' | 'desc',
  idDir?: 'asc' | 'desc',
): KeysetSort => ({ name, key, type, dir, idDir, id: sql`${products.id}`, idType: 'uuid' });

/** Each order is served by a partial index on live products (0005's and migration 0010's). */
const sorts: Record<AdminProductSort, KeysetSort> = {
  // products_created_at_idx is (created_at desc, id asc): the id tie-break follows it.
  newest: sort('newest', sql`${products.createdAt}`, 'timestamptz', 'desc', 'asc'),
  name: sort('name', sql`lower(${products.name})`, 'text', 'asc'),
  price_asc: sort('price_asc', sql`${products.priceCents}`, 'int', 'asc'),
  price_desc: sort('price_desc', sql`${products.priceCents}`, 'int', 'desc'),
  stock: sort('stock', sql`${products.quantity}`, 'int', 'asc'),
};

/** Name contains the text (trigram index), or the SKU starts with it (the SKU's pattern index). */
function matches(text: string) {
  const t = text.toLowerCase();
  const contains = `%${startsWith(t).slice(0, -1)}%`;
  return sql`(lower(${products.name}) like ${contains} or lower(${products.sku}) like ${startsWith(t)})`;
}

/**
 * GET /api/admin/products: live products (archived ones are gone from the shop), or with `deleted` only the archived
 * ones, with the count of all matches. Deleted products are few, so their list needs no index of its own.
 */
export async function listAdminProducts(db: Db, q: AdminProductQuery): Promise<Paged<AdminProduct>> {
  const order = sorts[q.sort];
  const where = and(
    q.deleted ? isNotNull(products.archivedAt) : isNull(products.archivedAt),
    q.lowStock === undefined
      ? undefined
      : q.lowStock
        ? sql`${products.quantity} < ${products.minOrder}`
        : sql`${products.quantity} >= ${products.minOrder}`,
    q.q ? matches(q.q) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        product: products,
        categorySlug: categories.slug,
        categoryName: categories.name,
        cursorKey: keyText(order),
        cursorId: sql<string>`${products.id}::text`,
      })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(and(where, q.cursor ? afterCursor(order, q.cursor) : undefined))
      .orderBy(orderBySort(order))
      .limit(q.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
  ]);
  const page = cutPage(order, rows, q.limit);
  const profiles = await shippingProfiles(
    db,
    page.rows.map((r) => r.product.id),
  );
  return {
    items: page.rows.map((r) => ({
      ...toProduct(r.product),
      sku: r.product.sku,
      brand: r.product.brand,
      category: r.categorySlug && r.categoryName ? { slug: r.categorySlug, name: r.categoryName } : null,
      createdAt: r.product.createdAt.toISOString(),
      deletedAt: r.product.archivedAt?.toISOString() ?? null,
      lowStockThreshold: r.product.lowStockThreshold,
      ...toShipping(r.product),
      unweighed: profiles.get(r.product.id)?.unitWeightGrams === null,
    })),
    nextCursor: page.nextCursor,
    total: counted?.n ?? 0,
  };
}
