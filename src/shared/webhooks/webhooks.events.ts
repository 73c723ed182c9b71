/** The events an endpoint may subscribe to (issue 42). No zod here: the browser imports this. */
export const webhookEventTypes = [
  'order.created',
  'order.paid',
  'order.cancelled',
  'shipment.created',
  'invoice.issued',
  'credit_note.issued',
  'quote.requested',
  'quote.accepted',
  'product.updated',
  'stock.low',
  'company.created',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The event "Send test" sends; no endpoint subscribes to it. */
export const webhookTestEvent = 'webhook.test';
