import { sql } from 'drizzle-orm';
import { breaksToDollars } from '@shared/catalogue/pricing';
import type { ProductDetail } from '@shared/catalogue/search.schema';
import { notFound } from '../../infra/errors';
import type { Db } from '../../infra/db';
import { loadCategories, pathTo, toRef } from './categories.service';
import { loadBreaks } from './pricing.service';
import { productColumns, toCatalogueProducts, type ProductRow } from './product-cards';
import { loadSpecs } from './specs.service';

const RELATED = 6;

/** GET /api/catalogue/products/{id}: the product page's data beyond the product itself. */
export async function productDetail(db: Db, id: string): Promise<ProductDetail> {
  const cats = await loadCategories(db);
  const { rows } = await db.execute<ProductRow>(
    sql`select ${productColumns} from products p where p.id = ${id}::uuid and p.archived_at is null`,
  );
  const row = rows[0];
  if (!row) throw notFound('Product');
  const related = row.categoryId
    ? (
        await db.execute<ProductRow>(sql`
          select ${productColumns} from products p
          where p.category_id = ${row.categoryId}::uuid and p.archived_at is null and p.id <> ${id}::uuid
          order by p.created_at desc, p.id desc limit ${RELATED}`)
      ).rows
    : [];
  const [products, specs, breaks] = await Promise.all([
    toCatalogueProducts(db, cats, [row, ...related]),
    loadSpecs(db, cats, [row]),
    loadBreaks(db, [row.id]),
  ]);
  return {
    product: { ...products[0]!, priceBreaks: breaksToDollars(breaks.get(row.id) ?? []) },
    breadcrumbs: pathTo(cats, row.categoryId).map(toRef),
    specs: specs.get(row.id) ?? [],
    related: products.slice(1),
  };
}
