import { asc, desc, eq } from 'drizzle-orm';
import type { Order } from '@shared/orders/orders.schema';
import { orders, user } from '../../db/schema';
import { toOrder, type OrderDeps } from './orders.model';

export async function listOrdersOf(deps: OrderDeps, email: string): Promise<Order[]> {
  const { db } = deps;
  const [owner] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()));
  if (!owner) return [];
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, owner.id))
    .orderBy(desc(orders.createdAt), asc(orders.id));
  return rows.map((r) => toOrder(r, deps.expiryMs));
}

export async function listAllOrders(deps: OrderDeps): Promise<Order[]> {
  const rows = await deps.db.select().from(orders).orderBy(desc(orders.createdAt), asc(orders.id));
  return rows.map((r) => toOrder(r, deps.expiryMs));
}
