import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { idParamsSchema } from '../common/common.schema';
import { fulfilmentCalls } from './fulfilment.calls';
import {
  shipmentBulkSchema,
  shipmentCreateSchema,
  shipmentListSchema,
  shipmentSchema,
} from './fulfilment.schema';

const fulfilmentSchemas = {
  create: { body: shipmentCreateSchema, response: shipmentSchema, status: 201 },
  bulk: { body: shipmentBulkSchema, response: shipmentListSchema, status: 201 },
  shipment: { params: idParamsSchema, response: shipmentSchema },
  ofOrder: { params: idParamsSchema, response: shipmentListSchema },
} satisfies Record<string, CallSchemas>;
export type FulfilmentSchemas = typeof fulfilmentSchemas;

/** The shipments' calls with their schemas (docs/decisions/038-fulfilment.md). */
export const fulfilmentContract = defineContract(fulfilmentCalls, fulfilmentSchemas);
