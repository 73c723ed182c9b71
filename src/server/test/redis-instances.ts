import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, expect } from 'vitest';
import { dollarsToCents, formatCents } from '@shared/common/money';
import { signUpAdmin, type Client } from './auth';
import { startProxy } from './faulty-db';
import { instancesOnOneDatabase, within } from './instances';
import { makeProduct } from './shop';

/**
 * Two shop instances on one PostgreSQL test database, their cache announcements over a Redis reached through TCP
 * proxies the test can hang, stall, slow down or stop (PostgreSQL-only tests of the cache bus, decision 010).
 */

const redis = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const shellSource = fileURLToPath(new URL('../../web/index.html', import.meta.url));

type Listed = { _id: string; price: number };
/** The price in the cached list of every product. */
export const listed = async (app: FastifyInstance, id: string) =>
  ((await app.inject({ url: '/api/products' })).json() as Listed[]).find((p) => p._id === id)?.price;
/** The price a search for the product's name answers. */
export const searched = async (app: FastifyInstance, name: string, id: string) => {
  const res = await app.inject(`/api/catalogue/search?q=${encodeURIComponent(name)}&facets=false`);
  return (res.json() as { items: Listed[] }).items.find((i) => i._id === id)?.price;
};
/** The price on the product's own read (the product page's call). */
export const product = async (app: FastifyInstance, id: string) =>
  ((await app.inject({ url: `/api/product/${id}` })).json() as Listed).price;
/** Whether the server-rendered catalogue page of a search for `name` shows `price` on its card. */
export const pageShows = async (app: FastifyInstance, name: string, price: number) => {
  const res = await app.inject(`/our-products?q=${encodeURIComponent(name)}`);
  const doc = new JSDOM(res.body).window.document;
  const card = Array.from(doc.querySelectorAll('#root main article')).find((a) =>
    a.textContent?.includes(name),
  );
  return card?.textContent?.includes(formatCents(dollarsToCents(price))) ?? false;
};
/** What the instance says carries its announcements now (`redis`, or `postgres` while its Redis link is down). */
export const cacheBus = async (app: FastifyInstance) =>
  ((await app.inject('/api/readyz')).json() as { cacheBus: string }).cacheBus;

export type Proxy = Awaited<ReturnType<typeof startProxy>>;

/** Redis behind proxies made per test file; every proxy is thawed and closed at the end. */
export function redisProxies() {
  const proxies: Proxy[] = [];
  afterAll(async () => {
    for (const proxy of proxies) {
      proxy.thaw();
      await proxy.close();
    }
  });
  return async () => {
    const proxy = await startProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    proxies.push(proxy);
    return { proxy, env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}` } };
  };
}

/**
 * Two instances with public product pages and the web app's shell (so the catalogue page is server-rendered), a
 * product, and `changePrice`: a price change through `a` that returns how long `b`'s cached reads took to show it (the
 * product list, the product, a search), and checks that `b`'s server-rendered catalogue page shows it then.
 */
export function twoInstances(env: (i: 0 | 1) => Promise<Record<string, string>>) {
  const { instance } = instancesOnOneDatabase({ SEARCH_INDEX: 'true', PUBLIC_PRODUCT_PAGES: 'true' });
  const s = {} as {
    a: FastifyInstance;
    b: FastifyInstance;
    admin: Client;
    product: { id: string; name: string };
  };
  let webDir: string;
  beforeAll(async () => {
    webDir = await mkdtemp(path.join(os.tmpdir(), 'shop-redis-web-'));
    await writeFile(path.join(webDir, 'index.html'), await readFile(shellSource, 'utf8'));
    s.a = await instance(await env(0), { webDir });
    s.b = await instance(await env(1), { webDir });
    s.admin = await signUpAdmin(s.a);
    await Promise.all([s.a.searchIndex!.ready(), s.b.searchIndex!.ready()]);
    s.product = await makeProduct(s.a, { priceCents: 10_000, name: `Redis Link Compressor ${Date.now()}` });
    // b's catalogue page rendered and kept with the first price, before any change.
    await within(5_000, () => pageShows(s.b, s.product.name, 100));
  }, 120_000);
  afterAll(() => rm(webDir, { recursive: true, force: true }));

  /** Whether `b`'s cached reads show `price`: the list, the product, a search. */
  const bShows = async (price: number) => {
    const { b, product: p } = s;
    return (
      (await listed(b, p.id)) === price &&
      (await product(b, p.id)) === price &&
      (await searched(b, p.name, p.id)) === price
    );
  };
  const changePrice = async (price: number) => {
    const put = await s.a.inject({
      method: 'PUT',
      url: `/api/product/${s.product.id}`,
      headers: s.admin.headers,
      payload: { price },
    });
    expect(put.statusCode).toBe(200);
    const took = await within(5_000, () => bShows(price));
    // The rendered page is kept per version of the same reads: once they follow, its next render does. Checked once
    // rather than timed: rendering React on a machine this busy takes a second or more by itself.
    expect(await pageShows(s.b, s.product.name, price)).toBe(true);
    return took;
  };
  return { s, changePrice, bShows };
}
