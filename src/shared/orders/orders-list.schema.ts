import { z } from 'zod';
import {
  boolParam,
  cursorParam,
  limitParam,
  searchParam,
  SPEC_LIST_DEFAULT_LIMIT,
} from '@shared/common/paging.schema';
import { orderStatuses } from './orders.schema';
import { fulfilmentStates } from './order-status';

export const orderSorts = ['newest', 'oldest', 'total'] as const;
export type OrderSort = (typeof orderSorts)[number];

/** GET /api/order (admin): the spec's array of orders, a page at a time. */
export const orderListQuerySchema = z.object({
  limit: limitParam(SPEC_LIST_DEFAULT_LIMIT).describe(`page size (default ${SPEC_LIST_DEFAULT_LIMIT})`),
  cursor: cursorParam,
  sort: z
    .enum(orderSorts, { error: `must be one of ${orderSorts.join(', ')}` })
    .default('newest')
    .describe('newest (default), oldest, or total (largest first)'),
  status: z
    .enum(orderStatuses, { error: `must be one of ${orderStatuses.join(', ')}` })
    .optional()
    .describe('orders in this status (an unpaid order past its checkout window is Expired)'),
  fulfilment: z
    .enum(fulfilmentStates, { error: `must be one of ${fulfilmentStates.join(', ')}` })
    .optional()
    .describe('lines in this fulfilment state (decision 038), e.g. awaiting_shipment or partly_shipped'),
  paid: boolParam.optional().describe('true: paid orders only; false: unpaid only'),
  q: searchParam.describe(
    "an order id, an order number (`#1001` or `1001`), or the start of the customer's email",
  ),
  since: z.iso
    .datetime({ offset: true, error: 'must be a date and time (ISO 8601, e.g. 2026-12-07T09:00:00Z)' })
    .optional()
    .describe(
      'orders placed at or after this time: with sort=oldest and the cursor, an integration reads new orders in order',
    ),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

/**
 * GET /api/myorder/{email}: the spec's array of one customer's orders, newest first, a page at a time (the first
 * page, of at most 1,000, is what the spec's call without parameters answers).
 */
export const myOrdersQuerySchema = z.object({
  limit: limitParam(SPEC_LIST_DEFAULT_LIMIT).describe(`page size (default ${SPEC_LIST_DEFAULT_LIMIT})`),
  cursor: cursorParam,
});
export type MyOrdersQuery = z.infer<typeof myOrdersQuerySchema>;
