/**
 * The webhooks feature's public face (decision 061): `recordEvent`, which owning features call in the transaction
 * of a change, and the feature plugin (dispatcher, delivery job, admin routes).
 */
export { recordEvent, recordEvents, type WebhookEventInput } from './webhooks.outbox';
