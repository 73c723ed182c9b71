import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { demoSeedPlugin } from './seed/seed';
import { features } from './feature-list';
import type { PaymentProvider } from './features/payments/payment-provider';
import type { ShippingRatesProvider } from './features/shipping/index';
import type { TaxProvider } from './features/tax/index';
import { authPlugin, type PasswordHashing } from './http/auth';
import { authRoutes } from './http/auth-routes';
import { compressionPlugin } from './http/compression';
import { errorHandlerPlugin } from './http/error-handler';
import { fastifyOptions } from './http/fastify-options';
import { registerStage, type Feature } from './http/feature';
import { httpSemanticsPlugin } from './http/http-semantics';
import { idempotencyPlugin } from './http/idempotency';
import { inFlightPlugin } from './http/in-flight';
import { mediaFilesPlugin } from './http/media-files';
import { imageVariant } from './features/media/media-variants';
import { swaggerPlugin } from './http/openapi';
import { securityPlugin } from './http/security';
import { spaPlugin } from './http/spa';
import { textGuardPlugin } from './http/text-guard';
import type { AppConfig } from './infra/config';
import type { Database } from './infra/db';
import { EarlyAnswers } from './infra/early-answers';
import { registerInfrastructure } from './infra/infrastructure';
import type { Mailer } from './infra/mail';
import type { RemoteFetcher } from './infra/remote-file';

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
  const app = Fastify(fastifyOptions(config, early)).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const all: readonly Feature<BuildOptions>[] = features;
  await registerInfrastructure(app, { ...options, config, early });
  // HTTP plumbing. Hooks apply to what is registered after them, so all of it precedes the routes it serves.
  // Every request is tracked first, so a shutdown that cannot wait can still answer it (server.ts).
  await app.register(inFlightPlugin);
  // Security headers next: their onRequest hook must run before the auth guard's can refuse a request.
  await app.register(securityPlugin);
  // Features' guards (API keys) decide before sessions: a keyed request never reaches the session guard's cookies.
  await registerStage(app, all, 'guard', options);
  await app.register(authPlugin, { password: options.passwordHashing });
  await app.register(textGuardPlugin);
  await app.register(httpSemanticsPlugin);
  await app.register(compressionPlugin);
  await app.register(swaggerPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(idempotencyPlugin);
  await app.register(authRoutes);
  // Features (src/server/feature-list.ts, from the folders): what they put on the app, once the demo data is in,
  // then their routes under /api, then their addresses at the root. Each takes what it needs of the build options.
  await app.register(demoSeedPlugin);
  await registerStage(app, all, 'app', options);
  await app.register(async (api) => registerStage(api, all, 'api', options), { prefix: '/api' });
  await registerStage(app, all, 'root', options);
  // Files, last: media once the demo seed has made its folder (@fastify/static checks it when registered), then the
  // web app, whose not-found handler answers what nothing else matched.
  await app.register(mediaFilesPlugin, { imageVariant });
  // Each public page's shell is filled in by app.shellPage (seo); private pages are noindex (decision 048).
  await app.register(spaPlugin);
  return app;
}
