import { z } from 'zod';
import { cursorParam, limitParam } from '../common/paging.schema';
import { idSchema } from '../common/common.schema';
import { webhookEventTypes } from './webhooks.events';

export { webhookEventTypes, webhookTestEvent, type WebhookEventType } from './webhooks.events';

const events = z
  .array(z.enum(webhookEventTypes, { error: `must be one of ${webhookEventTypes.join(', ')}` }))
  .min(1, { error: 'must name at least one event' })
  .max(webhookEventTypes.length)
  .transform((list) => [...new Set(list)]);

/** POST /api/admin/webhooks: the URL is checked again on the server (https and a public address). */
export const webhookInputSchema = z.strictObject({
  url: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(2000, { error: 'must be at most 2000 characters' }),
  description: z.string().trim().max(200, { error: 'must be at most 200 characters' }).default(''),
  events,
  enabled: z.boolean({ error: 'must be true or false' }).default(true),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;

/** PATCH /api/admin/webhooks/{id}: any of the fields; enabling again clears the failing streak. */
export const webhookUpdateSchema = z.strictObject({
  url: webhookInputSchema.shape.url.optional(),
  description: z.string().trim().max(200, { error: 'must be at most 200 characters' }).optional(),
  events: events.optional(),
  enabled: z.boolean({ error: 'must be true or false' }).optional(),
});
export type WebhookUpdate = z.input<typeof webhookUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Why the shop turned it off (24 hours of failures), if it did. */
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  /** After a rotation, the old secret signs too until then. */
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointListSchema = z.array(webhookEndpointSchema);

/** Creation and rotation answer the secret once; it is never shown again. */
export const webhookCreatedSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const webhookParamsSchema = z.object({ id: idSchema });
export const deliveryParamsSchema = z.object({ id: idSchema, deliveryId: idSchema });
export const webhookPageQuerySchema = z.object({ limit: limitParam(25), cursor: cursorParam });
export type WebhookPageQuery = z.infer<typeof webhookPageQuerySchema>;

export const webhookTrySchema = z.object({
  /** The receiver's HTTP status; null when it did not answer. */
  status: z.number().nullable(),
  error: z.string().nullable(),
  durationMs: z.number(),
  attemptedAt: z.string(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every try and resend. */
  eventId: z.string(),
  eventType: z.string(),
  /** pending, delivered or failed. */
  status: z.string(),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  /** The latest tries, newest first (at most 20). */
  tries: z.array(webhookTrySchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryListSchema = z.array(webhookDeliverySchema);

export const webhookSentSchema = z.object({ eventId: z.string() });
export const webhookAcknowledgedSchema = z.object({ acknowledged: z.literal(true) });
