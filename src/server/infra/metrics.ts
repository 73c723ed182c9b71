import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { withDatabaseTimeout } from './db-unavailable';
import type { ErrorBody, ErrorCode } from '@shared/common/common.schema';
import { statusOf } from './errors';

/**
 * Process-wide metrics: the process itself, and business events that features register here (a service counts
 * without needing the app). Per-app metrics (requests, pool, queues) are made by the plugin below, once per app.
 */
export const processRegistry = new Registry();

let defaultsCollected = false;
/** Node's own metrics (CPU, memory, event-loop lag, GC, handles), collected once per process. */
export function collectProcessMetrics() {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: processRegistry });
}

type DepthReader = () => number | Promise<number>;

interface AppMetrics {
  registry: Registry;
  queues: Map<string, DepthReader>;
  /** Counts one answered request (also those answered before Fastify routed them). */
  observe(method: string, route: string, status: number, seconds: number): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** Lets a job queue (mail, refunds, …) publish how many jobs wait, as `shop_queue_depth{queue="…"}`. */
export function registerQueueDepth(app: FastifyInstance, queue: string, read: DepthReader) {
  app.metrics.queues.set(queue, read);
}

const SCRAPE_DB_TIMEOUT_MS = 1_000;

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(ip) === 4) return ip.startsWith('127.');
  return ip === '::1';
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** A word of a header name that only proxies and CDNs use: `x-bluecoat-via`, `cdn-loop`, `x-proxy-id`, … */
const PROXY_WORD = /(^|[-_])(via|proxy|proxied|cdn)([-_]|$)/;

/**
 * Whether a header is one a proxy adds when it passes on someone else's request. A list of names always missed one
 * (`X-Forwarded`, `Forwarded-For`, `X-ProxyUser-Ip` each served the metrics to the outside test), so the rule goes by
 * the name's shape: anything naming `forward` (`forwarded`, `x-forwarded`, the misspelt `x-forward-for`), a word
 * naming a proxy (`via`, `proxy`, `cdn`: `x-bluecoat-via`, `cdn-loop`), and anything ending in a client address
 * (`…-ip`, `…-ips`, `…-addr`, `…-address`: `x-real-ip`, `cf-connecting-ip`, `x-proxyuser-ip`,
 * `x-envoy-external-address`, …). A false positive only refuses a local scrape that carries such a header, which no
 * scraper sends.
 */
const isForwardingHeader = (name: string) =>
  name.includes('forward') || PROXY_WORD.test(name) || /(^|[-_])(ips?|addr|address)$/.test(name);

/**
 * Why a caller may not read the metrics, if it may not. With METRICS_TOKEN, only callers presenting it as a Bearer
 * token may; without, only callers on this machine. A request that came through a proxy is not local, even when the
 * proxy itself runs on loopback.
 */
function refusal(req: FastifyRequest, token: string | undefined): ErrorBody | undefined {
  if (token) {
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (given && timingSafeEqual(digest(given), digest(token))) return undefined;
    return { error: 'unauthorized', message: 'Metrics need the metrics token (Authorization: Bearer …).' };
  }
  const proxied = Object.keys(req.headers).some(isForwardingHeader);
  if (!proxied && isLoopback(req.ip) && isLoopback(req.socket.remoteAddress)) return undefined;
  return { error: 'forbidden', message: 'Metrics are served to this machine only (or set METRICS_TOKEN).' };
}

function appMetrics(app: FastifyInstance): AppMetrics {
  const registry = new Registry();
  const queues = new Map<string, DepthReader>();
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const observe = (method: string, route: string, status: number, seconds: number) => {
    const labels = { method, route, status_code: String(status) };
    requests.inc(labels);
    duration.observe(labels, seconds);
  };
  app.addHook('onResponse', async (req, reply) => {
    // The route pattern, never the raw URL: ids in paths would make one series per order.
    observe(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'shop_db_up',
    help: 'Whether the database answered a ping within a second (1) or not (0)',
    labelNames: ['driver'],
    registers: [registry],
    async collect() {
      const up = await withDatabaseTimeout(app.database.ping(), SCRAPE_DB_TIMEOUT_MS).then(
        () => 1,
        () => 0,
      );
      this.set({ driver: app.database.kind }, up);
    },
  });
  new Gauge({
    name: 'shop_db_pool_connections',
    help: 'PostgreSQL pool connections by state: total, idle, and requests waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = app.database.poolStats?.();
      if (!stats) return;
      for (const [state, n] of Object.entries(stats)) this.set({ state }, n);
    },
  });
  new Gauge({
    name: 'shop_queue_depth',
    help: 'Jobs waiting in each background queue',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      for (const [queue, read] of queues) this.set({ queue }, await read());
    },
  });
  return { registry, queues, observe };
}

/** GET /api/metrics in Prometheus text format: requests by route and status, database pool, queues, orders, process. */
export const metricsPlugin = fp(
  async (app) => {
    collectProcessMetrics();
    app.decorate('metrics', appMetrics(app));
    app.get('/api/metrics', { schema: { hide: true } }, async (req, reply) => {
      // Answered here rather than thrown: the route stays independent of where the error handler is registered.
      const refused = refusal(req, app.config.metricsToken);
      if (refused) {
        if (refused.error === 'unauthorized') reply.header('www-authenticate', 'Bearer');
        return reply.status(statusOf[refused.error as ErrorCode]).send(refused);
      }
      const merged = Registry.merge([processRegistry, app.metrics.registry]);
      reply.header('cache-control', 'no-store').type(merged.contentType);
      return merged.metrics();
    });
  },
  { name: 'metrics', dependencies: ['config', 'database'] },
);
