import type { FastifyPluginAsync } from 'fastify';
import { defineFeature } from '../../http/feature';
import { inventoryRoutes } from './inventory.routes';
import type { OrderNumbersOf } from './inventory.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The order numbers a stock history shows: a port orders fills, since orders depends on inventory. */
    inventoryOrderNumbers: OrderNumbersOf;
  }
}

const inventoryFeature: FastifyPluginAsync = async (app) => {
  await app.register(inventoryRoutes, { orderNumbers: (ids) => app.inventoryOrderNumbers(ids) });
};

export const feature = defineFeature({ name: 'inventory', api: inventoryFeature });
