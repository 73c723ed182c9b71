import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { procurementContract as calls } from '@shared/procurement/procurement.contract';
import { currentUser } from '../../http/auth-guard';
import { contractRoute } from '../../http/contract-route';
import { sendPage } from '../../infra/keyset';
import { createConnection, deleteConnection, listConnections } from './procurement.connections';
import type { ProcurementDeps } from './procurement.deps';
import { listDocuments, outboundOf } from './procurement.documents';
import { resendDocument } from './procurement.outbound';
import { punchoutSessionView } from './punchout.session';

const tags = ['procurement'];
const admin = { auth: 'admin' as const };

/** The shop admin's procurement connections and document log of a company; the punchout session's state. */
export const procurementRoutes: FastifyPluginAsyncZod<{ deps: ProcurementDeps }> = async (app, { deps }) => {
  const db = deps.orders.db;
  app.route({
    ...contractRoute(calls.connections, {
      tags,
      summary: "A company's punchout connections (shop admin)",
      errors: [400, 401, 403, 404],
    }),
    config: admin,
    handler: async (req) => listConnections(db, currentUser(req), req.params.id),
  });
  app.route({
    ...contractRoute(calls.connect, {
      tags,
      summary:
        'Connect a buyer system (cXML or OCI); the secret or password is answered this once (shop admin)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: admin,
    handler: async (req, reply) =>
      reply.code(201).send(await createConnection(deps, currentUser(req), req.params.id, req.body)),
  });
  app.route({
    ...contractRoute(calls.disconnect, {
      tags,
      summary: 'Disconnect a buyer system (shop admin)',
      errors: [400, 401, 403, 404],
    }),
    config: admin,
    handler: async (req, reply) => {
      await deleteConnection(db, currentUser(req), req.params.id, req.params.itemId);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...contractRoute(calls.documents, {
      tags,
      summary: "Every punchout document in and out of a company's connections, newest first (shop admin)",
      errors: [400, 401, 403, 404],
    }),
    config: admin,
    handler: async (req, reply) =>
      sendPage(req, reply, await listDocuments(db, currentUser(req), req.params.id, req.query)),
  });
  app.route({
    ...contractRoute(calls.resend, {
      tags,
      summary: 'Send an outbound document again (shop admin)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: admin,
    handler: async (req, reply) => {
      const doc = await outboundOf(db, currentUser(req), req.params.id, req.params.itemId);
      await resendDocument(deps, doc.id);
      return reply.code(202).send({ queued: true as const });
    },
  });
  app.route({
    ...contractRoute(calls.session, {
      tags,
      summary: 'Whether this browser session was opened by a buyer system, and which',
    }),
    config: { auth: 'optional' },
    handler: async (req) => punchoutSessionView(db, req),
  });
};
