import { createServer } from 'node:http';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiRoutes } from './api';
import { apiKeysGuardPlugin } from './features/api-keys/index';
import { demoSeedPlugin } from './db/seed/seed';
import type { PaymentProvider } from './features/payments/payment-provider';
import { paymentProviderPlugin } from './features/payments/payments.plugin';
import type { ShippingRatesProvider } from './features/shipping/index';
import type { TaxProvider } from './features/tax/index';
import { searchIndexPlugin } from './features/catalogue/search-index.plugin';
import { seoRoutes } from './features/seo/seo.routes';
import { shellPages } from './features/seo/page-cache';
import { authPlugin, type PasswordHashing } from './http/auth';
import { authRoutes } from './http/auth-routes';
import { compressionPlugin } from './http/compression';
import { errorHandlerPlugin } from './http/error-handler';
import { httpSemanticsPlugin } from './http/http-semantics';
import { idempotencyPlugin } from './http/idempotency';
import { inFlightPlugin } from './http/in-flight';
import { mediaFilesPlugin } from './http/media-files';
import { imageVariant } from './features/media/media-variants';
import { swaggerPlugin } from './http/openapi';
import { securityPlugin } from './http/security';
import { spaPlugin } from './http/spa';
import { textGuardPlugin } from './http/text-guard';
import { configPlugin, trustProxyOption, type AppConfig } from './infra/config';
import { databasePlugin, type Database } from './infra/db';
import { EarlyAnswers } from './infra/early-answers';
import { jobsPlugin } from './infra/jobs';
import { mailerPlugin, type Mailer } from './infra/mail';
import { metricsPlugin } from './infra/metrics';
import { readCachePlugin } from './infra/read-cache.plugin';
import { sessionCachePlugin } from './infra/session-cache';
import { mediaStorePlugin } from './infra/storage.plugin';
import { remoteFilesPlugin, type RemoteFetcher } from './infra/remote-file';
import { outboundPlugin } from './infra/outbound';
import { procurementDepsOf, punchoutRoutes } from './features/procurement/index';

/** What tests replace: an open database (then also skipMigrations), the mailer, the payment provider, the remote fetcher. */
export interface BuildOptions {
  database?: Database;
  skipMigrations?: boolean;
  mailer?: Mailer;
  payments?: PaymentProvider;
  /** Fetches files named by URL (a CSV row's image); the default refuses private addresses. */
  fetchRemote?: RemoteFetcher;
  /** Password hashing other than Better Auth's scrypt: the API tests' cheaper one, never a deployed shop's. */
  passwordHashing?: PasswordHashing;
  /** A carrier's shipping rates and a tax service in place of the admin's tables (decision 052, addendum). */
  shipping?: ShippingRatesProvider;
  tax?: TaxProvider;
}

/**
 * The whole app, in registration order, one layer after another (docs/decisions/029-server-layers.md): the
 * infrastructure it runs on, the HTTP plumbing, the features, then media files and the web app.
 */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const early = new EarlyAnswers();
  const app = Fastify({
    // Anonymous cache hits are answered before Fastify routes them (see EarlyAnswers); all else goes to Fastify.
    serverFactory: (handler) =>
      createServer((req, res) => early.answer(req, res, handler) || handler(req, res)),
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 1024 * 1024,
    // Opening a fresh PGlite folder (initdb) and migrating can take well over Fastify's 10 s default on a busy host.
    pluginTimeout: 120_000,
    // X-Forwarded-For is believed only from configured proxies: otherwise a client could choose its own rate-limit key.
    trustProxy: trustProxyOption(config.trustProxy),
    // A path Fastify cannot decode (a bad percent-escape, bytes that are not UTF-8) is refused before routing: in
    // the shop's error shape, not Fastify's.
    frameworkErrors: (error, _req, reply: FastifyReply) =>
      reply.status(400).send({
        error: 'bad_request',
        message:
          error.code === 'FST_ERR_BAD_URL'
            ? 'path: must be valid percent-encoded UTF-8'
            : 'The request could not be routed.',
      }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Infrastructure: knows no feature.
  await app.register(configPlugin, { config });
  await app.register(databasePlugin, { database: options.database, skipMigrations: options.skipMigrations });
  await app.register(metricsPlugin);
  await app.register(mediaStorePlugin);
  await app.register(remoteFilesPlugin, { fetcher: options.fetchRemote });
  await app.register(outboundPlugin);
  await app.register(jobsPlugin);
  await app.register(mailerPlugin, { mailer: options.mailer });
  await app.register(sessionCachePlugin);
  await app.register(readCachePlugin, { early });
  // HTTP plumbing. Hooks apply to what is registered after them, so all of it precedes the routes it serves.
  // Every request is tracked first, so a shutdown that cannot wait can still answer it (server.ts).
  await app.register(inFlightPlugin);
  // Security headers next: their onRequest hook must run before the auth guard's can refuse a request.
  await app.register(securityPlugin);
  // API keys are decided before sessions: a keyed request never reaches the session guard's cookie handling.
  await app.register(apiKeysGuardPlugin);
  await app.register(authPlugin, { password: options.passwordHashing });
  await app.register(textGuardPlugin);
  await app.register(httpSemanticsPlugin);
  await app.register(compressionPlugin);
  await app.register(swaggerPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(idempotencyPlugin);
  await app.register(authRoutes);
  // Features: the payment provider other features charge through, the demo data, then every feature under /api.
  await app.register(paymentProviderPlugin, { provider: options.payments });
  await app.register(demoSeedPlugin);
  // The catalogue's in-process search index (app.searchIndex), built once the app is ready (decision 033).
  await app.register(searchIndexPlugin);
  await app.register(apiRoutes, { prefix: '/api', shipping: options.shipping, tax: options.tax });
  // Punchout's buyer-system addresses (/punchout/…), outside /api: cXML documents, start links, cart transfer.
  await app.register(punchoutRoutes, { deps: () => procurementDepsOf(app.server) });
  // What crawlers read at the site's root: robots.txt and the sitemaps.
  await app.register(seoRoutes);
  // Files, last: media once the demo seed has made its folder (@fastify/static checks it when registered), then the
  // web app, whose not-found handler answers what nothing else matched.
  await app.register(mediaFilesPlugin, { imageVariant });
  // The shell of each public page carries its title, description, canonical URL, structured data and a no-script
  // rendering; private pages are noindex (decision 048).
  await app.register(spaPlugin, { page: shellPages(app) });
  return app;
}
