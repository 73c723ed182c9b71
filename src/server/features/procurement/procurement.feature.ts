import type { FastifyPluginAsync } from 'fastify';
import { defineFeature } from '../../http/feature';
import { procurementDepsOf, procurementFeature } from './procurement.plugin';
import { punchoutRoutes } from './punchout.routes';

/** Punchout's buyer-system addresses (/punchout/…), outside /api: cXML documents, start links, cart transfer. */
const punchoutAtRoot: FastifyPluginAsync = async (app) => {
  await app.register(punchoutRoutes, { deps: () => procurementDepsOf(app.server) });
};

export const feature = defineFeature({ name: 'procurement', api: procurementFeature, root: punchoutAtRoot });
