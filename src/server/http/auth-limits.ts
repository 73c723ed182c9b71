import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../infra/db';

/**
 * The shop's own limits on password sign-in and reset mail (decision 012), in Better Auth's `rate_limit` table so
 * that every instance on one PostgreSQL database counts together. Each step is one statement (an upsert whose
 * `where` decides, or a conditional update), so concurrent requests on several instances cannot all pass a stale
 * read: PostgreSQL serialises them on the row.
 *
 * Our rows carry keys of their own (`fail:…`, `reset:…`; Better Auth's are `<ip>|<path>`), and their `last_request`
 * holds the time until which the row matters, not the last request: Better Auth's database store deletes every row
 * whose `last_request` is older than its longest window, and a row stored this way is only ever deleted once it has
 * expired anyway.
 */

/** Failed password sign-ins per account before it must wait; the wait doubles from 30 s up to 15 minutes. */
export const ACCOUNT_FREE_FAILURES = 5;
export const ACCOUNT_FIRST_WAIT_MS = 30_000;
export const ACCOUNT_MAX_WAIT_MS = 15 * 60_000;
/** An account's failures are forgotten an hour after the last one (and at once by a successful sign-in). */
export const ACCOUNT_FORGET_MS = 60 * 60_000;
/** Failed sign-ins per client address, all accounts together: successes never count. */
export const IP_FAILURES = { max: 100, windowMs: 15 * 60_000 };
/** Reset mails asked for one address, and reset requests from one client address. */
export const RESET_PER_ACCOUNT = { max: 3, windowMs: 15 * 60_000 };
export const RESET_PER_IP = { max: 50, windowMs: 60 * 60_000 };

/** Longer than any email address: anything beyond is hashed so the key stays small enough for the unique index. */
const MAX_KEY_PART = 254;
const keyPart = (value: string) =>
  value.length <= MAX_KEY_PART ? value : `sha256:${createHash('sha256').update(value).digest('hex')}`;

/** The account an email names, as Better Auth stores it (lower case). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

const keys = {
  accountFailures: (email: string) => `fail:account:${keyPart(normaliseEmail(email))}`,
  ipFailures: (ip: string) => `fail:ip:${keyPart(ip)}`,
  resetAccount: (email: string) => `reset:account:${keyPart(normaliseEmail(email))}`,
  resetIp: (ip: string) => `reset:ip:${keyPart(ip)}`,
};

/** A refusal: the caller answers 429 with `Retry-After: seconds`. */
export interface Refused {
  refused: true;
  retryAfter: number;
  message: string;
}

const toSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** A fixed window of `max` events per key; a claim that would pass `max` changes nothing. */
export interface WindowClaim {
  key: string;
  /** The row's `last_request` (the end of the window) after the claim, to take the claim back in that window. */
  until: number;
}

export async function claimWindow(
  db: Db,
  key: string,
  limit: { max: number; windowMs: number },
  now: number,
): Promise<WindowClaim | { retryAfterMs: number }> {
  const until = now + limit.windowMs;
  const claimed = rowsOf(
    await db.execute(sql`
      insert into rate_limit (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${until})
      on conflict (key) do update set
        count = case when rate_limit.last_request <= ${now} then 1 else rate_limit.count + 1 end,
        last_request = case when rate_limit.last_request <= ${now} then ${until} else rate_limit.last_request end
      where rate_limit.last_request <= ${now} or rate_limit.count < ${limit.max}
      returning last_request`),
  );
  if (claimed[0]) return { key, until: Number(claimed[0].last_request) };
  const row = rowsOf(await db.execute(sql`select last_request from rate_limit where key = ${key}`))[0];
  return { retryAfterMs: row ? Number(row.last_request) - now : 0 };
}

/** Takes back one claim, if its window is still the current one. */
async function releaseWindow(db: Db, claim: WindowClaim): Promise<void> {
  await db.execute(sql`
    update rate_limit set count = greatest(count - 1, 0)
    where key = ${claim.key} and last_request = ${claim.until}`);
}

/**
 * How long an account waits after `count` failures in a row, in SQL (the same rule as `accountWaitMs`; the exponent
 * is capped, so no count overflows).
 */
const waitMsSql = (count: ReturnType<typeof sql>) =>
  sql`(case when ${count} < ${ACCOUNT_FREE_FAILURES} then 0::bigint
    else least(${ACCOUNT_FIRST_WAIT_MS}::bigint * (1::bigint << least(${count} - ${ACCOUNT_FREE_FAILURES}, 10)),
               ${ACCOUNT_MAX_WAIT_MS}::bigint) end)`;

/** The same rule in TypeScript: 0 below the free failures, then 30 s, 60 s, … up to 15 minutes. */
export function accountWaitMs(failures: number): number {
  if (failures < ACCOUNT_FREE_FAILURES) return 0;
  return Math.min(
    ACCOUNT_FIRST_WAIT_MS * 2 ** Math.min(failures - ACCOUNT_FREE_FAILURES, 10),
    ACCOUNT_MAX_WAIT_MS,
  );
}

/** What a sign-in that was let through holds until Better Auth has answered. */
export interface SignInTicket {
  refused: false;
  ip: WindowClaim;
  account?: string;
}

/**
 * Before a password sign-in: refuses while the address has used its failures or the account must wait; otherwise
 * counts the attempt as a failure of both in advance (so concurrent attempts cannot slip past the limit), which
 * `settleSignIn` confirms, takes back, or clears once Better Auth has answered.
 *
 * The account row: `count` = failures in a row, `last_request` = last failure + ACCOUNT_FORGET_MS.
 */
export async function claimSignIn(
  db: Db,
  email: string | undefined,
  ip: string,
  now = Date.now(),
): Promise<SignInTicket | Refused> {
  const ipClaim = await claimWindow(db, keys.ipFailures(ip), IP_FAILURES, now);
  if ('retryAfterMs' in ipClaim)
    return {
      refused: true,
      retryAfter: toSeconds(ipClaim.retryAfterMs),
      message: 'Too many failed sign-ins from your network. Please try again later.',
    };
  if (email === undefined) return { refused: false, ip: ipClaim };

  const key = keys.accountFailures(email);
  const lastFailure = sql`(rate_limit.last_request - ${ACCOUNT_FORGET_MS})`;
  const claimed = rowsOf(
    await db.execute(sql`
      insert into rate_limit (id, key, count, last_request)
      values (${randomUUID()}, ${key}, 1, ${now + ACCOUNT_FORGET_MS})
      on conflict (key) do update set
        count = case when rate_limit.last_request <= ${now} then 1 else rate_limit.count + 1 end,
        last_request = ${now + ACCOUNT_FORGET_MS}
      where rate_limit.last_request <= ${now}
        or ${lastFailure} + ${waitMsSql(sql`rate_limit.count`)} <= ${now}
      returning count`),
  );
  if (claimed[0]) return { refused: false, ip: ipClaim, account: key };

  await releaseWindow(db, ipClaim);
  const row = rowsOf(await db.execute(sql`select count, last_request from rate_limit where key = ${key}`))[0];
  const waitUntil = row
    ? Number(row.last_request) - ACCOUNT_FORGET_MS + accountWaitMs(Number(row.count))
    : now;
  return {
    refused: true,
    retryAfter: toSeconds(waitUntil - now),
    message: 'Too many failed sign-ins for this account. Please wait before trying again.',
  };
}

/**
 * After Better Auth answered a sign-in: a wrong email or password (401) stays counted; a success clears the
 * account's failures and never counts for the address; any other answer (a malformed request, a banned user, an
 * outage) was no password guess and is taken back.
 */
export async function settleSignIn(db: Db, ticket: SignInTicket, status: number): Promise<void> {
  if (status === 401) return;
  await releaseWindow(db, ticket.ip);
  if (!ticket.account) return;
  if (status >= 200 && status < 300)
    await db.execute(sql`delete from rate_limit where key = ${ticket.account}`);
  else
    await db.execute(sql`update rate_limit set count = greatest(count - 1, 0) where key = ${ticket.account}`);
}

/** Before a reset mail is asked for: per address asked about, and per client address. */
export async function claimResetRequest(
  db: Db,
  email: string,
  ip: string,
  now = Date.now(),
): Promise<Refused | undefined> {
  const ipClaim = await claimWindow(db, keys.resetIp(ip), RESET_PER_IP, now);
  if ('retryAfterMs' in ipClaim)
    return {
      refused: true,
      retryAfter: toSeconds(ipClaim.retryAfterMs),
      message: 'Too many password reset requests from your network. Please try again later.',
    };
  const accountClaim = await claimWindow(db, keys.resetAccount(email), RESET_PER_ACCOUNT, now);
  if (!('retryAfterMs' in accountClaim)) return undefined;
  await releaseWindow(db, ipClaim);
  return {
    refused: true,
    retryAfter: toSeconds(accountClaim.retryAfterMs),
    message: 'A reset link was asked for this address several times already. Please check your mail or wait.',
  };
}

/** Deletes the shop's rows once expired (Better Auth prunes its own, and ours only on PostgreSQL). */
export async function purgeAuthLimits(db: Db, now = Date.now()): Promise<void> {
  await db.execute(sql`
    delete from rate_limit
    where (key like 'fail:%' or key like 'reset:%' or key like 'apikey:%' or key like 'first-admin:%')
      and last_request <= ${now}`);
}

/** An account that no longer exists takes its failures with it: whoever registers the address next starts clean. */
export async function forgetAccountFailures(db: Db, email: string): Promise<void> {
  await db.execute(sql`delete from rate_limit where key = ${keys.accountFailures(email)}`);
}
