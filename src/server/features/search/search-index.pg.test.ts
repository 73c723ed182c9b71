import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { LISTENER_NAME } from '../../infra/cache-bus';
import { signUpAdmin, type Client } from '../../test/auth';
import { instancesOnOneDatabase, within } from '../../test/instances';
import { makeProduct } from '../../test/shop';

// PostgreSQL only: two instances on one database, each with its own search index (decision 033).
const { instance } = instancesOnOneDatabase({ SEARCH_INDEX: 'true' });

const priceIn = async (app: FastifyInstance, name: string, id: string) => {
  const res = await app.inject(`/api/catalogue/search?q=${encodeURIComponent(name)}&facets=false`);
  return (res.json() as { items: { _id: string; price: number }[] }).items.find((i) => i._id === id)?.price;
};

describe.each([
  ['PostgreSQL LISTEN/NOTIFY', {}],
  ['Redis pub/sub', { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }],
] as const)('search indexes of two instances over %s', (_name, env) => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: Client;
  beforeAll(async () => {
    a = await instance(env);
    b = await instance(env);
    admin = await signUpAdmin(a);
    await Promise.all([a.searchIndex!.ready(), b.searchIndex!.ready()]);
  });

  it('a price changed on one instance is what the other’s index answers within a second', async () => {
    const product = await makeProduct(a, { priceCents: 10_000, name: `Okapi Compressor ${Date.now()}` });
    await within(1000, async () => (await priceIn(b, product.name, product.id)) === 100);
    const put = await a.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { price: 64.25 },
    });
    expect(put.statusCode).toBe(200);
    expect(
      await within(1000, async () => (await priceIn(b, product.name, product.id)) === 64.25),
    ).toBeLessThanOrEqual(1000);
    // It was the index that answered: it holds the new price itself.
    const source = await b.searchIndex!.current();
    const doc = source!.data.byId.get(product.id)!;
    expect(source!.data.priceCents[doc]).toBe(6425);
  });
});

describe('a search index whose announcements may have been missed', () => {
  it('rebuilds after the listener reconnects, and answers changes made meanwhile', async () => {
    const a = await instance();
    const b = await instance();
    await b.searchIndex!.ready();
    const product = await makeProduct(a, { priceCents: 5_000, name: `Tapir Sander ${Date.now()}` });
    await within(1000, async () => (await priceIn(b, product.name, product.id)) === 50);
    // B's listener is cut off; a change written meanwhile is never announced to it.
    await a.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${LISTENER_NAME} and datname = current_database()`,
    );
    await a.database.db.execute(sql`update products set price_cents = 4200 where id = ${product.id}::uuid`);
    await within(10_000, async () => (await priceIn(b, product.name, product.id)) === 42);
  });
});

describe('a search index rebuilding while another instance changes a price', () => {
  it('PostgreSQL answers the change meanwhile, and the rebuilt index holds it', async () => {
    const a = await instance();
    const b = await instance();
    const admin = await signUpAdmin(a);
    await Promise.all([a.searchIndex!.ready(), b.searchIndex!.ready()]);
    const product = await makeProduct(a, { priceCents: 9_000, name: `Gecko Drill ${Date.now()}` });
    await within(1000, async () => (await priceIn(b, product.name, product.id)) === 90);
    // B rebuilds (as after a resync) and is held between the chunks of its build, past its snapshot horizon.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    b.searchIndex!.hold = async (stage) => {
      if (stage !== 'build-chunk') return;
      held = true;
      await gate;
    };
    try {
      b.searchIndex!.changed(true);
      await within(5000, async () => held);
      const put = await a.inject({
        method: 'PUT',
        url: `/api/product/${product.id}`,
        headers: admin.headers,
        payload: { price: 31.5 },
      });
      expect(put.statusCode).toBe(200);
      await within(1000, async () => (await priceIn(b, product.name, product.id)) === 31.5);
    } finally {
      b.searchIndex!.hold = null;
      release();
    }
    // The announcement heard during the build is applied after it, from the build's horizon.
    await b.searchIndex!.ready();
    const source = (await b.searchIndex!.current())!;
    expect(source.data.priceCents[source.data.byId.get(product.id)!]).toBe(3150);
  });
});
