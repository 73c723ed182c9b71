import { randomBytes } from 'node:crypto';

/**
 * A sign-up naming an address that already has an account gets a "ghost" account (docs/decisions/055): a real,
 * unverified, empty account of its own whose stored address only stands for the claimed one, so that its session
 * lives and behaves like a new account's without ever reaching the real one. What the caller reads always shows the
 * claimed address; what the shop's code reads (the session's user, the database) is the stand-in, so no lookup by
 * address can land on the real account. The stand-in carries the claimed address hex-encoded: nothing else to store.
 */
const GHOST_DOMAIN = 'ghost.invalid';
/** What every stand-in address, and almost no other answer, contains. */
export const GHOST_MARK = `@${GHOST_DOMAIN}`;
const GHOST_ADDRESS = /^ghost-([0-9a-f]+)-[0-9a-f]+@ghost\.invalid$/;
const GHOST_ADDRESSES = /ghost-([0-9a-f]+)-[0-9a-f]+@ghost\.invalid/g;

const decode = (hex: string) => Buffer.from(hex, 'hex').toString('utf8');

/** A fresh stand-in address for `claimed` (each sign-up gets its own account). */
export const ghostAddressFor = (claimed: string) =>
  `${ghostAddressPrefix(claimed)}${randomBytes(6).toString('hex')}@${GHOST_DOMAIN}`;

/** What every stand-in address for `claimed` starts with (they differ only in their random tail). */
export const ghostAddressPrefix = (claimed: string) =>
  `ghost-${Buffer.from(claimed.toLowerCase(), 'utf8').toString('hex')}-`;

/** The address a ghost account stands for, or undefined for every real account. */
export function claimedAddressOf(email: string): string | undefined {
  const m = GHOST_ADDRESS.exec(email);
  return m ? decode(m[1]!) : undefined;
}

/** Whether an address is one the shop makes up for ghosts: nobody may sign up with one. */
export const isGhostAddress = (email: string) => email.toLowerCase().endsWith(GHOST_MARK);

/** `text` with every stand-in address replaced by the address it stands for (a no-op for almost every answer). */
export const unmaskGhostAddresses = (text: string) =>
  text.includes(GHOST_MARK) ? text.replace(GHOST_ADDRESSES, (_, hex: string) => decode(hex)) : text;
