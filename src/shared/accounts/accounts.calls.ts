import { endpoints } from '../common/contract';
import type { AccountsSchemas } from './accounts.contract';

/** Method and path of the accounts calls. No zod here: the browser imports this (see common/contract.ts). */
export const accountsCalls = endpoints<AccountsSchemas>()({
  /** A bearer token for API clients (the email must be the caller's own). */
  token: { method: 'PUT', path: '/userlogin/{email}' },
  role: { method: 'GET', path: '/user/{email}' },
  /** Admin: the users, a page at a time (paging headers). */
  users: { method: 'GET', path: '/user' },
  /** Admin: promotes the user; no body. */
  makeAdmin: { method: 'PUT', path: '/user/{email}' },
  /** Admin: makes another admin a customer again, never the last admin; no body. */
  demoteAdmin: { method: 'DELETE', path: '/user/{email}/admin' },
  profile: { method: 'GET', path: '/userprofile/{email}' },
  updateProfile: { method: 'PUT', path: '/userprofile/{email}' },
  /** What a mailed verification link is about (changes nothing). */
  verificationState: { method: 'GET', path: '/email-verification' },
  /** Finishes a verification: signed in to the account, or with its password. */
  verifyEmail: { method: 'POST', path: '/email-verification' },
  /** "I didn't create this account": removes the unverified account the link is about. */
  declineAccount: { method: 'POST', path: '/email-verification/decline' },
  /** First start: creates the first admin with the one-time token printed at start-up (decision 046). */
  firstAdmin: { method: 'POST', path: '/setup/first-admin' },
});
