import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import fp from 'fastify-plugin';

/** Why a remote file could not be fetched, in words for the admin who gave its URL. */
export class RemoteFileError extends Error {}

export interface RemoteLimits {
  maxBytes: number;
  timeoutMs: number;
}

/** Fetches the bytes at an http(s) URL within the limits, or throws a RemoteFileError. */
export type RemoteFetcher = (url: string, limits: RemoteLimits) => Promise<Buffer>;

// Addresses a URL given by an admin must never reach from the server (SSRF): this host, the private networks,
// link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges.
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether the server may connect to this address on an admin's behalf. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const privateAddress = () =>
  new RemoteFileError('points to a private or local network address, which is refused');

/** DNS resolution that refuses a name resolving to any address the server must not reach. */
export const guardedLookup =
  (allowed: (address: string) => boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (addresses.length === 0 || addresses.some((a) => !allowed(a.address)))
        return callback(privateAddress() as NodeJS.ErrnoException, '', 0);
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };

const MAX_REDIRECTS = 3;

/**
 * The shop's fetcher: http(s) only, at most 3 redirects (each checked again), every address resolved checked
 * against `allowed` at connection time (so a name cannot resolve to a public address for a check and a private one
 * for the connection), the whole transfer within `timeoutMs`, and at most `maxBytes`. Tests pass an `allowed` that
 * admits the loopback, to reach a local server.
 */
export function remoteFetcher(allowed: (address: string) => boolean = isPublicAddress): RemoteFetcher {
  const lookup = guardedLookup(allowed);
  return async (url, limits) => {
    const signal = AbortSignal.timeout(limits.timeoutMs);
    let target = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const answer = await get(target, lookup, allowed, limits, signal);
      if ('redirect' in answer) {
        target = new URL(answer.redirect, target).toString();
        continue;
      }
      return answer.body;
    }
    throw new RemoteFileError(`redirects more than ${MAX_REDIRECTS} times`);
  };
}

function get(
  url: string,
  lookup: LookupFunction,
  allowed: (address: string) => boolean,
  limits: RemoteLimits,
  signal: AbortSignal,
): Promise<{ body: Buffer } | { redirect: string }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return Promise.reject(new RemoteFileError('is not a valid URL'));
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return Promise.reject(new RemoteFileError('must be an http or https URL'));
  // A literal address skips DNS, so it is checked here.
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !allowed(host)) return Promise.reject(privateAddress());
  const client = parsed.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const fail = (err: unknown) =>
      reject(
        err instanceof RemoteFileError
          ? err
          : signal.aborted
            ? new RemoteFileError(`did not answer within ${limits.timeoutMs / 1000} s`)
            : new RemoteFileError(`could not be fetched (${(err as Error).message})`),
      );
    const req = client.get(parsed, { lookup, signal, headers: { accept: 'image/*' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ redirect: res.headers.location });
      }
      if (status < 200 || status >= 300) {
        res.resume();
        return reject(new RemoteFileError(`answered HTTP ${status}`));
      }
      const tooLarge = () =>
        new RemoteFileError(`is larger than ${Math.round(limits.maxBytes / 1024 / 1024)} MB`);
      if (Number(res.headers['content-length'] ?? 0) > limits.maxBytes) {
        res.destroy();
        return reject(tooLarge());
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          res.destroy();
          reject(tooLarge());
        } else chunks.push(chunk);
      });
      res.on('end', () => resolve({ body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', (err) =>
      fail(
        (err as { cause?: unknown }).cause instanceof RemoteFileError
          ? (err as { cause: unknown }).cause
          : err,
      ),
    );
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Fetches a file an admin named by URL (a CSV row's image), refusing private addresses. */
    fetchRemote: RemoteFetcher;
  }
}

/** `app.fetchRemote`: the guarded fetcher, or the one a test gives. */
export const remoteFilesPlugin = fp<{ fetcher?: RemoteFetcher | undefined }>(
  async (app, opts) => {
    app.decorate('fetchRemote', opts.fetcher ?? remoteFetcher());
  },
  { name: 'remote-files' },
);
