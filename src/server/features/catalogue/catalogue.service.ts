import { desc, eq } from 'drizzle-orm';
import type { Product } from '../../../shared/catalogue/catalogue.schema';
import { products } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Db } from '../../plugins/db';

type ProductRow = typeof products.$inferSelect;

export const toProduct = (row: ProductRow): Product => ({
  _id: row.id,
  name: row.name,
  img: row.img,
  price: row.priceCents / 100,
  quantity: row.quantity,
  minOrder: row.minOrder,
  desc: row.description,
});

const newestFirst = [desc(products.createdAt), products.id] as const;

export async function listProducts(db: Db, limit?: number): Promise<Product[]> {
  const query = db
    .select()
    .from(products)
    .orderBy(...newestFirst);
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map(toProduct);
}

export async function getProduct(db: Db, id: string): Promise<Product> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw notFound('Product');
  return toProduct(row);
}
