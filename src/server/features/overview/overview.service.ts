import type { Overview } from '@shared/overview/overview.schema';
import type { Db } from '../../infra/db';
import { lowStockProducts } from '../catalogue/index';
import { orderStats } from '../orders/index';

/** How many low-stock products the overview lists; the rest are a link away (Manage Products, low stock). */
export const OVERVIEW_LOW_STOCK = 10;

/** The store overview: the orders' figures and the catalogue's low stock, each from its own feature. */
export async function storeOverview(db: Db, now = new Date()): Promise<Overview> {
  const [stats, low] = await Promise.all([orderStats(db, now), lowStockProducts(db, OVERVIEW_LOW_STOCK)]);
  return { ...stats, lowStock: low.items, lowStockTotal: low.total };
}
