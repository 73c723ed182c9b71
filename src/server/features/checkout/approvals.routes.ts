import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approvalsContract as calls } from '@shared/checkout/approvals.contract';
import { contractRoute } from '../../http/contract-route';
import { currentUser } from '../../http/auth-guard';
import { pagedListDescription } from '../../http/openapi';
import { sendPage } from '../../infra/keyset';
import { decideApproval, getApproval, listApprovals } from './approvals.service';
import { approvalTestClockRoutes } from './approvals.test-clock';

const tags = ['approvals'];

/** Approvals of checkouts over a buyer's spending limit (docs/decisions/040-approvals-and-limits.md). */
export const approvalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.orderDeps;
  if (app.config.testHooks) await app.register(approvalTestClockRoutes);

  app.route({
    ...contractRoute(calls.list, {
      tags,
      summary:
        "A company's checkouts waiting for approval (status=all: every one that needed it), newest first (approvers, company admins, shop admins)",
      description: pagedListDescription,
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user' },
    handler: async (req, reply) =>
      sendPage(req, reply, await listApprovals(deps, currentUser(req), req.params.id, req.query)),
  });

  app.route({
    ...contractRoute(calls.get, {
      tags,
      summary: 'One checkout that needed approval, with its lines and decision',
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user' },
    handler: async (req) => getApproval(deps, currentUser(req), req.params.id, req.params.itemId),
  });

  app.route({
    ...contractRoute(calls.decide, {
      tags,
      summary:
        'Approve (payable for one checkout window from the approval) or reject (cancelled, stock released) a checkout, with a comment mailed to the buyer; approvers only, never their own (403); decided already or past its approval window: 409',
      errors: [400, 401, 403, 404, 409],
    }),
    config: { auth: 'user', invalidates: ['catalogue'] },
    handler: async (req) =>
      decideApproval(deps, currentUser(req), req.params.id, req.params.itemId, req.body),
  });
};
