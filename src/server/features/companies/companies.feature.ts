import type { FastifyPluginAsync } from 'fastify';
import { defineFeature } from '../../http/feature';
import { companiesRoutes } from './companies.routes';
import { priceListsRoutes } from './price-lists.routes';

const companiesFeature: FastifyPluginAsync = async (app) => {
  await app.register(companiesRoutes);
  await app.register(priceListsRoutes);
};

export const feature = defineFeature({ name: 'companies', api: companiesFeature });
