import type { CallSchemas } from '../common/contract';
import { defineContract } from '../common/contract';
import { webhooksCalls } from './webhooks.calls';
import {
  deliveryParamsSchema,
  webhookAcknowledgedSchema,
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookInputSchema,
  webhookPageQuerySchema,
  webhookParamsSchema,
  webhookSentSchema,
  webhookUpdateSchema,
} from './webhooks.schema';

const one = { params: webhookParamsSchema };
const webhooksSchemas = {
  list: { query: webhookPageQuerySchema, response: webhookEndpointListSchema },
  create: { body: webhookInputSchema, response: webhookCreatedSchema, status: 201 },
  get: { ...one, response: webhookEndpointSchema },
  update: { ...one, body: webhookUpdateSchema, response: webhookEndpointSchema },
  remove: { ...one, response: webhookAcknowledgedSchema },
  rotate: { ...one, response: webhookCreatedSchema },
  sendTest: { ...one, response: webhookSentSchema, status: 202 },
  deliveries: { ...one, query: webhookPageQuerySchema, response: webhookDeliveryListSchema },
  resend: { params: deliveryParamsSchema, response: webhookDeliverySchema, status: 202 },
} satisfies Record<string, CallSchemas>;
export type WebhooksSchemas = typeof webhooksSchemas;

/** The webhook admin calls with their schemas. */
export const webhooksContract = defineContract(webhooksCalls, webhooksSchemas);
