import { createServer } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRoutes } from './api';
import type { PaymentProvider } from './features/payments/payment-provider';
import { authPlugin } from './http/auth';
import { authRoutes } from './http/auth-routes';
import { bootstrapPlugin } from './plugins/bootstrap';
import { compressionPlugin } from './http/compression';
import { configPlugin, trustProxyOption, type AppConfig } from './infra/config';
import { databasePlugin, type Database } from './infra/db';
import { errorHandlerPlugin } from './http/error-handler';
import { httpSemanticsPlugin } from './http/http-semantics';
import { jobsPlugin } from './infra/jobs';
import { idempotencyPlugin } from './http/idempotency';
import { mailerPlugin, type Mailer } from './infra/mail';
import { mediaFilesPlugin } from './http/media-files';
import { metricsPlugin } from './infra/metrics';
import { orderExpiryPlugin } from './plugins/order-expiry';
import { paymentsPlugin } from './plugins/payments';
import { EarlyAnswers } from './infra/early-answers';
import { readCachePlugin } from './infra/read-cache.plugin';
import { sessionCachePlugin } from './infra/session-cache';
import { securityPlugin } from './http/security';
import { spaPlugin } from './http/spa';
import { mediaStorePlugin } from './infra/storage.plugin';
import { swaggerPlugin } from './http/openapi';
import { textGuardPlugin } from './http/text-guard';

/** What tests replace: an open database (then also skipMigrations), the mailer, the payment provider. */
export interface BuildOptions {
  database?: Database;
  skipMigrations?: boolean;
  mailer?: Mailer;
  payments?: PaymentProvider;
}

/** The whole app, in registration order: what it runs on, start-up data, HTTP plumbing, the API, then the web app. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const early = new EarlyAnswers();
  const app = Fastify({
    // Anonymous cache hits are answered before Fastify routes them (see EarlyAnswers); all else goes to Fastify.
    serverFactory: (handler) => createServer((req, res) => early.answer(req, res) || handler(req, res)),
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
  await app.register(sessionCachePlugin);
  await app.register(authPlugin);
  await app.register(textGuardPlugin);
  await app.register(paymentsPlugin, { provider: options.payments });
  await app.register(bootstrapPlugin);
  await app.register(readCachePlugin, { early });
  await app.register(securityPlugin);
  await app.register(httpSemanticsPlugin);
  await app.register(compressionPlugin);
  await app.register(swaggerPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(idempotencyPlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(authRoutes);
  await app.register(mediaFilesPlugin);
  await app.register(spaPlugin);
  await app.register(orderExpiryPlugin);
  return app;
}
