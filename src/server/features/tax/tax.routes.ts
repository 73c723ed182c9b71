import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { taxContract as calls } from '@shared/tax/tax.contract';
import { contractRoute } from '../../http/contract-route';
import { currentUser } from '../../http/auth-guard';
import { getTaxRates, replaceTaxRates } from './tax.admin';

const tags = ['tax'];

/** The admin's sales-tax table (docs/decisions/037-shipping-and-tax.md, "Admin tables"); a save is audited. */
export const taxRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.route({
    ...contractRoute(calls.rates, {
      tags,
      summary: 'The sales tax rate of every state and ZIP prefix (admin)',
      errors: [401, 403],
    }),
    config: { auth: 'admin' },
    handler: async () => getTaxRates(db),
  });

  app.route({
    ...contractRoute(calls.replaceRates, {
      tags,
      summary: 'Replace the whole sales tax table (admin)',
      errors: [400, 401, 403],
    }),
    config: { auth: 'admin' },
    handler: async (req) => replaceTaxRates(db, currentUser(req), req.body.rates),
  });
};
