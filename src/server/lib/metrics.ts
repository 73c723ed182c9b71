import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

/**
 * Process-wide metrics: the process itself and business events. Services count through the functions below, so they
 * need nothing from the app; per-app metrics (requests, pool, queues) live in plugins/metrics.ts.
 */
export const processRegistry = new Registry();

let defaultsCollected = false;
/** Node's own metrics (CPU, memory, event-loop lag, GC, handles), collected once per process. */
export function collectProcessMetrics() {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: processRegistry });
}

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
