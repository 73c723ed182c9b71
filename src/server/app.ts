import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { catalogueRoutes } from './features/catalogue/catalogue.routes';
import { catalogueSearchRoutes } from './features/catalogue/search.routes';
import { healthRoutes } from './features/health/health.routes';
import { mediaRoutes } from './features/media/media.routes';
import { newsRoutes } from './features/news/news.routes';
import { ordersRoutes } from './features/orders/orders.routes';
import { overviewRoutes } from './features/overview/overview.routes';
import type { PaymentProvider } from './features/payments/payment-provider';
import { paymentsRoutes } from './features/payments/payments.routes';
import { verifyPayment } from './features/payments/payments.service';
import { reviewsRoutes } from './features/reviews/reviews.routes';
import { authPlugin } from './plugins/auth';
import { authRoutes } from './plugins/auth-routes';
import { bootstrapPlugin } from './plugins/bootstrap';
import { compressionPlugin } from './plugins/compression';
import { configPlugin, trustProxyOption, type AppConfig } from './plugins/config';
import { databasePlugin, type Database } from './plugins/db';
import { errorHandlerPlugin } from './plugins/error-handler';
import { httpSemanticsPlugin } from './plugins/http-semantics';
import { jobsPlugin } from './plugins/jobs';
import { idempotencyPlugin } from './plugins/idempotency';
import { mailerPlugin, type Mailer } from './plugins/mail';
import { mediaFilesPlugin } from './plugins/media-files';
import { metricsPlugin } from './plugins/metrics';
import { orderExpiryPlugin } from './plugins/order-expiry';
import { paymentsPlugin } from './plugins/payments';
import { readCachePlugin } from './plugins/read-cache';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';
import { mediaStorePlugin } from './plugins/storage';
import { swaggerPlugin } from './plugins/swagger';
import { textGuardPlugin } from './plugins/text-guard';

/** What tests replace: an open database (then also skipMigrations), the mailer, the payment provider. */
export interface BuildOptions {
  database?: Database;
  skipMigrations?: boolean;
  mailer?: Mailer;
  payments?: PaymentProvider;
}

/** The whole app, in registration order: what it runs on, start-up data, HTTP plumbing, the API, then the web app. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 1024 * 1024,
    // Opening a fresh PGlite folder (initdb) and migrating can take well over Fastify's 10 s default on a busy host.
    pluginTimeout: 120_000,
    // X-Forwarded-For is believed only from configured proxies: otherwise a client could choose its own rate-limit key.
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(configPlugin, { config });
  await app.register(databasePlugin, { database: options.database, skipMigrations: options.skipMigrations });
  await app.register(metricsPlugin);
  await app.register(mediaStorePlugin);
  await app.register(jobsPlugin);
  await app.register(mailerPlugin, { mailer: options.mailer });
  await app.register(authPlugin);
  await app.register(textGuardPlugin);
  await app.register(paymentsPlugin, { provider: options.payments });
  await app.register(bootstrapPlugin);
  await app.register(readCachePlugin);
  await app.register(securityPlugin);
  await app.register(httpSemanticsPlugin);
  await app.register(compressionPlugin);
  await app.register(swaggerPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(idempotencyPlugin);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(catalogueRoutes);
      await api.register(catalogueSearchRoutes);
      await api.register(newsRoutes);
      await api.register(accountsRoutes);
      await api.register(mediaRoutes);
      await api.register(ordersRoutes, { verifyPayment: (p) => verifyPayment(app.payments, p) });
      await api.register(paymentsRoutes);
      await api.register(reviewsRoutes);
      await api.register(auditRoutes);
      await api.register(overviewRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(authRoutes);
  await app.register(mediaFilesPlugin);
  await app.register(spaPlugin);
  await app.register(orderExpiryPlugin);
  return app;
}
