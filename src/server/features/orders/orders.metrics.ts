import { Counter } from 'prom-client';
import { processRegistry } from '../../infra/metrics';

// Orders' business events, counted by the services themselves; GET /api/metrics serves them with the process's.
const ordersPlaced = new Counter({
  name: 'shop_orders_placed_total',
  help: 'Orders placed (stock reserved) since the process started',
  registers: [processRegistry],
});

const ordersPaid = new Counter({
  name: 'shop_orders_paid_total',
  help: 'Orders marked paid after the payment provider confirmed the payment',
  registers: [processRegistry],
});

/** Counts a placed order; returns it, to sit at the end of a promise chain. */
export function countOrderPlaced<T>(order: T): T {
  ordersPlaced.inc();
  return order;
}
export const countOrderPaid = () => ordersPaid.inc();
