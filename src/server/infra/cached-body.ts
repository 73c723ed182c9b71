import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * A JSON answer serialized and hashed once, then sent as is to every caller. Each compressed encoding is made once,
 * the first time a caller asks for it (API clients that send no Accept-Encoding never pay for compression).
 */
export interface CachedBody {
  etag: string;
  identity: Buffer;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The encodings already made, for callers that cannot wait (the early answer of a cache hit). */
  ready: Partial<Record<Encoding, Buffer>>;
}

export type Encoding = 'br' | 'gzip';

/** Items serialized per slice: small enough that one slice never holds the event loop for more than a few ms. */
const SLICE = 500;
/** Below this, compressing is not worth the bytes (and small bodies are sent identity). */
const COMPRESS_MIN = 1024;

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

const isChunks = (v: unknown): v is AsyncIterable<unknown[]> =>
  typeof v === 'object' && v !== null && Symbol.asyncIterator in v;

/**
 * Serializes `value` to JSON. An array — or a JSON array read in chunks (an async iterable of arrays, so a list of
 * 100,000 products never exists as objects all at once) — is written slice by slice with a yield between slices,
 * so building it keeps health checks and other requests flowing; compression runs on libuv's thread pool.
 */
export async function buildCachedBody(value: unknown): Promise<CachedBody> {
  const hash = createHash('sha1');
  const parts: Buffer[] = [];
  const push = (s: string) => {
    const b = Buffer.from(s, 'utf8');
    hash.update(b);
    parts.push(b);
  };
  if (Array.isArray(value) || isChunks(value)) {
    const chunks = Array.isArray(value) ? [value] : value;
    let empty = true;
    push('[');
    for await (const chunk of chunks) {
      for (let i = 0; i < chunk.length; i += SLICE) {
        if (!empty) await tick();
        push((empty ? '' : ',') + JSON.stringify(chunk.slice(i, i + SLICE)).slice(1, -1));
        empty = false;
      }
    }
    push(']');
  } else {
    push(JSON.stringify(value));
  }
  // One part (any answer but a list) is the body as it is: no second copy of every answer's bytes.
  const identity = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
  return { etag: `"${hash.digest('base64url').slice(0, 27)}"`, identity, encoded: {}, ready: {} };
}

/** Bytes a body may hold once compressed both ways (JSON compresses to well under a quarter each). */
export const keptBytes = (body: CachedBody) => Math.ceil(body.identity.length * 1.5);

/** The body in `encoding`, made once (concurrent callers share it). */
export function encode(body: CachedBody, encoding: Encoding): Promise<Buffer> {
  const { identity } = body;
  // Big bodies get cheaper settings: they are rebuilt after every stock change, and CPU is shared with requests.
  const big = identity.length > 1024 * 1024;
  body.encoded[encoding] ??= (
    encoding === 'gzip'
      ? gz(identity, { level: big ? 4 : 6 })
      : brotli(identity, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: big ? 4 : 6,
            [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        })
  ).then((bytes) => (body.ready[encoding] = bytes));
  return body.encoded[encoding];
}

const encodings = ['br', 'gzip'] as const;

/** The entity tag of each representation: a strong tag names exact bytes, so each encoding has its own. */
export const tagOf = (body: CachedBody, encoding: Encoding | 'identity') =>
  encoding === 'identity' || body.identity.length < COMPRESS_MIN
    ? body.etag
    : `${body.etag.slice(0, -1)}-${encoding}"`;

export function matches(header: string | undefined, body: CachedBody): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const tags = header.split(',').map((t) => t.trim().replace(/^W\//, ''));
  return tags.some((t) => t === body.etag || encodings.some((e) => t === tagOf(body, e)));
}

/** The encoding to send for an Accept-Encoding header: brotli, gzip or none. */
export function encodingFor(accepted: string | undefined): Encoding | 'identity' {
  const picked = accepted ? negotiate(accepted, [...encodings]) : undefined;
  return picked === 'br' || picked === 'gzip' ? picked : 'identity';
}

/** Whether a body is sent as is whatever the caller accepts (too small to be worth compressing). */
export const sentAsIs = (body: CachedBody) => body.identity.length < COMPRESS_MIN;

/**
 * Sends a prebuilt body: 304 when the caller already holds it, else the best encoding it accepts. `cacheControl`
 * must make shared caches revalidate (`no-cache`), since any stock change makes the body stale.
 */
export async function sendCachedBody(
  req: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  cacheControl = 'public, no-cache',
): Promise<FastifyReply> {
  const encoding = encodingFor(req.headers['accept-encoding']);
  reply.header('cache-control', cacheControl).header('vary', 'Accept-Encoding');
  reply.header('etag', tagOf(body, encoding));
  if (matches(req.headers['if-none-match'], body)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (encoding === 'identity' || sentAsIs(body)) return reply.send(body.identity);
  const bytes = await encode(body, encoding);
  return reply.header('content-encoding', encoding).send(bytes);
}
