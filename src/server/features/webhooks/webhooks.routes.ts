import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhooksContract as calls } from '@shared/webhooks/webhooks.contract';
import { contractRoute } from '../../http/contract-route';
import { sendPage } from '../../infra/keyset';
import type { WebhookDeps } from './webhooks.delivery';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listEndpoints,
  rotateSecret,
  sendTest,
  updateEndpoint,
} from './webhooks.endpoints';
import { listDeliveries, resendDelivery } from './webhooks.log';

const tags = ['webhooks'];
const admin = { auth: 'admin' as const };

/** The admin's webhook endpoints and their delivery log (decision 061). */
export const webhooksRoutes: FastifyPluginAsyncZod<{ deps: WebhookDeps }> = async (app, { deps }) => {
  const { db, jobs } = deps;
  const endpointDeps = { db, box: deps.box, allowPrivate: app.config.outboundAllowPrivate };

  app.route({
    ...contractRoute(calls.list, {
      tags,
      summary: 'Webhook endpoints, newest first (admin)',
      errors: [400, 401, 403],
    }),
    config: admin,
    handler: async (req, reply) => sendPage(req, reply, await listEndpoints(db, req.query)),
  });
  app.route({
    ...contractRoute(calls.create, {
      tags,
      summary: 'Add an endpoint; the answer shows its signing secret once (admin)',
      errors: [400, 401, 403],
    }),
    config: admin,
    handler: async (req, reply) => reply.code(201).send(await createEndpoint(endpointDeps, req.body)),
  });
  app.route({
    ...contractRoute(calls.get, { tags, summary: 'One endpoint (admin)', errors: [400, 401, 403, 404] }),
    config: admin,
    handler: async (req) => getEndpoint(db, req.params.id),
  });
  app.route({
    ...contractRoute(calls.update, {
      tags,
      summary: 'Change the URL, description, events or enabled (admin)',
      errors: [400, 401, 403, 404],
    }),
    config: admin,
    handler: async (req) => updateEndpoint(endpointDeps, req.params.id, req.body),
  });
  app.route({
    ...contractRoute(calls.remove, {
      tags,
      summary: 'Delete an endpoint and its log (admin)',
      errors: [400, 401, 403, 404],
    }),
    config: admin,
    handler: async (req) => deleteEndpoint(db, req.params.id),
  });
  app.route({
    ...contractRoute(calls.rotate, {
      tags,
      summary: 'A new signing secret, shown once; the old one signs too for 24 hours (admin)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: admin,
    handler: async (req) => rotateSecret(endpointDeps, req.params.id),
  });
  app.route({
    ...contractRoute(calls.sendTest, {
      tags,
      summary: 'Send a webhook.test event to this endpoint (admin)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: admin,
    handler: async (req, reply) => reply.code(202).send(await sendTest(db, req.params.id)),
  });
  app.route({
    ...contractRoute(calls.deliveries, {
      tags,
      summary: 'The delivery log: each event, its tries and the next one (admin)',
      errors: [400, 401, 403, 404],
    }),
    config: admin,
    handler: async (req, reply) => sendPage(req, reply, await listDeliveries(db, req.params.id, req.query)),
  });
  app.route({
    ...contractRoute(calls.resend, {
      tags,
      summary: 'Send a delivery again, with the same webhook-id (admin)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: admin,
    handler: async (req, reply) =>
      reply.code(202).send(await resendDelivery(db, jobs, req.params.id, req.params.deliveryId)),
  });
};
