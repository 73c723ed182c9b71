import type { FastifyInstance } from 'fastify';
import { ageCheckout as age } from '../features/checkout/approvals.test-clock';

/** Makes `ms` pass for one checkout (see approvals.test-clock.ts): the server reads the real clock. */
export const ageCheckout = (app: FastifyInstance, id: string, ms: number) => age(app.database.db, id, ms);

export const DAY_MS = 86_400_000;

/** The orders' sweep (the 30-minute payment hold), which the approval tests run at chosen moments. */
export { sweepExpiredOrders } from '../features/orders/orders.service';
