import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin, type Client } from '../../test/auth';
import { startProxy } from '../../test/faulty-db';
import { instancesOnOneDatabase, within } from '../../test/instances';
import { makeProduct } from '../../test/shop';

// PostgreSQL only: two instances on one database, their cache announcements over a Redis behind a TCP proxy that can
// hang (connections stay open, no byte passes): Redis neither answers nor refuses.
const { instance } = instancesOnOneDatabase({ SEARCH_INDEX: 'true' });
const redis = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');

type Listed = { _id: string; price: number };
const listed = async (app: FastifyInstance, id: string) =>
  ((await app.inject({ url: '/api/products' })).json() as Listed[]).find((p) => p._id === id)?.price;
const searched = async (app: FastifyInstance, name: string, id: string) => {
  const res = await app.inject(`/api/catalogue/search?q=${encodeURIComponent(name)}&facets=false`);
  return (res.json() as { items: Listed[] }).items.find((i) => i._id === id)?.price;
};
const cacheBus = async (app: FastifyInstance) =>
  ((await app.inject('/api/readyz')).json() as { cacheBus: string }).cacheBus;

type Proxy = Awaited<ReturnType<typeof startProxy>>;
const proxies: Proxy[] = [];
const redisProxy = async () => {
  const proxy = await startProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
  proxies.push(proxy);
  return { proxy, env: { REDIS_URL: `redis://127.0.0.1:${proxy.port}` } };
};
afterAll(async () => {
  for (const proxy of proxies) {
    proxy.thaw();
    await proxy.close();
  }
});

/** Two instances, a product, and a price change through `a` that returns how long `b` took to show it (list, search). */
function twoInstances(env: (i: 0 | 1) => Promise<Record<string, string>>) {
  const s = {} as {
    a: FastifyInstance;
    b: FastifyInstance;
    admin: Client;
    product: { id: string; name: string };
  };
  beforeAll(async () => {
    s.a = await instance(await env(0));
    s.b = await instance(await env(1));
    s.admin = await signUpAdmin(s.a);
    await Promise.all([s.a.searchIndex!.ready(), s.b.searchIndex!.ready()]);
    s.product = await makeProduct(s.a, { priceCents: 10_000, name: `Hung Redis Compressor ${Date.now()}` });
  }, 120_000);
  const changePrice = async (price: number) => {
    const put = await s.a.inject({
      method: 'PUT',
      url: `/api/product/${s.product.id}`,
      headers: s.admin.headers,
      payload: { price },
    });
    expect(put.statusCode).toBe(200);
    const { b, product } = s;
    return within(
      5_000,
      async () =>
        (await listed(b, product.id)) === price && (await searched(b, product.name, product.id)) === price,
    );
  };
  return { s, changePrice };
}

describe('cache announcements with Redis hung', { timeout: 60_000 }, () => {
  let proxy: Proxy;
  const { s, changePrice } = twoInstances(async (i) => {
    if (i === 0) ({ proxy } = await redisProxy());
    return { REDIS_URL: `redis://127.0.0.1:${proxy.port}` };
  });

  it('while Redis answers, both instances use it and follow a change within 2 s', async () => {
    const { a, b, product } = s;
    expect([await cacheBus(a), await cacheBus(b)]).toEqual(['redis', 'redis']);
    // Cached on b (list and search) before the change.
    await within(2_000, async () => (await listed(b, product.id)) === 100);
    await within(2_000, async () => (await searched(b, product.name, product.id)) === 100);
    expect(await changePrice(90)).toBeLessThanOrEqual(2_000);
  });

  it('a change made while Redis hangs reaches the other instance within 2 s, list and search', async () => {
    const { a, b, product } = s;
    expect(await listed(b, product.id)).toBe(90);
    proxy.freeze();
    expect(await changePrice(77.5)).toBeLessThanOrEqual(2_000);
    // The heartbeat finds Redis silent: both say their announcements go through PostgreSQL, and a later change goes
    // there at once.
    await within(3_000, async () => (await cacheBus(a)) === 'postgres' && (await cacheBus(b)) === 'postgres');
    expect(await changePrice(66)).toBeLessThanOrEqual(2_000);
  });

  it('once Redis answers again, both go back to it and still follow a change within 2 s', async () => {
    const { a, b, product } = s;
    proxy.thaw();
    await within(20_000, async () => (await cacheBus(a)) === 'redis' && (await cacheBus(b)) === 'redis');
    expect(await changePrice(42)).toBeLessThanOrEqual(2_000);
    expect(await listed(a, product.id)).toBe(42);
  });
});

describe('with only one instance’s link to Redis hung', { timeout: 60_000 }, () => {
  // Each instance reaches Redis through a proxy of its own; only b's hangs, so a goes on announcing over Redis.
  const own: Proxy[] = [];
  const { s, changePrice } = twoInstances(async (i) => {
    const { proxy, env } = await redisProxy();
    own[i] = proxy;
    return env;
  });

  it('the instance that cannot hear Redis still follows every change within 2 s, list and search', async () => {
    const { a, b, product } = s;
    await within(2_000, async () => (await listed(b, product.id)) === 100);
    await within(2_000, async () => (await searched(b, product.name, product.id)) === 100);
    own[1]!.freeze();
    expect(await changePrice(81)).toBeLessThanOrEqual(2_000);
    await within(3_000, async () => (await cacheBus(b)) === 'postgres');
    expect(await cacheBus(a)).toBe('redis');
    // Changes a announces over Redis after b found its link dead.
    expect(await changePrice(72)).toBeLessThanOrEqual(2_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await changePrice(63)).toBeLessThanOrEqual(2_000);
  });
});
