import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { emailParamsSchema } from '../accounts/accounts.schema';
import { idParamsSchema } from '../common/common.schema';
import { invoiceListSchema } from '../invoices/invoices.schema';
import { timelineSchema } from '../invoices/timeline.schema';
import { ordersCalls } from './orders.calls';
import { myOrdersQuerySchema, orderListQuerySchema } from './orders-list.schema';
import {
  orderCreatedSchema,
  orderCreateSchema,
  orderListSchema,
  orderPaySchema,
  orderSchema,
  orderUpdatedSchema,
  refundOrderSchema,
} from './orders.schema';

const ordersSchemas = {
  place: { params: emailParamsSchema, body: orderCreateSchema, response: orderCreatedSchema },
  mine: { params: emailParamsSchema, query: myOrdersQuerySchema, response: orderListSchema },
  all: { query: orderListQuerySchema, response: orderListSchema },
  order: { params: idParamsSchema, response: orderSchema },
  cancel: { params: idParamsSchema, response: orderUpdatedSchema },
  refund: { params: idParamsSchema, body: refundOrderSchema.nullish(), response: orderUpdatedSchema },
  deliver: { params: idParamsSchema, response: orderUpdatedSchema },
  pay: { params: idParamsSchema, body: orderPaySchema, response: orderUpdatedSchema },
  invoices: { params: idParamsSchema, response: invoiceListSchema },
  timeline: { params: idParamsSchema, response: timelineSchema },
} satisfies Record<string, CallSchemas>;
export type OrdersSchemas = typeof ordersSchemas;

/** The orders' calls with their schemas: the server's routes take their URL and schemas from here. */
export const ordersContract = defineContract(ordersCalls, ordersSchemas);
