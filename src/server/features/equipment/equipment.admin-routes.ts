import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, idSchema } from '@shared/common/common.schema';
import {
  diagramSchema,
  hotspotCreateSchema,
  fitCreateSchema,
  modelCreateSchema,
  modelSchema,
  planItemCreateSchema,
  planItemSchema,
  replacementSchema,
} from '@shared/equipment/equipment.schema';
import { errorResponses } from '../../http/openapi';
import { currentUser } from '../../http/auth-guard';
import {
  addFit,
  addPlanItem,
  createModel,
  fitsOf,
  listModels,
  modelById,
  planOf,
  removePlanItem,
  replacePart,
  updateModel,
} from './equipment.models';
import { diagramOf, placeHotspot } from './equipment.diagram';

const tags = ['equipment'];
const created = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
const ok = z.object({ acknowledged: z.literal(true) });
const itemParams = z.object({ id: idSchema, itemId: idSchema });
/** What fits which machines changed: the kept "fits my equipment" sets (equipment.fit-cache.ts) go, everywhere. */
const FITS_CHANGE = ['catalogue'] as const;

/** Machine models (read by every buyer: registering picks one), and the admin's service plans and fit lists. */
export const equipmentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/equipment/models',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'The machine models the shop lists, by name',
        response: { 200: z.array(modelSchema), ...errorResponses(401) },
      },
    },
    async () => listModels(db),
  );

  app.post(
    '/equipment/models',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Add a machine model (a catalogue product or a name), its warranty and its diagram',
        body: modelCreateSchema,
        response: { 200: modelSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req) => createModel(db, currentUser(req), req.body),
  );

  app.patch(
    '/equipment/models/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: "Change a model's name, product, warranty months or diagram",
        params: idParamsSchema,
        body: modelCreateSchema.partial(),
        response: { 200: modelSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => updateModel(db, currentUser(req), req.params.id, req.body),
  );

  app.get(
    '/equipment/models/:id/plan',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "A model's service plan: parts and kits due every N hours or M months, per serial range",
        params: idParamsSchema,
        response: { 200: z.array(planItemSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => {
      await modelById(db, req.params.id);
      return planOf(db, req.params.id);
    },
  );

  app.post(
    '/equipment/models/:id/plan',
    {
      config: { auth: 'admin', invalidates: FITS_CHANGE },
      schema: {
        tags,
        summary: 'Add a service plan item',
        params: idParamsSchema,
        body: planItemCreateSchema,
        response: { 200: created, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      acknowledged: true as const,
      insertedId: await addPlanItem(db, currentUser(req), req.params.id, req.body),
    }),
  );

  app.delete(
    '/equipment/models/:id/plan/:itemId',
    {
      config: { auth: 'admin', invalidates: FITS_CHANGE },
      schema: {
        tags,
        summary: 'Remove a service plan item',
        params: itemParams,
        response: { 200: ok, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await removePlanItem(db, currentUser(req), req.params.id, req.params.itemId);
      return { acknowledged: true as const };
    },
  );

  app.get(
    '/equipment/models/:id/fits',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: "A model's explicit fit list",
        params: idParamsSchema,
        response: {
          200: z.array(
            z.object({
              id: z.string(),
              productId: z.string(),
              productName: z.string(),
              serialFrom: z.string().nullable(),
              serialTo: z.string().nullable(),
            }),
          ),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (req) => fitsOf(db, req.params.id),
  );

  app.post(
    '/equipment/models/:id/fits',
    {
      config: { auth: 'admin', invalidates: FITS_CHANGE },
      schema: {
        tags,
        summary: 'Add a part to the fit list of a model (optionally within a serial range)',
        params: idParamsSchema,
        body: fitCreateSchema,
        response: { 200: created, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      acknowledged: true as const,
      insertedId: await addFit(db, currentUser(req), req.params.id, req.body),
    }),
  );

  app.put(
    '/equipment/parts/:id/replaced-by',
    {
      config: { auth: 'admin', invalidates: FITS_CHANGE },
      schema: {
        tags,
        summary: 'Mark a part replaced by another (null: not replaced); a cycle is refused with 400',
        params: idParamsSchema,
        body: replacementSchema,
        response: { 200: ok, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => {
      await replacePart(db, currentUser(req), req.params.id, req.body.replacedById);
      return { acknowledged: true as const };
    },
  );

  app.get(
    '/equipment/models/:id/diagram',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "A model's exploded diagram: its image and numbered hotspots linked to parts",
        params: idParamsSchema,
        response: { 200: diagramSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => diagramOf(db, req.params.id),
  );

  app.put(
    '/equipment/models/:id/hotspots',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Place (or move) a numbered hotspot on the diagram, at x%, y%, linked to a part',
        params: idParamsSchema,
        body: hotspotCreateSchema,
        response: { 200: ok, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      await placeHotspot(db, currentUser(req), req.params.id, req.body);
      return { acknowledged: true as const };
    },
  );
};
