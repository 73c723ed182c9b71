import { endpoints } from '../common/contract';
import type { WebhooksSchemas } from './webhooks.contract';

/** Method and path of the webhook admin calls. No zod here: the browser imports this. */
export const webhooksCalls = endpoints<WebhooksSchemas>()({
  /** Every endpoint, newest first, paged. */
  list: { method: 'GET', path: '/admin/webhooks' },
  /** A new endpoint; the answer carries its secret, once. */
  create: { method: 'POST', path: '/admin/webhooks' },
  get: { method: 'GET', path: '/admin/webhooks/{id}' },
  update: { method: 'PATCH', path: '/admin/webhooks/{id}' },
  remove: { method: 'DELETE', path: '/admin/webhooks/{id}' },
  /** A new secret (answered once); the old one keeps signing for 24 hours. */
  rotate: { method: 'POST', path: '/admin/webhooks/{id}/rotate-secret' },
  /** Sends a `webhook.test` event to this endpoint only. */
  sendTest: { method: 'POST', path: '/admin/webhooks/{id}/test' },
  /** The delivery log, newest first, paged, with each delivery's tries. */
  deliveries: { method: 'GET', path: '/admin/webhooks/{id}/deliveries' },
  /** Sends a delivery again, with the same `webhook-id`. */
  resend: { method: 'POST', path: '/admin/webhooks/{id}/deliveries/{deliveryId}/resend' },
});
