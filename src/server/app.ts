import { createServer } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRoutes } from './api';
import type { PaymentProvider } from './features/payments/payment-provider';
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
import { EarlyAnswers } from './plugins/early-answers';
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
