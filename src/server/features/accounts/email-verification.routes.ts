import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsContract as calls } from '@shared/accounts/accounts.contract';
import { contractRoute } from '../../http/contract-route';
import { claimSignIn, forgetAccountFailures, settleSignIn } from '../../http/auth-limits';
import { AppError } from '../../infra/errors';
import {
  accountOfLink,
  assertUnverified,
  finishVerification,
  isAccountPassword,
  needsPassword,
  removeUnverifiedAccount,
  verificationState,
} from './email-verification';

const tags = ['accounts'];

const linkRule =
  'The token is the one of the mailed link (`/verify-email?token=…`, the page that calls this). An invalid or ' +
  'expired token is a 400 naming `token`; a token whose account no longer exists, a 404.';

export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.route({
    ...contractRoute(calls.verificationState, {
      tags,
      summary:
        'What a verification link is about: its address, whether it is verified, whether the caller is signed in to it',
      description: `Changes nothing, so mail scanners that open links verify nothing. ${linkRule}`,
      errors: [400, 404],
    }),
    config: { auth: 'optional' },
    handler: async (req) => verificationState(app.auth, req.query.token, req.user),
  });

  app.route({
    ...contractRoute(calls.verifyEmail, {
      tags,
      summary: 'Finish a verification: signed in to the account, or with the password chosen at registration',
      description:
        'The link proves the mailbox, not who chose the password, so the password is kept only for someone who knows ' +
        'it: a session of the account needs nothing more; anyone else sends `password` (400 naming `password` ' +
        'without it, 401 naming it when wrong). Wrong passwords count as failed sign-ins of the account and the ' +
        `caller's address (429 with \`Retry-After\`). Verifying signs nobody in. 409 when already verified. ${linkRule}`,
      errors: [400, 401, 404, 409, 429],
    }),
    config: { auth: 'optional', invalidates: ['sessions'] },
    handler: async (req, reply) => {
      const { token, password } = req.body;
      const account = await accountOfLink(app.auth, token);
      assertUnverified(account);
      if (!needsPassword(req.user, account)) return finishVerification(app.auth, token, account);
      if (password === undefined)
        throw new AppError(
          'bad_request',
          'Enter the password chosen when this account was registered.',
          'password',
        );

      // The page is a way to try the account's password, so it shares sign-in's failure limits.
      const ticket = app.config.authRateLimit ? await claimSignIn(db, account.email, req.ip) : undefined;
      if (ticket?.refused)
        return reply
          .status(429)
          .header('retry-after', String(ticket.retryAfter))
          .send({ error: 'rate_limited', message: ticket.message });
      let status = 500;
      try {
        if (!(await isAccountPassword(app.auth, account.id, password))) {
          status = 401;
          throw new AppError('unauthorized', 'The password is not correct.', 'password');
        }
        status = 200;
      } finally {
        if (ticket) await settleSignIn(db, ticket, status);
      }
      return finishVerification(app.auth, token, account);
    },
  });

  app.route({
    ...contractRoute(calls.declineAccount, {
      tags,
      summary: '"I didn\'t create this account": remove the unverified account a verification link is about',
      description:
        'For the mailbox owner when someone else registered their address: the account, its sessions and its ' +
        'password go, and the address can be registered again. A verified account is never removed (409). ' +
        linkRule,
      errors: [400, 404, 409],
    }),
    config: { auth: 'optional', invalidates: ['sessions'] },
    handler: async (req) => {
      const account = await accountOfLink(app.auth, req.body.token);
      const removed = await removeUnverifiedAccount(db, account);
      await forgetAccountFailures(db, account.email);
      req.log.info({ userId: account.id }, 'unverified account removed by the mailbox owner');
      return removed;
    },
  });
};
