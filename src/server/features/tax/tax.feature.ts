import type { FastifyPluginAsync } from 'fastify';
import { defineFeature } from '../../http/feature';
import { taxExemptionsRoutes } from './tax-exemptions.routes';
import { taxRoutes } from './tax.routes';

const taxFeature: FastifyPluginAsync = async (app) => {
  await app.register(taxRoutes);
  await app.register(taxExemptionsRoutes);
};

export const feature = defineFeature({ name: 'tax', api: taxFeature });
