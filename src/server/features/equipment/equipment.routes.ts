import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, idSchema } from '@shared/common/common.schema';
import {
  hoursUpdateSchema,
  machineCreateSchema,
  machineDetailSchema,
  machineListQuerySchema,
  machineSchema,
  productFitSchema,
  serviceDoneSchema,
} from '@shared/equipment/equipment.schema';
import { errorResponses } from '../../http/openapi';
import { currentUser } from '../../http/auth-guard';
import { sendPage } from '../../infra/keyset';
import { listMachines, registerMachine, registrableFromOrder, updateHours } from './equipment.machines';
import { kitToCart, machineDetail, productFit, recordService } from './equipment.service';

const tags = ['equipment'];
const ok = z.object({ acknowledged: z.literal(true) });

/** The buyer's side of my equipment: machines, their pages, fit on a product page, the service kit's cart. */
export const equipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/equipment/machines',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          "The caller's machines and their company's, newest first (paged: X-Next-Cursor, X-Total-Count)",
        querystring: machineListQuerySchema,
        response: { 200: z.array(machineSchema), ...errorResponses(400, 401) },
      },
    },
    async (req, reply) => sendPage(req, reply, await listMachines(db, currentUser(req), req.query)),
  );

  app.post(
    '/equipment/machines',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          'Register a machine: model, serial number, install date, site, running hours, proof of purchase',
        body: machineCreateSchema,
        response: { 200: machineSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => registerMachine(db, currentUser(req), req.body),
  );

  app.get(
    '/equipment/machines/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One machine: warranty, the parts that fit it, its services and when each is due',
        params: idParamsSchema,
        response: { 200: machineDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => machineDetail(db, currentUser(req), req.params.id),
  );

  app.put(
    '/equipment/machines/:id/hours',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "A new running-hours reading (and optionally the machine's average hours per week)",
        params: idParamsSchema,
        body: hoursUpdateSchema,
        response: { 200: ok, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => {
      await updateHours(db, currentUser(req), req.params.id, req.body);
      return { acknowledged: true as const };
    },
  );

  app.post(
    '/equipment/machines/:id/services',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Record a service done: that plan item’s next interval counts from it',
        params: idParamsSchema,
        body: serviceDoneSchema,
        response: { 200: ok, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => {
      await recordService(db, currentUser(req), req.params.id, req.body);
      return { acknowledged: true as const };
    },
  );

  app.post(
    '/equipment/machines/:id/kit',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "Put service plan items' parts in the caller's cart (a service mail's link)",
        params: idParamsSchema,
        body: z.object({ planItemIds: z.array(idSchema).min(1).max(50) }),
        response: { 200: z.object({ added: z.number() }), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (req) => kitToCart(db, currentUser(req), req.params.id, req.body.planItemIds),
  );

  app.get(
    '/equipment/fit/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "Whether a product fits each of the caller's machines, and what replaced it",
        params: idParamsSchema,
        response: { 200: productFitSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => productFit(db, currentUser(req), req.params.id),
  );

  app.get(
    '/equipment/registrable/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          "The machine models a paid order of the caller's holds (what “Register this machine” offers)",
        params: idParamsSchema,
        response: {
          200: z.array(z.object({ modelId: z.string(), modelName: z.string() })),
          ...errorResponses(400, 401),
        },
      },
    },
    async (req) => registrableFromOrder(db, currentUser(req), req.params.id),
  );
};
