import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encodingFor, matches, sentAsIs, tagOf } from './cached-body';
import type { CacheScope, ReadCache } from './read-cache';

interface Alias {
  scope: CacheScope;
  key: string;
  route: string;
  /** Every header the full pipeline sent with this answer (security headers included), minus per-response ones. */
  headers?: OutgoingHttpHeaders;
}

export type Observe = (method: string, route: string, status: number, seconds: number) => void;

/** Headers that belong to one response, not to the answer: set again on every early answer. */
const PER_RESPONSE = new Set([
  'etag',
  'content-encoding',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);
const MAX_ALIASES = 5_000;

/**
 * Cache hits answered before Fastify sees the request. A URL qualifies once the full pipeline (routing, schema
 * validation, text guard, helmet, the no-store rule for credentialed calls, …) has answered it from the read cache
 * for an anonymous GET: the headers it sent are kept with the URL, and the next anonymous GET of the very same URL
 * whose body is still cached is written straight from the cache, with the same headers, ETag and 304. Anything
 * else — a cookie or Authorization header (signed-in callers get `no-store`), another method, a body not built or
 * an encoding not made yet — goes through Fastify as before. The per-request hooks cost more than half the
 * throughput of a cached read, and none of them can change what these answers are.
 */
export class EarlyAnswers {
  private readonly aliases = new Map<string, Alias>();
  private readonly pending = new WeakMap<IncomingMessage, Alias>();
  private cache: ReadCache | undefined;
  private observe: Observe | undefined;
  /** Requests answered early since start (for tests and logs). */
  hits = 0;

  attach(cache: ReadCache, observe: Observe): void {
    this.cache = cache;
    this.observe = observe;
  }

  /** While the app closes, every request goes through Fastify (which refuses it). */
  detach(): void {
    this.cache = undefined;
  }

  /** The full pipeline is answering `req` from the cache: note its URL, its headers are taken once it is sent. */
  remember(req: FastifyRequest, scope: CacheScope, key: string, cacheControl: string): void {
    const { headers, raw } = req;
    if (req.method !== 'GET' || headers.cookie || headers.authorization || !cacheControl.startsWith('public'))
      return;
    this.pending.set(raw, { scope, key, route: req.routeOptions.url ?? 'unmatched' });
  }

  /** onResponse: keeps the headers the pipeline actually sent with a 200 to a remembered request. */
  capture(req: FastifyRequest, reply: FastifyReply): void {
    const alias = this.pending.get(req.raw);
    if (!alias || reply.statusCode !== 200 || !req.raw.url) return;
    const sent = reply.getHeaders();
    if (sent['set-cookie'] !== undefined || !String(sent['cache-control'] ?? '').startsWith('public')) return;
    alias.headers = Object.fromEntries(Object.entries(sent).filter(([name]) => !PER_RESPONSE.has(name)));
    this.aliases.delete(req.raw.url);
    this.aliases.set(req.raw.url, alias);
    if (this.aliases.size > MAX_ALIASES) this.aliases.delete(this.aliases.keys().next().value!);
  }

  /** Answers the request from the cache if it can, synchronously; false leaves it to Fastify. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const { cache } = this;
    const h = req.headers;
    if (!cache || req.method !== 'GET' || h.cookie || h.authorization || !req.url) return false;
    const alias = this.aliases.get(req.url);
    if (!alias?.headers) return false;
    const start = performance.now();
    const body = cache.peek(alias.scope, alias.key);
    if (!body) return false;
    const encoding = sentAsIs(body) ? 'identity' : encodingFor(h['accept-encoding']);
    const bytes = encoding === 'identity' ? body.identity : body.ready[encoding];
    if (!bytes) return false;
    const headers: OutgoingHttpHeaders = { ...alias.headers, etag: tagOf(body, encoding) };
    let status = 200;
    if (matches(h['if-none-match'], body)) {
      status = 304;
      delete headers['content-type'];
      res.writeHead(304, headers).end();
    } else {
      headers['content-length'] = bytes.length;
      if (encoding !== 'identity') headers['content-encoding'] = encoding;
      res.writeHead(200, headers).end(bytes);
    }
    this.hits++;
    this.observe?.('GET', alias.route, status, (performance.now() - start) / 1000);
    return true;
  }
}
