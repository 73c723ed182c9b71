import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companiesContract as calls } from '@shared/companies/companies.contract';
import { currentUser } from '../../http/auth-guard';
import { contractRoute } from '../../http/contract-route';
import { pagedListDescription } from '../../http/openapi';
import { sendPage } from '../../infra/keyset';
import { companyResourceRoutes } from './companies-resources.routes';
import {
  acceptInvitation,
  invite,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from './companies.invitations';
import { listMembers, removeMember, setMemberLimits, setMemberRoles } from './companies.members';
import {
  createCompany,
  getCompany,
  listCompanies,
  myCompany,
  updateCompany,
  type CompanyDeps,
} from './companies.service';
import { setApprovalSettings } from './companies.settings';

const tags = ['companies'];
const member = { auth: 'user' } as const;
// Errors: 403 when not a member of that company (whether it exists or not) or not a company admin; 404 for an
// unknown item in it.

/** Trade accounts, part 1 (docs/decisions/039-trade-accounts.md): thin routes over the companies services. */
export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: CompanyDeps = {
    db: app.database.db,
    mailer: app.mailer,
    mail: { shopName: app.config.shop.name, baseUrl: app.config.baseUrl },
  };
  const { db } = deps;

  app.route({
    ...contractRoute(calls.create, {
      tags,
      summary: 'Create a company; the caller becomes its company admin (409 when already in a company)',
      errors: [400, 401, 409],
    }),
    config: member,
    handler: async (req, reply) => reply.code(201).send(await createCompany(db, currentUser(req), req.body)),
  });
  app.route({
    ...contractRoute(calls.mine, { tags, summary: "The caller's company and roles, or null", errors: [401] }),
    config: member,
    handler: async (req) => myCompany(db, currentUser(req)),
  });
  app.route({
    ...contractRoute(calls.list, {
      tags,
      summary: 'Every company, newest first, searchable by a prefix of its name or tax ID (admin)',
      description: pagedListDescription,
      errors: [400, 401, 403],
    }),
    config: { auth: 'admin' },
    handler: async (req, reply) => sendPage(req, reply, await listCompanies(db, req.query)),
  });
  app.route({
    ...contractRoute(calls.get, {
      tags,
      summary: 'A company (its members or an admin)',
      errors: [400, 401, 403, 404],
    }),
    config: member,
    handler: async (req) => getCompany(db, currentUser(req), req.params.id),
  });
  app.route({
    ...contractRoute(calls.update, {
      tags,
      summary: "Edit a company's name and tax ID (company admin)",
      errors: [400, 401, 403, 404, 409],
    }),
    config: member,
    handler: async (req) => updateCompany(db, currentUser(req), req.params.id, req.body),
  });

  app.route({
    ...contractRoute(calls.members, {
      tags,
      summary: "A company's members and their roles, oldest first",
      description: pagedListDescription,
      errors: [400, 401, 403, 404],
    }),
    config: member,
    handler: async (req, reply) =>
      sendPage(req, reply, await listMembers(db, currentUser(req), req.params.id, req.query)),
  });
  app.route({
    ...contractRoute(calls.setRoles, {
      tags,
      summary: "Change a member's roles (company admin); the last company admin keeps the role (409)",
      errors: [400, 401, 403, 404, 409],
    }),
    config: member,
    handler: async (req) =>
      setMemberRoles(db, currentUser(req), req.params.id, req.params.userId, req.body.roles),
  });
  app.route({
    ...contractRoute(calls.setApprovalSettings, {
      tags,
      summary:
        'Set how many working days (Mon–Fri, 1–30, default 3) a checkout over a spending limit may wait for approval (company admin)',
      errors: [400, 401, 403, 404],
    }),
    config: member,
    handler: async (req) => setApprovalSettings(db, currentUser(req), req.params.id, req.body),
  });
  app.route({
    ...contractRoute(calls.setLimits, {
      tags,
      summary:
        "Set a member's spending limits in dollars per order and per calendar month, null = none (company admin); a checkout over one waits for approval",
      errors: [400, 401, 403, 404],
    }),
    config: member,
    handler: async (req) => setMemberLimits(db, currentUser(req), req.params.id, req.params.userId, req.body),
  });
  app.route({
    ...contractRoute(calls.removeMember, {
      tags,
      summary: 'Remove a member (company admin) or leave (the member); never the last company admin (409)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: member,
    handler: async (req) => removeMember(db, currentUser(req), req.params.id, req.params.userId),
  });

  app.route({
    ...contractRoute(calls.invitations, {
      tags,
      summary: 'Invitations not accepted yet (company admin), newest first',
      description: pagedListDescription,
      errors: [400, 401, 403, 404],
    }),
    config: member,
    handler: async (req, reply) =>
      sendPage(req, reply, await listInvitations(db, currentUser(req), req.params.id, req.query)),
  });
  app.route({
    ...contractRoute(calls.invite, {
      tags,
      summary:
        'Invite someone by email with roles (company admin): a single-use link, mailed, valid for 14 days',
      errors: [400, 401, 403, 404, 409],
    }),
    config: member,
    handler: async (req, reply) =>
      reply.code(201).send(await invite(deps, currentUser(req), req.params.id, req.body)),
  });
  app.route({
    ...contractRoute(calls.revokeInvitation, {
      tags,
      summary: 'Withdraw an invitation (company admin)',
      errors: [400, 401, 403, 404],
    }),
    config: member,
    handler: async (req) => revokeInvitation(db, currentUser(req), req.params.id, req.params.itemId),
  });
  app.route({
    ...contractRoute(calls.previewInvitation, {
      tags,
      summary: 'What an invitation link offers, and why the caller cannot accept it if so',
      errors: [400, 401, 404],
    }),
    config: member,
    handler: async (req) => previewInvitation(db, currentUser(req), req.params.token),
  });
  app.route({
    ...contractRoute(calls.acceptInvitation, {
      tags,
      summary:
        'Accept an invitation: the signed-in account with the invited email joins (403 another email; 409 used, expired or already in a company)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: member,
    handler: async (req) => acceptInvitation(db, currentUser(req), req.params.token),
  });

  await companyResourceRoutes(app, {});
};
