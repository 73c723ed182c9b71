import type { FastifyInstance } from 'fastify';
import { configPlugin, type AppConfig } from './config';
import { databasePlugin, type Database } from './db';
import type { EarlyAnswers } from './early-answers';
import { jobsPlugin } from './jobs';
import { mailerPlugin, type Mailer } from './mail';
import { metricsPlugin } from './metrics';
import { outboundPlugin } from './outbound';
import { readCachePlugin } from './read-cache.plugin';
import { remoteFilesPlugin, type RemoteFetcher } from './remote-file';
import { sessionCachePlugin } from './session-cache';
import { mediaStorePlugin } from './storage.plugin';

export interface InfrastructureOptions {
  config: AppConfig;
  early: EarlyAnswers;
  database?: Database | undefined;
  skipMigrations?: boolean | undefined;
  mailer?: Mailer | undefined;
  fetchRemote?: RemoteFetcher | undefined;
}

/**
 * What the app runs on, first and in this order (each decorates the app for those after it): it knows no feature.
 * Registered on the app itself, not in a plugin of its own, so every decoration is the app's.
 */
export async function registerInfrastructure(
  app: FastifyInstance,
  opts: InfrastructureOptions,
): Promise<void> {
  await app.register(configPlugin, { config: opts.config });
  await app.register(databasePlugin, { database: opts.database, skipMigrations: opts.skipMigrations });
  await app.register(metricsPlugin);
  await app.register(mediaStorePlugin);
  await app.register(remoteFilesPlugin, { fetcher: opts.fetchRemote });
  await app.register(outboundPlugin);
  await app.register(jobsPlugin);
  await app.register(mailerPlugin, { mailer: opts.mailer });
  await app.register(sessionCachePlugin);
  await app.register(readCachePlugin, { early: opts.early });
}
