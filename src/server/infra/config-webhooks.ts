import { z } from 'zod';
import { bool } from './env-helpers';

const whole = (fallback: number, min: number, max: number, unit: string) =>
  z.coerce
    .number({ error: `must be a number of ${unit}` })
    .int({ error: `must be a whole number of ${unit}` })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` })
    .default(fallback);

/** Webhook delivery timing (decision 061); the tests shorten it, a shop keeps the defaults. */
export const webhookEnvShape = {
  /** The wait before the first retry; each later one waits twice as long, at most an hour, for 24 hours. */
  WEBHOOK_RETRY_SECONDS: whole(30, 1, 3600, 'seconds'),
  /** How long one try waits for the receiver's answer. */
  WEBHOOK_TIMEOUT_MS: whole(10_000, 100, 60_000, 'milliseconds'),
  /** How often the outbox is read for new events. */
  WEBHOOK_DISPATCH_MS: whole(1_000, 50, 60_000, 'milliseconds'),
  /** Webhooks and procurement documents may go to http and private addresses (development and tests only). */
  OUTBOUND_ALLOW_PRIVATE: bool.optional(),
  /** Finished webhook events and punchout documents' bodies older than this are pruned (their summaries stay). */
  EVENT_RETENTION_DAYS: whole(90, 1, 3650, 'days'),
};

export interface WebhookSettings {
  retrySeconds: number;
  timeoutMs: number;
  dispatchMs: number;
}

/** `app.config.webhooks`. */
export interface WebhookConfig {
  webhooks: WebhookSettings;
  /** OUTBOUND_ALLOW_PRIVATE: webhooks and documents may go to http and private addresses (development, tests). */
  outboundAllowPrivate: boolean;
  /** EVENT_RETENTION_DAYS: how long delivered webhook events and punchout document bodies are kept. */
  eventRetentionDays: number;
}

type WebhookEnv = z.output<z.ZodObject<typeof webhookEnvShape>>;

export const webhookSettings = (e: WebhookEnv): WebhookConfig => ({
  webhooks: {
    retrySeconds: e.WEBHOOK_RETRY_SECONDS,
    timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    dispatchMs: e.WEBHOOK_DISPATCH_MS,
  },
  outboundAllowPrivate: e.OUTBOUND_ALLOW_PRIVATE ?? false,
  eventRetentionDays: e.EVENT_RETENTION_DAYS,
});
