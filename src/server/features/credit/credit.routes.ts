import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditContract as calls } from '@shared/credit/credit.contract';
import { currentUser } from '../../http/auth-guard';
import { contractRoute } from '../../http/contract-route';
import { pagedListDescription } from '../../http/openapi';
import { sendPage } from '../../infra/keyset';
import type { CreditDeps } from './credit.model';
import { accountOption, payOnAccount } from './credit.pay';
import { confirmCardPayment, recordBankTransfer, startCardPayment } from './credit.payments';
import { statement } from './credit.statement';
import { getAccount, removeTerms, setTerms } from './credit.terms';

const tags = ['companies'];

/** Terms, credit, paying on account and statements (docs/decisions/041-paying-on-account.md): thin routes. */
export const creditRoutes: FastifyPluginAsyncZod<{ deps: CreditDeps }> = async (app, { deps }) => {
  app.route({
    ...contractRoute(calls.setTerms, {
      tags,
      summary:
        "Grant or change a company's terms (Net 15/30/60) and credit limit in cents (shop admin; audited)",
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'admin' },
    handler: async (req) => setTerms(deps, currentUser(req), req.params.id, req.body),
  });
  app.route({
    ...contractRoute(calls.removeTerms, {
      tags,
      summary: "Withdraw a company's terms (shop admin; audited); what it owes stays owed",
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'admin' },
    handler: async (req) => removeTerms(deps, currentUser(req), req.params.id),
  });
  app.route({
    ...contractRoute(calls.account, {
      tags,
      summary:
        "A company's terms, open and overdue totals, available credit and credit hold (its admins and buyers, shop admins)",
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user' },
    handler: async (req) => getAccount(deps, currentUser(req), req.params.id),
  });
  app.route({
    ...contractRoute(calls.statement, {
      tags,
      summary:
        "A company's invoices bought on account: open (overdue ones too), overdue or paid, newest first",
      description: pagedListDescription,
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user' },
    handler: async (req, reply) =>
      sendPage(req, reply, await statement(deps, currentUser(req), req.params.id, req.query)),
  });
  app.route({
    ...contractRoute(calls.startCardPayment, {
      tags,
      summary:
        'Start one card payment of one or several open account invoices, an amount (cents) per invoice: its intent',
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user', idempotent: true },
    handler: async (req, reply) =>
      reply
        .code(201)
        .send(await startCardPayment(deps, currentUser(req), req.params.id, req.body.allocations)),
  });
  app.route({
    ...contractRoute(calls.confirmCardPayment, {
      tags,
      summary: 'Record a card payment of account invoices once the provider confirms it (idempotent)',
      errors: [400, 401, 402, 403, 404, 409],
    }),
    config: { auth: 'user', idempotent: true },
    handler: async (req) =>
      confirmCardPayment(deps, currentUser(req), req.params.id, req.params.paymentId, req.body.transactionId),
  });
  app.route({
    ...contractRoute(calls.bankTransfer, {
      tags,
      summary: 'Record a bank transfer against one or several account invoices (shop admin; audited)',
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'admin', idempotent: true },
    handler: async (req, reply) =>
      reply.code(201).send(await recordBankTransfer(deps, currentUser(req), req.params.id, req.body)),
  });
  app.route({
    ...contractRoute(calls.accountOption, {
      tags: ['checkout'],
      summary: 'Whether the caller may pay this checkout on account now, and why not',
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user' },
    handler: async (req) => accountOption(deps, currentUser(req), req.params.id),
  });
  app.route({
    ...contractRoute(calls.payOnAccount, {
      tags: ['checkout'],
      summary:
        'Pay an unpaid checkout on account (a buyer of a company with terms, within its available credit): its invoice carries a due date (409 with the reason when refused)',
      errors: [400, 401, 403, 404, 409],
    }),
    config: { auth: 'user', idempotent: true, invalidates: ['catalogue'] },
    handler: async (req) => payOnAccount(deps, currentUser(req), req.params.id),
  });
};
