import { isIP } from 'node:net';
import { z } from 'zod';

/** proxy-addr's names for address ranges, accepted by Fastify's `trustProxy` beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which reverse proxies may set X-Forwarded-For: a hop count, or their addresses/CIDRs. Unset means none, so a
 * client cannot pick the IP that rate limits count it under.
 */
export const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): number | string[] => {
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops >= 1 && hops <= 10) return hops;
    } else {
      const entries = v.split(',').map((e) => e.trim());
      if (entries.every(isAddressOrCidr)) return entries;
    }
    ctx.addIssue({
      code: 'custom',
      message:
        'must be a hop count (1-10) or comma-separated proxy addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)',
    });
    return z.NEVER;
  });

/**
 * Fastify 5 ignores a bare hop count (it cannot tell a proxy from a direct client), so a count N becomes "trust the
 * N nearest hops", as Express does: only right when the app is reachable through the proxies alone.
 */
export function trustProxyOption(trust: false | number | string[]) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}
