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

let proxy: Awaited<ReturnType<typeof startProxy>>;
let a: FastifyInstance;
let b: FastifyInstance;
let admin: Client;
let product: { id: string; name: string };

beforeAll(async () => {
  proxy = await startProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
  const env = { REDIS_URL: `redis://127.0.0.1:${proxy.port}` };
  a = await instance(env);
  b = await instance(env);
  admin = await signUpAdmin(a);
  await Promise.all([a.searchIndex!.ready(), b.searchIndex!.ready()]);
  product = await makeProduct(a, { priceCents: 10_000, name: `Hung Redis Compressor ${Date.now()}` });
}, 120_000);

afterAll(async () => {
  proxy?.thaw();
  await proxy?.close();
});

/** Changes the price through `a` and returns how long `b` took to show it in the product list and in search. */
async function changePrice(price: number) {
  const put = await a.inject({
    method: 'PUT',
    url: `/api/product/${product.id}`,
    headers: admin.headers,
    payload: { price },
  });
  expect(put.statusCode).toBe(200);
  return within(
    5_000,
    async () =>
      (await listed(b, product.id)) === price && (await searched(b, product.name, product.id)) === price,
  );
}

describe('cache announcements with Redis hung', { timeout: 60_000 }, () => {
  it('while Redis answers, both instances use it and follow a change within 2 s', async () => {
    expect([await cacheBus(a), await cacheBus(b)]).toEqual(['redis', 'redis']);
    // Cached on b (list and search) before the change.
    await within(2_000, async () => (await listed(b, product.id)) === 100);
    await within(2_000, async () => (await searched(b, product.name, product.id)) === 100);
    expect(await changePrice(90)).toBeLessThanOrEqual(2_000);
  });

  it('a change made while Redis hangs reaches the other instance within 2 s, list and search', async () => {
    expect(await listed(b, product.id)).toBe(90);
    proxy.freeze();
    expect(await changePrice(77.5)).toBeLessThanOrEqual(2_000);
    // The heartbeat finds Redis silent: both say their announcements go through PostgreSQL, and a later change goes
    // there at once.
    await within(3_000, async () => (await cacheBus(a)) === 'postgres' && (await cacheBus(b)) === 'postgres');
    expect(await changePrice(66)).toBeLessThanOrEqual(2_000);
  });

  it('once Redis answers again, both go back to it and still follow a change within 2 s', async () => {
    proxy.thaw();
    await within(20_000, async () => (await cacheBus(a)) === 'redis' && (await cacheBus(b)) === 'redis');
    expect(await changePrice(42)).toBeLessThanOrEqual(2_000);
    expect(await listed(a, product.id)).toBe(42);
  });
});
