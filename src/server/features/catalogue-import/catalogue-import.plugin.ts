import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueCsvRoutes } from './catalogue-csv.routes';
import { failAbandonedImports } from './catalogue-csv.status';
import { runPeriodically } from '../../infra/periodic';

/** How often PostgreSQL instances look for imports whose process died (the bound is the heartbeat's 60 s on top). */
const SWEEP_EVERY_MS = 30_000;

/** The catalogue's CSV import and export (decision 071): its routes, and the sweep that fails abandoned imports. */
export const catalogueImportFeature: FastifyPluginAsyncZod = async (app) => {
  await app.register(catalogueCsvRoutes);

  // Imports whose process died are failed at start-up (on PGlite, every one left running) and, on PostgreSQL,
  // where another instance may die at any time, every half minute; reading an import sweeps it too.
  const sweep = () =>
    failAbandonedImports(app.database.db, app.database.kind, {
      staff: {
        mailer: app.mailer,
        shopName: app.config.shop.name,
        baseUrl: app.config.baseUrl,
        staffEmails: app.config.staffEmails,
      },
    }).then(
      (ids) => ids.length && app.log.warn({ importIds: ids }, 'failed imports whose process had stopped'),
      (err: unknown) => app.log.error({ err }, 'abandoned import sweep failed'),
    );
  if (app.database.kind === 'postgres') runPeriodically(app, SWEEP_EVERY_MS, sweep);
  else
    app.addHook('onReady', async () => {
      await sweep();
    });
};
