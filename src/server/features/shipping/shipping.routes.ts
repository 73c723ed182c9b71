import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shippingContract as calls } from '@shared/shipping/shipping.contract';
import { contractRoute } from '../../http/contract-route';
import { currentUser } from '../../http/auth-guard';
import {
  createShippingMethod,
  deleteShippingMethod,
  getShippingSettings,
  updateShippingMethod,
} from './shipping.admin';
import {
  createPickupLocation,
  deletePickupLocation,
  replaceShippingZones,
  updatePickupLocation,
} from './shipping.places';

const tags = ['shipping'];
const admin = { auth: 'admin' } as const;

/** The admin's shipping tables (docs/decisions/037-shipping-and-tax.md, "Admin tables"); every change is audited. */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.route({
    ...contractRoute(calls.settings, {
      tags,
      summary: 'Every shipping method with its rates, the parcel zones and the pickup locations (admin)',
      errors: [401, 403],
    }),
    config: admin,
    handler: async () => getShippingSettings(db),
  });

  app.route({
    ...contractRoute(calls.createMethod, {
      tags,
      summary: 'Add a shipping method with its rate rows (admin)',
      errors: [400, 401, 403, 409],
    }),
    config: admin,
    handler: async (req, reply) =>
      reply.status(201).send(await createShippingMethod(db, currentUser(req), req.body)),
  });

  app.route({
    ...contractRoute(calls.updateMethod, {
      tags,
      summary: 'Replace a shipping method and its rate rows (admin)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: admin,
    handler: async (req) => updateShippingMethod(db, currentUser(req), req.params.id, req.body),
  });

  app.route({
    ...contractRoute(calls.deleteMethod, {
      tags,
      summary: 'Delete a shipping method and its rates (admin)',
      errors: [400, 401, 403, 404],
    }),
    config: admin,
    handler: async (req) => deleteShippingMethod(db, currentUser(req), req.params.id),
  });

  app.route({
    ...contractRoute(calls.replaceZones, {
      tags,
      summary: 'Replace the parcel zone of every state (admin)',
      errors: [400, 401, 403],
    }),
    config: admin,
    handler: async (req) => replaceShippingZones(db, currentUser(req), req.body.zones),
  });

  app.route({
    ...contractRoute(calls.createPickupLocation, {
      tags,
      summary: 'Add a will-call pickup location (admin)',
      errors: [400, 401, 403],
    }),
    config: admin,
    handler: async (req, reply) =>
      reply.status(201).send(await createPickupLocation(db, currentUser(req), req.body)),
  });

  app.route({
    ...contractRoute(calls.updatePickupLocation, {
      tags,
      summary: 'Edit a pickup location (admin)',
      errors: [400, 401, 403, 404],
    }),
    config: admin,
    handler: async (req) => updatePickupLocation(db, currentUser(req), req.params.id, req.body),
  });

  app.route({
    ...contractRoute(calls.deletePickupLocation, {
      tags,
      summary: 'Delete a pickup location (admin)',
      errors: [400, 401, 403, 404],
    }),
    config: admin,
    handler: async (req) => deletePickupLocation(db, currentUser(req), req.params.id),
  });
};
