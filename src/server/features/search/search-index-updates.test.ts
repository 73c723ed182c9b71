// Both databases: the index follows changes by PostgreSQL's row versions (`xmin`) and snapshot horizon, which the
// embedded database and a PostgreSQL server must both give as the index expects.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuerySchema } from '@shared/catalogue/search.schema';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { validProduct } from '../../test/admin';
import { importCsv } from '../../test/csv-import';
import { createTestApp, type TestApp } from '../../test/helper';
import { placeOrder } from '../../test/shop';
import { resolveFilters } from './search.filters';
import { matchDocs } from './search-index.match';
import { suggestFrom } from './search-index.suggest';
import { searchDatabase, searchIndexed } from './search.service';
import { suggestDatabase } from './suggest.service';

// The index follows every kind of catalogue write through the routes that make it, and answers as PostgreSQL.
let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true', SEARCH_INDEX: 'true' });
  admin = await signUpAdmin(t.app);
  await t.app.searchIndex!.ready();
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin.headers, ...(payload && { payload }) });

/** The index's answer (it must give one) after checking it is PostgreSQL's. */
async function indexed(raw: Record<string, string>) {
  const query = searchQuerySchema.parse(raw);
  const { db } = t.app.database;
  // A change the index cannot follow row by row (a category move) rebuilds it, and PostgreSQL answers meanwhile:
  // wait for the rebuild (slow on a loaded machine), then the index must answer as PostgreSQL does.
  await t.app.searchIndex!.ready();
  const mine = await searchIndexed(db, query, t.app.searchIndex!);
  expect(mine, 'the index answers').not.toBeNull();
  expect(mine).toEqual(await searchDatabase(db, query));
  return mine!;
}
const ids = (r: { items: { _id: string }[] }) => r.items.map((i) => i._id);

describe('the search index after catalogue writes', () => {
  let id: string;

  it('finds a product created through the admin route at once', async () => {
    const res = await send('POST', '/api/product', {
      ...validProduct,
      name: 'Zanzibar Grease Gun',
      sku: 'ZZB-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().insertedId;
    expect(ids(await indexed({ q: 'zanzibar' }))).toEqual([id]);
    expect(ids(await indexed({ q: 'zzb-1' }))).toEqual([id]);
  });

  it('follows an edit: new name, new price', async () => {
    expect(
      (await send('PUT', `/api/product/${id}`, { name: 'Quetzal Grease Gun', price: 12.5 })).statusCode,
    ).toBe(200);
    expect(ids(await indexed({ q: 'zanzibar' }))).toEqual([]);
    const r = await indexed({ q: 'quetzal' });
    expect(r.items.map((i) => [i._id, i.price])).toEqual([[id, 12.5]]);
    expect(ids(await indexed({ price: '12..13', sort: 'price_asc' }))).toContain(id);
    // Suggestions read the name, SKU and image off the stored card, not by decoding it: they follow the edit too.
    const source = (await t.app.searchIndex!.current())!;
    const suggested = await suggestFrom(source.data, source.reader, 'quetzal');
    expect(suggested).toEqual(await suggestDatabase(t.app.database.db, 'quetzal'));
    expect(suggested.products.map((p) => [p._id, p.name, p.sku, p.price])).toEqual([
      [id, 'Quetzal Grease Gun', 'ZZB-1', 12.5],
    ]);
  });

  it('follows a stock change made by an order', async () => {
    const customer = await signUp(t.app, { verified: true });
    await send('PUT', `/api/product/${id}`, { quantity: 4, minOrder: 1 });
    expect((await indexed({ q: 'quetzal', inStock: 'true' })).total).toBe(1);
    const order = await placeOrder(t.app, customer, { productId: id, quantity: 4 });
    expect(order.statusCode, order.body).toBe(200);
    const r = await indexed({ q: 'quetzal' });
    expect(r.items[0]!.quantity).toBe(0);
    expect(r.facets!.inStock).toEqual({ inStock: 0, outOfStock: 1 });
    expect((await indexed({ q: 'quetzal', inStock: 'true' })).total).toBe(0);
  });

  it('follows a delete (archive)', async () => {
    expect((await send('DELETE', `/api/product/${id}`)).statusCode).toBe(200);
    expect((await indexed({ q: 'quetzal' })).total).toBe(0);
  });

  it('follows a category move: the category filter includes its new descendants, facets roll up anew', async () => {
    const cats = (await t.app.inject({ url: '/api/admin/categories', headers: admin.headers })).json() as {
      _id: string;
      slug: string;
      parentId: string | null;
    }[];
    const screw = cats.find((c) => c.slug === 'rotary-screw')!;
    const tools = cats.find((c) => c.parentId === null && c.slug !== 'compressors')!;
    const before = await indexed({ category: tools.slug });
    const inScrew = (await indexed({ category: 'rotary-screw' })).total;
    expect(inScrew).toBeGreaterThan(0);
    const moved = await send('PUT', `/api/admin/categories/${screw._id}`, { parentId: tools._id });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await indexed({ category: tools.slug });
    expect(after.total).toBe(before.total + inScrew);
  });

  it('follows a CSV import (new products and changed prices)', async () => {
    const header = 'sku,name,brand,category,price,quantity,minOrder,description,image';
    const line = (sku: string, name: string, price: string) =>
      [sku, name, 'Toolhouse', 'air-tools', price, '10', '1', 'Imported.', '/media/products/test.webp'].join(
        ',',
      );
    const csv = [
      header,
      line('IMPX-1', 'Wombat Impact Driver', '99.50'),
      line('IMPX-2', 'Wombat Drill', '45'),
    ];
    const done = await importCsv(t.app, admin, csv.join('\r\n') + '\r\n');
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect((await indexed({ q: 'wombat' })).total).toBe(2);
    const again = [header, line('IMPX-1', 'Wombat Impact Driver', '79.00')];
    await importCsv(t.app, admin, again.join('\r\n') + '\r\n');
    const r = await indexed({ q: 'wombat impact' });
    expect(r.items.map((i) => i.price)).toEqual([79]);
  });

  it('answers from PostgreSQL, with the change, while the index is slow to apply it', async () => {
    const index = t.app.searchIndex!;
    const created = await send('POST', '/api/product', {
      ...validProduct,
      name: 'Ocelot Pump',
      sku: 'OCL-1',
    });
    const id = created.json().insertedId as string;
    expect(ids(await indexed({ q: 'ocelot' }))).toEqual([id]);
    // The refresh that follows the price change is held (a slow one: many rows to re-read, a loaded machine).
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    index.hold = async (stage) => {
      if (stage === 'refresh') await gate;
    };
    try {
      expect((await send('PUT', `/api/product/${id}`, { price: 77.25 })).statusCode).toBe(200);
      const answer = await Promise.race([
        t.app.inject('/api/catalogue/search?q=ocelot&facets=false').then((r) => r.json() as unknown),
        new Promise((resolve) => setTimeout(() => resolve('no answer within 5 s'), 5_000)),
      ]);
      expect(answer).toMatchObject({ items: [{ _id: id, price: 77.25 }] });
    } finally {
      index.hold = null;
      release();
    }
    // Then the index answers it itself.
    expect((await indexed({ q: 'ocelot' })).items.map((i) => i.price)).toEqual([77.25]);
  });

  it('a search reading the index while a refresh applies a delete does not meet the deleted product', async () => {
    const index = t.app.searchIndex!;
    const { db } = t.app.database;
    const created = await send('POST', '/api/product', { ...validProduct, name: 'Pangolin Riveter' });
    const id = created.json().insertedId as string;
    expect(ids(await indexed({ q: 'pangolin' }))).toEqual([id]);
    // A search took the index before the delete was announced and is still reading (its words may be PostgreSQL's
    // to read): it goes on while the refresh applies the delete.
    const source = (await index.current())!;
    const query = searchQuerySchema.parse({ q: 'pangolin' });
    const filters = await resolveFilters(db, query, source.data.cats, source.data.attrs, (q) =>
      source.reader.parse(q),
    );
    let seen: unknown = 'not read';
    index.hold = async (stage) => {
      if (stage !== 'refresh-applied') return;
      try {
        seen = Array.from(
          matchDocs(source.data, source.reader, filters).docs,
          (doc) => source.data.card(doc)._id,
        );
      } catch (err) {
        seen = err;
      }
    };
    try {
      expect((await send('DELETE', `/api/product/${id}`)).statusCode).toBe(200);
      await index.ready();
    } finally {
      index.hold = null;
    }
    expect(seen).toEqual([]);
  });

  it('while the horizon is held back, a refresh reads in full only the rows whose version moved', async () => {
    const index = t.app.searchIndex!;
    const { db } = t.app.database;
    await index.ready();
    const source = (await index.current())!;
    // As when a long transaction elsewhere was running at the last read: every row is "written since".
    source.data.horizon = '3';
    const [target] = (await indexed({ q: 'ocelot' })).items;
    expect((await send('PUT', `/api/product/${target!._id}`, { price: 81 })).statusCode).toBe(200);
    await index.ready();
    // The changed row; the archived ones the index does not hold and those with price breaks (no version kept for
    // them) are read again too, all the others are not.
    const [expected] = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from products
        where id = ${target!._id}::uuid or archived_at is not null
          or id in (select product_id from product_price_breaks)`)
    ).rows;
    const [all] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from products`)).rows;
    expect(source.data.lastRefreshRows).toBe(expected!.n);
    expect(expected!.n).toBeLessThan(all!.n / 2);
    expect((await indexed({ q: 'ocelot' })).items.map((i) => i.price)).toEqual([81]);
  });

  it('rebuilds when rows disappear without an archive (a script deleting rows)', async () => {
    const { db } = t.app.database;
    await db.execute(sql`delete from products where sku = 'IMPX-2'`);
    await t.app.readCache.changed('catalogue');
    await t.app.searchIndex!.ready();
    expect((await indexed({ q: 'wombat' })).total).toBe(1);
  });
});

describe('SEARCH_INDEX=false', () => {
  it('keeps no index; PostgreSQL answers searches and suggestions', async () => {
    const off = await createTestApp({ SEED_DEMO: 'true', SEARCH_INDEX: 'false' });
    try {
      expect(off.app.searchIndex).toBeNull();
      const res = await off.app.inject('/api/catalogue/search?q=compresor');
      expect(res.json().total).toBeGreaterThan(0);
      expect((await off.app.inject('/api/catalogue/suggest?q=rot')).statusCode).toBe(200);
      // PostgreSQL's answers are kept from the first ask.
      const kept = off.app.readCache.cache.stats('catalogue').entries;
      await off.app.inject('/api/catalogue/search?q=kept%20at%20once');
      expect(off.app.readCache.cache.stats('catalogue').entries).toBe(kept + 1);
    } finally {
      await off.close();
    }
  });

  it("keeps the index's answers in the read cache from their second ask", async () => {
    await t.app.searchIndex!.ready();
    const entries = () => t.app.readCache.cache.stats('catalogue').entries;
    for (const url of ['/api/catalogue/search?q=asked%20twice', '/api/catalogue/suggest?q=asked%20twice']) {
      const before = entries();
      expect((await t.app.inject(url)).statusCode).toBe(200);
      expect(entries(), `${url} asked once`).toBe(before);
      expect((await t.app.inject(url)).statusCode).toBe(200);
      expect(entries(), `${url} asked twice`).toBe(before + 1);
    }
  });
});
