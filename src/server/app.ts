import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { ErrorCode } from '../shared/common/common.schema';
import { catalogueRoutes } from './features/catalogue/catalogue.routes';
import { healthRoutes } from './features/health/health.routes';
import { newsRoutes } from './features/news/news.routes';
import { AppError, statusOf } from './lib/errors';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from './lib/db-unavailable';
import type { AppConfig } from './plugins/config';
import { openDatabase, type Database } from './plugins/db';
import { localMediaStore, type MediaStore } from './plugins/storage';
import { seedDemo } from './db/seed/seed';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { mediaRoutes } from './features/media/media.routes';
import { ordersRoutes } from './features/orders/orders.routes';
import { expireUnpaidOrders } from './features/orders/orders.service';
import type { PaymentProvider } from './features/payments/payment-provider';
import { paymentsRoutes } from './features/payments/payments.routes';
import { createTestProvider } from './features/payments/test-provider';
import { createStripeProvider } from './features/payments/stripe-provider';
import { stripeWebhookRoutes } from './features/payments/stripe-webhook.routes';
import { confirmOrderPayment } from './features/payments/payments.service';
import { reviewsRoutes } from './features/reviews/reviews.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { overviewRoutes } from './features/overview/overview.routes';
import { ensureAdmin } from './features/accounts/admin-bootstrap';
import { createAuth, type Auth } from './plugins/auth';
import { registerAuthGuard } from './plugins/auth-guard';
import { registerTextGuard } from './plugins/text-guard';
import { authRoutes } from './plugins/auth-routes';
import { createMailer, type Mailer } from './plugins/mail';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    media: MediaStore;
    mailer: Mailer;
    auth: Auth;
    payments: PaymentProvider;
  }
}

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** Skip running migrations (the caller did). */
  skipMigrations?: boolean;
  /** Replaces the configured mailer (tests capture mail). */
  mailer?: Mailer;
  /** Replaces the configured payment provider (contract tests point Stripe at a local fake). */
  payments?: PaymentProvider;
}

const codeByStatus = Object.fromEntries(
  Object.entries(statusOf).map(([code, status]) => [status, code]),
) as Record<number, ErrorCode>;

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from configured proxies: otherwise a client could choose its own rate-limit key.
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      timeouts: config.dbTimeouts,
    }));
  if (!options.database) app.addHook('onClose', () => database.close());
  if (!options.skipMigrations) await database.migrate();
  const media = localMediaStore(path.join(config.dataDir, 'media'));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('media', media);
  const mailer = options.mailer ?? createMailer(config, app.log);
  app.addHook('onClose', async () => mailer.close());
  app.decorate('mailer', mailer);
  const auth = createAuth(config, database.db, mailer, app.log, database.kind === 'postgres');
  app.decorate('auth', auth);
  registerAuthGuard(app);
  registerTextGuard(app);
  app.decorate(
    'payments',
    options.payments ??
      (config.stripe
        ? createStripeProvider({
            secretKey: config.stripe.secretKey,
            publishableKey: config.stripe.publishableKey,
          })
        : createTestProvider(database.db)),
  );

  if (config.adminEmail && config.adminPassword) {
    const outcome = await ensureAdmin(auth, database.db, config.adminEmail, config.adminPassword);
    app.log.info({ email: config.adminEmail, outcome }, 'admin account ensured');
  }

  if (config.seedDemo) {
    const seeded = await seedDemo(database, media);
    if (seeded.products || seeded.news) app.log.info(seeded, 'seeded demo catalogue and news');
  }

  // External plugins first, then the app's own routes (fastify/demo order).
  // Stripe.js and its card iframe, only when Stripe is the payment provider.
  const stripe = config.stripe
    ? {
        script: ['https://js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : { script: [], frame: [], connect: [] };
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.script],
        frameSrc: ["'self'", ...stripe.frame],
        // Toasts inject a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'"],
        connectSrc: ["'self'", ...stripe.connect],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.baseUrl.startsWith('https:') ? [] : null,
      },
    },
    // Same-origin media only; `cross-origin` would let other sites embed product images, which we allow.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });

  // API answers are compressed on the fly (cheap settings); built assets come pre-compressed from the build.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.shop.name} API`,
        version: '1.0.0',
        description: 'The shop API (SPEC §7), under /api.',
      },
      servers: [{ url: config.baseUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request';
      const parts = err.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || where;
        return `${field}: ${v.message}`;
      });
      return reply.status(400).send({ error: 'bad_request', message: parts.join('; ') });
    }
    if (err instanceof AppError) {
      if (err.status === 503) reply.header('retry-after', RETRY_AFTER_SECONDS);
      return reply.status(err.status).send({ error: err.code, message: err.message });
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', RETRY_AFTER_SECONDS)
        .send({ error: 'unavailable', message: UNAVAILABLE_MESSAGE });
    }
    const status = err.statusCode ?? 500;
    if (status < 500 && !isResponseSerializationError(err)) {
      return reply
        .status(status)
        .send({ error: codeByStatus[status] ?? 'bad_request', message: err.message });
    }
    req.log.error({ err }, 'request failed');
    return reply
      .status(500)
      .send({ error: 'internal', message: 'Something went wrong on our side. Please try again.' });
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogueRoutes);
      await api.register(newsRoutes);
      await api.register(accountsRoutes);
      await api.register(mediaRoutes);
      await api.register(ordersRoutes);
      await api.register(paymentsRoutes);
      await api.register(reviewsRoutes);
      await api.register(auditRoutes);
      await api.register(overviewRoutes);
      if (config.stripe) {
        await api.register(stripeWebhookRoutes, {
          webhookSecret: config.stripe.webhookSecret,
          // The same checks as the browser's confirmation: this intent, succeeded, for this order and amount.
          onPaymentSucceeded: async (p) => void (await confirmOrderPayment(app, p)),
        });
      }
    },
    { prefix: '/api' },
  );
  await app.register(authRoutes);

  await app.register(fastifyStatic, {
    root: media.dir,
    prefix: '/media/',
    decorateReply: false,
    // Media keys are content hashes: a URL's bytes never change.
    immutable: true,
    maxAge: '365d',
    index: false,
  });

  const spa = config.webDir ? loadSpa(config) : undefined;
  if (spa) {
    await app.register(fastifyStatic, {
      root: spa.dir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath: (pathName) => pathName !== '/index.html',
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        // Unhashed public files (icons, video, data) change rarely: a day, revalidated in the background after.
        res.header(
          'cache-control',
          hashed
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=86400, stale-while-revalidate=604800',
        );
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/media/');
    if (spa && !isApi && (req.method === 'GET' || req.method === 'HEAD')) {
      // Client routes (including unknown ones, which render the not-found page) get the app shell.
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(spa.html);
    }
    return reply.status(404).send({ error: 'not_found', message: `Route ${req.method} ${url} not found` });
  });

  scheduleOrderExpiry(app);
  return app;
}

/**
 * Fastify 5 ignores a bare hop count (it cannot tell a proxy from a direct client), so a count N becomes "trust the
 * N nearest hops", as Express does: only right when the app is reachable through the proxies alone.
 */
function trustProxyOption(trust: AppConfig['trustProxy']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

const EXPIRY_SWEEP_MS = 5 * 60_000;

/** Abandoned unpaid orders give their stock back: swept at start and every few minutes (safe on several instances). */
function scheduleOrderExpiry(app: FastifyInstance) {
  const sweep = () =>
    expireUnpaidOrders(app.database.db, app.config.orderExpiryMs).then(
      (n) => n && app.log.info({ expired: n }, 'expired unpaid orders'),
      (err: unknown) => app.log.error({ err }, 'order expiry sweep failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), EXPIRY_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

const escapeAttr = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The built app shell, with the shop's configurable contact details filled in (no extra request, no inline script). */
function loadSpa(config: AppConfig): { dir: string; html: string } | undefined {
  const dir = config.webDir;
  if (!dir || !existsSync(path.join(dir, 'index.html'))) return undefined;
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8').replace(
    '__SHOP_INFO__',
    escapeAttr(
      JSON.stringify({ ...config.shop, social: config.google ? 'google' : config.oidc ? 'oidc' : null }),
    ),
  );
  return { dir, html };
}
