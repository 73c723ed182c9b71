import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { encode, encodingFor, matches, sentAsIs, tagOf, type CachedBody } from './cached-body';
import type { CacheScope, ReadCache } from './read-cache';

interface Alias {
  scope: CacheScope;
  key: string;
  route: string;
  /** Every header the full pipeline sent with this answer (security headers included), minus per-response ones. */
  headers?: OutgoingHttpHeaders;
}

export type Observe = (method: string, route: string, status: number, seconds: number) => void;

/** What an early read answers for one query string: a read-cache entry and how to build it. */
export interface EarlyRead {
  scope: CacheScope;
  key: string;
  load: () => Promise<unknown>;
}

interface ComputedRoute {
  /** Its path: its headers are taken from the pipeline's answers to that route. */
  route: string;
  /** The read for a query string (without `?`), or null: Fastify answers (invalid input, not answerable here). */
  read: (search: string) => EarlyRead | null;
  headers?: OutgoingHttpHeaders;
}

export type Fallback = (req: IncomingMessage, res: ServerResponse) => void;

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
  private readonly computed = new Map<string, ComputedRoute>();
  /** Requests answered early since start (for tests and logs). */
  hits = 0;
  /** Of those, answers to computed reads (`computeReads`): built here, or taken from the cache by their key. */
  builds = 0;

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
    const computed = this.computed.get(alias.route);
    if (computed) computed.headers = alias.headers;
    if (this.aliases.size > MAX_ALIASES) this.aliases.delete(this.aliases.keys().next().value!);
  }

  /**
   * Anonymous GETs of `route` (a route without path parameters) whose answer `read` can name are built here, before
   * Fastify, once the pipeline has answered the route anonymously from the cache and its headers are known: the same
   * read-cache entry the route's handler would build, with the same headers. For reads far cheaper than the
   * per-request hooks (searches answered by the in-process index, decision 033). Whatever `read` declines (input
   * the schema refuses, a read it cannot answer now) and any build that fails goes to Fastify, which answers it as
   * it always does, errors included.
   */
  computeReads(route: string, read: (search: string) => EarlyRead | null): void {
    this.computed.set(route, { route, read });
  }

  /**
   * Answers the request from the cache if it can, synchronously, or starts building a computed read (then answers
   * it, or hands it to `fallback` if the build fails); false leaves it to Fastify.
   */
  answer(req: IncomingMessage, res: ServerResponse, fallback?: Fallback): boolean {
    const { cache } = this;
    const h = req.headers;
    if (!cache || req.method !== 'GET' || h.cookie || h.authorization || !req.url) return false;
    const alias = this.aliases.get(req.url);
    const start = performance.now();
    if (!alias?.headers) return fallback ? this.build(req, res, fallback, start) : false;
    const body = cache.peek(alias.scope, alias.key);
    if (!body) return fallback ? this.build(req, res, fallback, start) : false;
    const encoding = sentAsIs(body) ? 'identity' : encodingFor(h['accept-encoding']);
    const bytes = encoding === 'identity' ? body.identity : body.ready[encoding];
    // An encoding not made yet: a computed read waits for it; any other read leaves the request to Fastify.
    if (!bytes) return fallback ? this.build(req, res, fallback, start) : false;
    this.send(req, res, alias.headers, body, bytes, encoding);
    this.observe?.('GET', alias.route, res.statusCode, (performance.now() - start) / 1000);
    return true;
  }

  private build(req: IncomingMessage, res: ServerResponse, fallback: Fallback, start: number): boolean {
    const url = req.url!;
    const q = url.indexOf('?');
    const computed = this.computed.get(q < 0 ? url : url.slice(0, q));
    const headers = computed?.headers;
    if (!computed || !headers || !this.cache) return false;
    const wanted = computed.read(q < 0 ? '' : url.slice(q + 1));
    if (!wanted) return false;
    const encoding = encodingFor(req.headers['accept-encoding']);
    void this.cache
      .get(wanted.scope, wanted.key, wanted.load)
      .then(async (body) => {
        const as = sentAsIs(body) ? 'identity' : encoding;
        const bytes = as === 'identity' ? body.identity : await encode(body, as);
        this.builds++;
        this.send(req, res, headers, body, bytes, as);
        this.observe?.('GET', computed.route, res.statusCode, (performance.now() - start) / 1000);
      })
      .catch(() => {
        // Not sent yet (a build that failed, an encoding that could not be made): the pipeline answers it.
        if (!res.headersSent) fallback(req, res);
      });
    return true;
  }

  private send(
    req: IncomingMessage,
    res: ServerResponse,
    kept: OutgoingHttpHeaders,
    body: CachedBody,
    bytes: Buffer,
    encoding: 'br' | 'gzip' | 'identity',
  ) {
    const headers: OutgoingHttpHeaders = { ...kept, etag: tagOf(body, encoding) };
    if (matches(req.headers['if-none-match'], body)) {
      delete headers['content-type'];
      res.writeHead(304, headers).end();
    } else {
      headers['content-length'] = bytes.length;
      if (encoding !== 'identity') headers['content-encoding'] = encoding;
      res.writeHead(200, headers).end(bytes);
    }
    this.hits++;
  }
}
