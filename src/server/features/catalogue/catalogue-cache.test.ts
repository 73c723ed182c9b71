import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { makeProduct, placeOrder } from '../../test/shop';

let t: TestApp;
let admin: Client;
let customer: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  admin = await signUpAdmin(t.app);
  // Ordering needs a verified email.
  customer = await signUp(t.app, { name: 'Casey', verified: true });
});
afterAll(() => t.close());

type Listed = { _id: string; price: number; quantity: number };
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const listed = async (id: string) =>
  ((await get('/api/products')).json() as Listed[]).find((p) => p._id === id);
const etagOf = async (url: string, headers: Record<string, string> = {}) =>
  (await get(url, headers)).headers.etag as string;

describe('GET /api/products from the cache', () => {
  it('answers every product with a strong ETag that forces revalidation, and 304 on a match', async () => {
    const res = await get('/api/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toHaveLength(18);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['cache-control']).toMatch(/no-cache/);
    const again = await get('/api/products', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get('/api/products', { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('serves the same JSON pre-compressed with brotli and gzip, each encoding with its own tag', async () => {
    const plain = await get('/api/products');
    const br = await get('/api/products', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get('/api/products', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    const revalidated = await get('/api/products', {
      'accept-encoding': 'gzip, br',
      'if-none-match': br.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('builds the list once for concurrent callers', async () => {
    await t.app.readCache.changed('catalogue');
    const before = t.app.readCache.cache.stats('catalogue').builds;
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('/api/products')));
    expect(new Set(answers.map((r) => r.headers.etag)).size).toBe(1);
    expect(answers.every((r) => r.statusCode === 200 && r.json().length === 18)).toBe(true);
    expect(t.app.readCache.cache.stats('catalogue').builds - before).toBe(1);
  });

  it('gives a new ETag and the new price right after an admin changes a price', async () => {
    const product = await makeProduct(t.app, { priceCents: 10_000 });
    const old = await etagOf('/api/products');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { price: 123.45 },
    });
    expect(put.statusCode).toBe(200);
    const res = await get('/api/products', { 'if-none-match': old });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).not.toBe(old);
    expect((res.json() as Listed[]).find((p) => p._id === product.id)?.price).toBe(123.45);
  });

  it('shows stock reserved by an order and released by its cancellation', async () => {
    const product = await makeProduct(t.app, { quantity: 10 });
    const e0 = await etagOf('/api/products');
    const home0 = await etagOf('/api/homeproduct');
    const order = await placeOrder(t.app, customer, { productId: product.id, quantity: 4 });
    expect(order.statusCode).toBe(200);
    expect((await listed(product.id))?.quantity).toBe(6);
    const e1 = await etagOf('/api/products');
    expect(e1).not.toBe(e0);
    expect(await etagOf('/api/homeproduct')).not.toBe(home0);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/${order.json().insertedId}`,
      headers: customer.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await listed(product.id))?.quantity).toBe(10);
    expect(await etagOf('/api/products')).not.toBe(e1);
  });

  it('keeps its answer when a change is refused and rolled back', async () => {
    const product = await makeProduct(t.app, { quantity: 2 });
    const before = await etagOf('/api/products');
    const version = t.app.readCache.cache.version('catalogue');
    const refused = await placeOrder(t.app, customer, { productId: product.id, quantity: 3 });
    expect(refused.statusCode).toBe(409);
    expect(t.app.readCache.cache.version('catalogue')).toBe(version);
    expect((await get('/api/products', { 'if-none-match': before })).statusCode).toBe(304);
  });

  it('drops an archived product', async () => {
    const product = await makeProduct(t.app);
    expect(await listed(product.id)).toBeDefined();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBe(200);
    expect(await listed(product.id)).toBeUndefined();
  });
});

describe('ETag on the other catalogue reads', () => {
  it('product detail: 304 on a match, a new tag after a change, still 401 anonymous and 404 unknown', async () => {
    const product = await makeProduct(t.app, { priceCents: 5_000 });
    const url = `/api/product/${product.id}`;
    expect((await get(url)).statusCode).toBe(401);
    const first = await get(url, customer.headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ _id: product.id, price: 50 });
    // A signed-in answer is never stored by browsers or proxies; the ETag still lets API clients revalidate.
    expect(first.headers['cache-control']).toBe('no-store');
    const tag = first.headers.etag as string;
    expect((await get(url, { ...customer.headers, 'if-none-match': tag })).statusCode).toBe(304);
    await t.app.inject({ method: 'PUT', url, headers: admin.headers, payload: { price: 51 } });
    const after = await get(url, { ...customer.headers, 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(after.json().price).toBe(51);
    const unknown = await get('/api/product/00000000-0000-4000-8000-000000000000', customer.headers);
    expect(unknown.statusCode).toBe(404);
  });

  it('news list: 304 on a match, a new tag after an article is published', async () => {
    const first = await get('/api/news');
    const tag = first.headers.etag as string;
    expect((await get('/api/news', { 'if-none-match': tag })).statusCode).toBe(304);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/news',
      headers: admin.headers,
      payload: { title: 'Cache news', body: 'Fresh.', name: 'Editor' },
    });
    expect(post.statusCode).toBe(200);
    const after = await get('/api/news', { 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect((after.json() as { title: string }[]).map((n) => n.title)).toContain('Cache news');
  });
});

describe('catalogue search from the cache', () => {
  it('answers a search with an ETag, 304 on a match, and a new answer after a price change', async () => {
    const product = await makeProduct(t.app, { name: 'Cachetest Screw Compressor', priceCents: 20_000 });
    const url = '/api/catalogue/search?q=Cachetest';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(product.id);
    const tag = first.headers.etag as string;
    expect((await get(url, { 'if-none-match': tag })).statusCode).toBe(304);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { price: 321 },
    });
    expect(put.statusCode).toBe(200);
    const after = await get(url, { 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('321');
    expect((await get('/api/catalogue/search?q=Cachetest&page=2')).statusCode).not.toBe(304);
  });
});
