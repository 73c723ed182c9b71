import type { Tx } from '../../infra/db';
import { recordEvents } from '../webhooks/index';
import { toOrder } from './orders.model';
import type { OrderLine } from './orders.line-delivery';

/**
 * Announces order lines to webhook endpoints in the caller's transaction: one event per order in one statement, its data the order as
 * `GET /api/order/{id}` answers it (decision 061).
 */
export async function announceOrders(
  tx: Tx,
  type: 'order.created' | 'order.paid' | 'order.cancelled',
  lines: readonly OrderLine[],
  expiryMs: number,
): Promise<void> {
  await recordEvents(
    tx,
    lines.map((line) => ({ type, companyId: line.companyId, data: toOrder(line, expiryMs) })),
  );
}
