import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueAdminRoutes } from './catalogue-admin.routes';
import { catalogueCsvRoutes } from './catalogue-csv.routes';
import { failAbandonedImports } from './catalogue-csv.status';
import { catalogueRoutes } from './catalogue.routes';
import { documentsRoutes } from './documents.routes';
import { catalogueSearchRoutes } from './search.routes';
import { runPeriodically } from '../../infra/periodic';

/** How often PostgreSQL instances look for imports whose process died (the bound is the heartbeat's 60 s on top). */
const SWEEP_EVERY_MS = 30_000;

/** The catalogue feature: products, search, the admin's product and category edits, CSV import/export, documents. */
export const catalogueFeature: FastifyPluginAsyncZod = async (app) => {
  await app.register(catalogueRoutes);
  await app.register(catalogueSearchRoutes);
  await app.register(catalogueAdminRoutes);
  await app.register(catalogueCsvRoutes);
  await app.register(documentsRoutes);

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
