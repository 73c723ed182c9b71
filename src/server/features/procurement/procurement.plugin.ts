import type { Server } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { runPeriodically } from '../../infra/periodic';
import { runRetention } from '../../infra/retention';
import { authSecret } from '../../infra/secret';
import type { ProcurementDeps } from './procurement.deps';
import { defineSendJob } from './procurement.outbound';
import { pruneDocuments } from './procurement.retention';
import { procurementRoutes } from './procurement.routes';
import { sweepDocuments } from './procurement.sweep';

/** How often new shipments and invoices of punchout orders are looked for. */
const SWEEP_MS = 60_000;

/**
 * The deps built under /api, by the app's server: the buyer systems' routes live outside /api (registered by the app
 * beside it) and read them per request. One app, one server, one entry.
 */
const depsOfServer = new WeakMap<object, ProcurementDeps>();

export function procurementDepsOf(server: Server): ProcurementDeps {
  const deps = depsOfServer.get(server);
  if (!deps) throw new Error('the procurement feature is not registered');
  return deps;
}

/** Punchout (docs/decisions/063-punchout.md): the admin's connections and log, and the document sending job. */
export const procurementFeature: FastifyPluginAsync = async (app) => {
  const deps: ProcurementDeps = {
    orders: app.orderDeps,
    credit: { orders: app.orderDeps, provider: app.payments, credit: app.config.credit },
    auth: app.auth,
    jobs: app.jobs,
    post: app.postOutbound,
    log: app.log,
    appSecret: authSecret(app.config),
    baseUrl: app.config.baseUrl,
    shopName: app.config.shop.name,
  };
  depsOfServer.set(app.server, deps);
  defineSendJob(app.jobs, deps);
  await app.register(procurementRoutes, { deps });
  runPeriodically(app, SWEEP_MS, () =>
    sweepDocuments(deps).then(
      (n) => {
        if (n) app.log.info({ documents: n }, 'queued procurement documents');
      },
      (err: unknown) => app.log.error({ err }, 'procurement documents sweep failed'),
    ),
  );
  runRetention(app, 'procurement document log', (cutoff) => pruneDocuments(app.database.db, cutoff));
};
