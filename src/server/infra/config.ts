import fp from 'fastify-plugin';
import path from 'node:path';
import { z } from 'zod';
import { bool, ConfigError, emailList, optionalText, pair } from './env-helpers';
import { s3Config, s3Env, type S3Config } from './config-s3';
import { trustProxy } from './config-proxy';
import {
  orderEnvShape,
  orderSettings,
  type CreditSettings,
  type OrderLimits,
  type RefundRetry,
} from './config-orders';
import { shopEnvShape, shopSettings, type ShopDetails } from './config-shop';
import { equipmentEnvShape, equipmentSettings, type EquipmentConfig } from './config-equipment';
import { webhookEnvShape, webhookSettings, type WebhookConfig } from './config-webhooks';

const millis = (fallback: number, min: number) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int({ error: 'must be a whole number of milliseconds' })
    .min(min, { error: `must be at least ${min}` })
    .max(3_600_000, { error: 'must be at most 3600000 (one hour)' })
    .default(fallback);

/** The environment (listed in docs/configuration.md), validated once at start-up so a bad value stops the process early. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// connection string' })
    .optional(),
  ...s3Env,
  METRICS_TOKEN: z.string().trim().min(16, { error: 'must be at least 16 characters' }).optional(),
  DB_CONNECT_TIMEOUT_MS: millis(5_000, 100),
  DB_STATEMENT_TIMEOUT_MS: millis(10_000, 100),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: millis(10_000, 100),
  DB_KEEPALIVE_MS: millis(10_000, 0),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^/\s]/, { error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  BETTER_AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: optionalText,
  STAFF_EMAILS: emailList.optional(),
  SMTP_TIMEOUT_MS: millis(5_000, 100),
  MAIL_RETRY_LIMIT: z.coerce.number().int({ error: 'must be a whole number' }).min(0).max(50).default(10),
  MAIL_RETRY_DELAY_SECONDS: z.coerce
    .number()
    .int({ error: 'must be whole seconds' })
    .min(1)
    .max(3600)
    .default(5),
  JOBS_POLL_MS: millis(1_000, 500),
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, { error: 'must be at least 8 characters' }).optional(),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  OIDC_ISSUER: z.url({ error: 'must be a URL' }).optional(),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  SEED_DEMO: bool.optional(),
  SEED_DEMO_RATES: bool.optional(),
  SEED_DEMO_EQUIPMENT: bool.optional(),
  AUTH_RATE_LIMIT: bool.optional(),
  TEST_HOOKS: bool.optional(),
  PUBLIC_PRODUCT_PAGES: bool.optional(),
  SEARCH_INDEX: bool.optional(),
  SESSION_CACHE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .min(0, { error: 'must be 0 (off) or more' })
    .max(60, { error: 'must be at most 60' })
    .default(5),
  TRUST_PROXY: trustProxy.optional(),
  ...orderEnvShape,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...shopEnvShape,
  ...equipmentEnvShape,
  ...webhookEnvShape,
});

export type Env = z.input<typeof envSchema>;

export interface AppConfig extends WebhookConfig, EquipmentConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  baseUrl: string;
  /**
   * Origins a browser may write from: BASE_URL's; without BASE_URL outside production, also the loopback spellings
   * of the same port (the log's "listening at http://127.0.0.1:PORT" must work as well as localhost).
   */
  trustedOrigins: string[];
  /** BASE_URL was not set (the default was taken). */
  baseUrlDefaulted: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL only: how long to wait for the database before answering 503 instead of hanging. */
  dbTimeouts: DbTimeouts;
  /** Cache invalidation over Redis pub/sub instead of PostgreSQL NOTIFY (unused on PGlite: one process). */
  redisUrl: string | undefined;
  /** S3-compatible object storage for media; unset → files in DATA_DIR/media. */
  s3: S3Config | undefined;
  /** Bearer token for GET /api/metrics; unset → metrics are served to loopback callers only. */
  metricsToken: string | undefined;
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Who always gets staff mail (new payments, quote requests, low stock…), besides the admins who opted in. */
  staffEmails: string[];
  /** SMTP timeouts and the retry schedule of queued mail. */
  mail: { smtpTimeoutMs: number; retryLimit: number; retryDelaySeconds: number };
  /** How often idle job workers look for new jobs. */
  jobsPollMs: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  google: { clientId: string; clientSecret: string } | undefined;
  oidc: { issuer: string; clientId: string; clientSecret: string } | undefined;
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string | undefined } | undefined;
  seedDemo: boolean;
  /** The illustrative shipping and tax tables with the demo data (SEED_DEMO_RATES, default SEED_DEMO). */
  seedDemoRates: boolean;
  /** The demo machine models, parts and diagram with the demo catalogue (SEED_DEMO_EQUIPMENT, default on). */
  seedDemoEquipment: boolean;
  /** Rate limits on sign-in, sign-up, reset and verification mail; only end-to-end test servers turn them off. */
  authRateLimit: boolean;
  /**
   * Test-only calls for the browser suite (TEST_HOOKS, off by default; shop admins only even then): aging a checkout
   * awaiting approval, since the server reads the real clock (docs/decisions/054-approval-window.md).
   */
  testHooks: boolean;
  /**
   * Anonymous visitors may read /product/{id} (and GET /api/product/{id}), for search engines and shared links;
   * ordering still needs a sign-in. Off by default: the spec puts product pages behind login.
   */
  publicProductPages: boolean;
  /** How long a resolved session is remembered in the process (0: not at all); changes clear it at once. */
  sessionCacheMs: number;
  /** Catalogue search and suggestions from the in-process index (decision 033); off: PostgreSQL answers. */
  searchIndex: boolean;
  /** Fastify's `trustProxy`: false (the socket's address is the client), a hop count, or trusted proxy addresses. */
  trustProxy: false | number | string[];
  /** The checkout window: unpaid orders older than this expire and release their stock. */
  orderExpiryMs: number;
  orderLimits: OrderLimits;
  refundRetry: RefundRetry;
  /** Paying on account: credit hold and reminders (CREDIT_HOLD_DAYS, ACCOUNT_REMINDER_DAYS). */
  credit: CreditSettings;
  /** TEST_PAYMENTS_REFUSE_REFUNDS: refunds the built-in test processor refuses before making them. */
  testRefundRefusals: number;
  logLevel: string;
  /** Folder of the built web app; absent in API-only tests. */
  webDir: string | undefined;
  shop: ShopDetails;
}

export interface DbTimeouts {
  connectMs: number;
  statementMs: number;
  idleInTransactionMs: number;
  /** TCP keep-alive probe delay; 0 turns keep-alive off. */
  keepAliveMs: number;
}

export type { S3Config };

export { ConfigError } from './env-helpers';

/** Reads and validates the environment; throws one ConfigError naming every bad variable. */
export { trustProxyOption } from './config-proxy';

export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  overrides: Partial<AppConfig> = {},
): AppConfig {
  // Empty strings mean "unset": that is how most shells and compose files express it.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const google = pair(
    problems,
    ['GOOGLE_CLIENT_ID', e.GOOGLE_CLIENT_ID],
    ['GOOGLE_CLIENT_SECRET', e.GOOGLE_CLIENT_SECRET],
  );
  const oidcIds = pair(
    problems,
    ['OIDC_CLIENT_ID', e.OIDC_CLIENT_ID],
    ['OIDC_CLIENT_SECRET', e.OIDC_CLIENT_SECRET],
  );
  if ((oidcIds && !e.OIDC_ISSUER) || (!oidcIds && e.OIDC_ISSUER)) {
    problems.push('OIDC_ISSUER: must be set together with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  }
  const stripe = pair(
    problems,
    ['STRIPE_SECRET_KEY', e.STRIPE_SECRET_KEY],
    ['STRIPE_PUBLISHABLE_KEY', e.STRIPE_PUBLISHABLE_KEY],
  );
  const admin = pair(problems, ['ADMIN_EMAIL', e.ADMIN_EMAIL], ['ADMIN_PASSWORD', e.ADMIN_PASSWORD]);
  if (e.NODE_ENV === 'production' && e.DATABASE_URL && !e.BETTER_AUTH_SECRET) {
    problems.push(
      'BETTER_AUTH_SECRET: is required when NODE_ENV=production with DATABASE_URL (every instance must share it)',
    );
  }
  const s3 = s3Config(problems, e);
  if (problems.length) throw new ConfigError(problems);

  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const config: AppConfig = {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    baseUrl,
    trustedOrigins: [
      new URL(baseUrl).origin,
      ...(e.BASE_URL || e.NODE_ENV === 'production'
        ? []
        : [`http://127.0.0.1:${e.PORT}`, `http://[::1]:${e.PORT}`]),
    ],
    baseUrlDefaulted: !e.BASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      keepAliveMs: e.DB_KEEPALIVE_MS,
    },
    redisUrl: e.REDIS_URL,
    s3,
    metricsToken: e.METRICS_TOKEN,
    authSecret: e.BETTER_AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.SHOP_NAME} <no-reply@${new URL(baseUrl).hostname}>`,
    staffEmails: e.STAFF_EMAILS ?? [],
    mail: {
      smtpTimeoutMs: e.SMTP_TIMEOUT_MS,
      retryLimit: e.MAIL_RETRY_LIMIT,
      retryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    },
    jobsPollMs: e.JOBS_POLL_MS,
    adminEmail: admin?.[0],
    adminPassword: admin?.[1],
    google: google && { clientId: google[0], clientSecret: google[1] },
    oidc:
      oidcIds && e.OIDC_ISSUER
        ? { issuer: e.OIDC_ISSUER, clientId: oidcIds[0], clientSecret: oidcIds[1] }
        : undefined,
    stripe: stripe && {
      secretKey: stripe[0],
      publishableKey: stripe[1],
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    },
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    seedDemoRates: e.SEED_DEMO_RATES ?? e.SEED_DEMO ?? !e.DATABASE_URL,
    seedDemoEquipment: e.SEED_DEMO_EQUIPMENT ?? true,
    authRateLimit: e.AUTH_RATE_LIMIT ?? true,
    testHooks: e.TEST_HOOKS ?? false,
    publicProductPages: e.PUBLIC_PRODUCT_PAGES ?? false,
    sessionCacheMs: Math.round(e.SESSION_CACHE_SECONDS * 1000),
    // On by default (decision 033, addendum "on by default"); `false` answers every search from PostgreSQL.
    searchIndex: e.SEARCH_INDEX ?? true,
    trustProxy: e.TRUST_PROXY ?? false,
    ...orderSettings(e),
    logLevel: e.LOG_LEVEL,
    webDir: undefined,
    shop: shopSettings(e),
    ...equipmentSettings(e),
    ...webhookSettings(e),
  };
  return { ...config, ...overrides };
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}

/** Makes the validated configuration `app.config` for every plugin registered after it. */
export const configPlugin = fp<{ config: AppConfig }>(
  async (app, opts) => {
    app.decorate('config', opts.config);
  },
  { name: 'config' },
);
