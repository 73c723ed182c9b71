import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  connectionCreatedSchema,
  connectionCreateSchema,
  connectionSchema,
  documentSchema,
  documentsQuerySchema,
  punchoutSessionSchema,
} from '@shared/procurement/procurement.schema';
import { errorBodySchema } from '@shared/common/common.schema';
import { currentUser } from '../../http/auth-guard';
import { sendPage } from '../../infra/keyset';
import { createConnection, deleteConnection, listConnections } from './procurement.connections';
import type { ProcurementDeps } from './procurement.deps';
import { listDocuments, outboundOf } from './procurement.documents';
import { resendDocument } from './procurement.outbound';
import { punchoutSessionView } from './punchout.session';

const tags = ['procurement'];
const companyParams = z.object({ id: z.uuid({ error: 'must be a company id' }) });
const itemParams = companyParams.extend({ itemId: z.uuid({ error: 'must be an id' }) });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The shop admin's procurement connections and document log of a company; the punchout session's state. */
export const procurementRoutes: FastifyPluginAsyncZod<{ deps: ProcurementDeps }> = async (app, { deps }) => {
  const db = deps.orders.db;
  app.get('/companies/:id/procurement/connections', {
    schema: {
      tags,
      summary: "A company's punchout connections (shop admin)",
      params: companyParams,
      response: { 200: z.array(connectionSchema), ...errors },
    },
    config: { auth: 'admin' },
    handler: async (req) => listConnections(db, currentUser(req), req.params.id),
  });
  app.post('/companies/:id/procurement/connections', {
    schema: {
      tags,
      summary:
        'Connect a buyer system (cXML or OCI); the secret or password is answered this once (shop admin)',
      params: companyParams,
      body: connectionCreateSchema,
      response: { 201: connectionCreatedSchema, 409: errorBodySchema, ...errors },
    },
    config: { auth: 'admin' },
    handler: async (req, reply) =>
      reply.code(201).send(await createConnection(deps, currentUser(req), req.params.id, req.body)),
  });
  app.delete('/companies/:id/procurement/connections/:itemId', {
    schema: {
      tags,
      summary: 'Disconnect a buyer system (shop admin)',
      params: itemParams,
      response: { 204: z.null(), ...errors },
    },
    config: { auth: 'admin' },
    handler: async (req, reply) => {
      await deleteConnection(db, currentUser(req), req.params.id, req.params.itemId);
      return reply.code(204).send(null);
    },
  });
  app.get('/companies/:id/procurement/documents', {
    schema: {
      tags,
      summary: "Every punchout document in and out of a company's connections, newest first (shop admin)",
      params: companyParams,
      querystring: documentsQuerySchema,
      response: { 200: z.array(documentSchema), ...errors },
    },
    config: { auth: 'admin' },
    handler: async (req, reply) =>
      sendPage(req, reply, await listDocuments(db, currentUser(req), req.params.id, req.query)),
  });
  app.post('/companies/:id/procurement/documents/:itemId/resend', {
    schema: {
      tags,
      summary: 'Send an outbound document again (shop admin)',
      params: itemParams,
      response: { 202: z.object({ queued: z.literal(true) }), 409: errorBodySchema, ...errors },
    },
    config: { auth: 'admin' },
    handler: async (req, reply) => {
      const doc = await outboundOf(db, currentUser(req), req.params.id, req.params.itemId);
      await resendDocument(deps, doc.id);
      return reply.code(202).send({ queued: true as const });
    },
  });
  app.get('/punchout/session', {
    schema: {
      tags,
      summary: 'Whether this browser session was opened by a buyer system, and which',
      response: { 200: punchoutSessionSchema },
    },
    config: { auth: 'optional' },
    handler: async (req) => punchoutSessionView(db, req),
  });
};
