import type { Overview } from '@shared/overview/overview.schema';
import type { Db } from '../../infra/db';
import { lowStockProducts } from '../catalogue/catalogue.service';
import { orderStats } from '../orders/orders.service';

/** The store overview: the orders' figures and the catalogue's low stock, each from its own feature. */
export async function storeOverview(db: Db, now = new Date()): Promise<Overview> {
  const [stats, lowStock] = await Promise.all([orderStats(db, now), lowStockProducts(db)]);
  return { ...stats, lowStock };
}
