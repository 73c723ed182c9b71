import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_NAME } from '../../infra/cache-bus';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { instancesOnOneDatabase, within } from '../../test/instances';
import { makeProduct, placeOrder } from '../../test/shop';

// PostgreSQL only (see vitest.config.ts): two instances of the shop on one database keep their caches in step.
const shared = instancesOnOneDatabase();
const { instance } = shared;

type Listed = { _id: string; price: number; quantity: number };
const listed = async (app: FastifyInstance, id: string) =>
  ((await app.inject({ url: '/api/products' })).json() as Listed[]).find((p) => p._id === id);

async function priceChangeSeenAcross(a: FastifyInstance, b: FastifyInstance, admin: Client) {
  const product = await makeProduct(a, { priceCents: 10_000 });
  await within(1000, async () => (await listed(b, product.id))?.price === 100);
  const put = await a.inject({
    method: 'PUT',
    url: `/api/product/${product.id}`,
    headers: admin.headers,
    payload: { price: 77.5 },
  });
  expect(put.statusCode).toBe(200);
  return within(1000, async () => (await listed(b, product.id))?.price === 77.5);
}

describe.each([
  ['PostgreSQL LISTEN/NOTIFY', {}, 'postgres'],
  ['Redis pub/sub', { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }, 'redis'],
] as const)('catalogue cache across two instances over %s', (_name, env, bus) => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: Client;
  beforeAll(async () => {
    a = await instance(env);
    b = await instance(env);
    admin = await signUpAdmin(a);
  });

  it('uses the configured bus', () => {
    expect([a.readCache.bus, b.readCache.bus]).toEqual([bus, bus]);
  });

  it('a price changed through one instance is served by the other within a second', async () => {
    expect(await priceChangeSeenAcross(a, b, admin)).toBeLessThanOrEqual(1000);
  });

  it('stock reserved by an order on one instance shows on the other', async () => {
    const customer = await signUp(a, { verified: true });
    const product = await makeProduct(a, { quantity: 9 });
    await within(1000, async () => (await listed(b, product.id))?.quantity === 9);
    expect((await placeOrder(a, customer, { productId: product.id, quantity: 5 })).statusCode).toBe(200);
    await within(1000, async () => (await listed(b, product.id))?.quantity === 4);
  });
});

describe('with REDIS_URL set and Redis unreachable', () => {
  // Nothing listens on port 1: every connection attempt is refused, as when Redis is down.
  const env = { REDIS_URL: 'redis://127.0.0.1:1' };
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: Client;
  beforeAll(async () => {
    const started = performance.now();
    a = await instance(env);
    b = await instance(env);
    expect(performance.now() - started).toBeLessThan(15_000);
    admin = await signUpAdmin(a);
  });

  it('instances start, are ready and say the announcements go through PostgreSQL', async () => {
    const ready = await b.inject('/api/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', cacheBus: 'postgres' });
  });

  it('a price changed through one instance is still served by the other within a second', async () => {
    expect(await priceChangeSeenAcross(a, b, admin)).toBeLessThanOrEqual(1000);
  });
});

describe('searches answered early (before the hooks) across two instances', () => {
  it('a price changed through one instance is searched on the other within a second, early answers included', async () => {
    const a = await instance();
    const b = await instance();
    const admin = await signUpAdmin(a);
    const urlB = await b.listen({ port: 0, host: '127.0.0.1' });
    const product = await makeProduct(a, { priceCents: 20_000 });
    const path = `/api/catalogue/search?q=${encodeURIComponent(product.name)}&facets=false`;
    const priceOnB = async () => {
      const body = (await (await fetch(urlB + path)).json()) as { items: { _id: string; price: number }[] };
      return body.items.find((i) => i._id === product.id)?.price;
    };
    // An answer from the early cache with this price. Polled: the instances' own background work (the search
    // vocabulary refresh after a product write) may invalidate the cache once more between two calls.
    const earlyAnswer = (price: number) =>
      within(1000, async () => {
        const hits = b.readCache.early.hits;
        return (await priceOnB()) === price && b.readCache.early.hits > hits;
      });
    await within(1000, async () => (await priceOnB()) === 200);
    await earlyAnswer(200);

    const put = await a.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { price: 150.25 },
    });
    expect(put.statusCode).toBe(200);
    expect(await within(1000, async () => (await priceOnB()) === 150.25)).toBeLessThanOrEqual(1000);
    await earlyAnswer(150.25);
  });
});

describe('the LISTEN connection after a database outage', () => {
  it('reconnects, forgets what it may have missed, and follows changes again', async () => {
    const a = await instance();
    const b = await instance();
    const admin = await signUpAdmin(a);
    const version = b.readCache.cache.version('catalogue');
    // Cut every cache listener of this database, as a restart of PostgreSQL would.
    const killed = await shared.database().database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${LISTENER_NAME} and datname = current_database()`,
    );
    expect(killed.rows.length).toBeGreaterThanOrEqual(2);
    await within(3000, async () => b.readCache.cache.version('catalogue') > version);
    expect(await priceChangeSeenAcross(a, b, admin)).toBeLessThanOrEqual(1000);
  });
});
