import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { returnsContract as calls } from '@shared/returns/returns.contract';
import { contractRoute } from '../../http/contract-route';
import { currentUser } from '../../http/auth-guard';
import { approveReturn, receiveReturn, rejectReturn } from './returns.admin';
import { listReturns } from './returns.lists';
import { readableReturn, toReturn } from './returns.model';
import { returnPolicy, setReturnPolicy } from './returns.policy';
import { resolveReturn } from './returns.refund';
import { createReturn } from './returns.request';

const tags = ['returns'];

/** Returns and RMAs (docs/decisions/065-returns.md): buyers ask, admins approve, receive and refund or replace. */
export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.orderDeps;

  app.route({
    ...contractRoute(calls.create, {
      tags,
      summary: 'Ask to return units of shipped lines of one of my orders, with a reason and photos; mails me',
      errors: [400, 401, 403, 409],
    }),
    config: { auth: 'user' },
    handler: async (req, reply) =>
      reply.status(201).send(await createReturn(deps, currentUser(req), req.body)),
  });
  app.route({
    ...contractRoute(calls.mine, { tags, summary: 'My returns, newest first (paged)', errors: [400, 401] }),
    config: { auth: 'user' },
    handler: async (req) => listReturns(deps.db, req.query, currentUser(req).id),
  });
  app.route({
    ...contractRoute(calls.list, {
      tags,
      summary: 'Every return, newest first, by status (paged; admin)',
      errors: [400, 401, 403],
    }),
    config: { auth: 'admin' },
    handler: async (req) => listReturns(deps.db, req.query),
  });
  app.route({
    ...contractRoute(calls.get, {
      tags,
      summary: 'One return (its buyer or an admin)',
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user' },
    handler: async (req) => toReturn(deps.db, await readableReturn(deps.db, currentUser(req), req.params.id)),
  });
  const adminStep = { config: { auth: 'admin' as const } };
  const stepErrors = [400, 401, 403, 404, 409] as const;
  app.route({
    ...contractRoute(calls.approve, {
      tags,
      summary: 'Approve a requested return with instructions; gives it the next RMA number (admin)',
      errors: [...stepErrors],
    }),
    ...adminStep,
    handler: async (req) => approveReturn(deps, currentUser(req), req.params.id, req.body.instructions),
  });
  app.route({
    ...contractRoute(calls.reject, {
      tags,
      summary: 'Reject a requested return with a reason (admin)',
      errors: [...stepErrors],
    }),
    ...adminStep,
    handler: async (req) => rejectReturn(deps, currentUser(req), req.params.id, req.body.reason),
  });
  app.route({
    ...contractRoute(calls.receive, {
      tags,
      summary: 'Record what came back of an approved return: units restocked and scrapped per line (admin)',
      errors: [...stepErrors],
    }),
    config: { auth: 'admin', invalidates: ['catalogue'] },
    handler: async (req) => receiveReturn(deps, currentUser(req), req.params.id, req.body),
  });
  app.route({
    ...contractRoute(calls.resolve, {
      tags,
      summary:
        'Settle a received return: refund what came back less the restocking fee (one refund path), or replace a warranty failure (admin)',
      errors: [...stepErrors],
    }),
    config: { auth: 'admin', idempotent: true, invalidates: ['catalogue'] },
    handler: async (req) => resolveReturn(deps, currentUser(req), req.params.id, req.body.resolution),
  });
  app.route({
    ...contractRoute(calls.policies, { tags, summary: 'Return windows and restocking fees per reason' }),
    handler: async () => returnPolicy(deps.db),
  });
  app.route({
    ...contractRoute(calls.setPolicies, {
      tags,
      summary: 'Set the return windows (days) and restocking fees (whole percent) per reason (admin)',
      errors: [400, 401, 403],
    }),
    ...adminStep,
    handler: async (req) => setReturnPolicy(deps.db, currentUser(req), req.body),
  });
};
