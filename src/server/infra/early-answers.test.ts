import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';
import { signUp, signUpAdmin, type Client } from '../test/auth';
import { makeProduct } from '../test/shop';
import { rawGet, type Raw } from '../test/raw-http';

// Early answers need a real socket (inject() bypasses the HTTP server), so this file listens on 127.0.0.1.
let t: TestApp;
let base: string;
let admin: Client;
let customer: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app, { name: 'Early', verified: true });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

/** One GET over HTTP to this file's app, body left as sent (no decompression). */
const get = (path: string, headers: Record<string, string> = {}) => rawGet(base, path, headers);

const hits = () => t.app.readCache.early.hits;
const withoutDate = ({ date: _date, ...rest }: Raw['headers']) => rest;

describe('cache hits answered before the hooks run', () => {
  const url = '/api/catalogue/search?q=compressor&pageSize=5';

  it('answers the second anonymous read of a URL early, with the very headers and bytes of the first', async () => {
    const first = await get(url);
    expect(first.status).toBe(200);
    const before = hits();
    const second = await get(url);
    expect(hits()).toBe(before + 1);
    expect(second.status).toBe(200);
    expect(withoutDate(second.headers)).toEqual(withoutDate(first.headers));
    expect(second.body.equals(first.body)).toBe(true);
    // Security headers and the public revalidation rule come along.
    expect(second.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['cache-control']).toBe('public, no-cache');
  });

  it('honours If-None-Match (304, no body) and Accept-Encoding (the tag of each encoding)', async () => {
    const plain = await get('/api/products');
    const notModified = await get('/api/products', { 'if-none-match': plain.headers.etag as string });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(plain.headers.etag);

    const br1 = await get('/api/products', { 'accept-encoding': 'br' });
    const before = hits();
    const br2 = await get('/api/products', { 'accept-encoding': 'br' });
    expect(hits()).toBe(before + 1);
    expect(br2.headers['content-encoding']).toBe('br');
    expect(br2.headers.etag).toBe(br1.headers.etag);
    expect(br2.headers.etag).not.toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(br2.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('never answers a signed-in caller early: the full pipeline marks it no-store', async () => {
    await get('/api/homeproduct');
    await get('/api/homeproduct');
    const before = hits();
    const signedIn = await get('/api/homeproduct', { cookie: customer.headers.cookie! });
    expect(hits()).toBe(before);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const bearer = await get('/api/homeproduct', { authorization: 'Bearer not-a-token' });
    expect(bearer.headers['cache-control']).toBe('no-store');
    expect(hits()).toBe(before);
  });

  it('serves the new price right after an admin changes it, then answers early again', async () => {
    const product = await makeProduct(t.app, { priceCents: 12_300 });
    const path = `/api/catalogue/search?q=${encodeURIComponent(product.name)}`;
    const priceOf = async () =>
      (
        JSON.parse((await get(path)).body.toString()) as { items: { _id: string; price: number }[] }
      ).items.find((i) => i._id === product.id)?.price;
    expect(await priceOf()).toBe(123);
    expect(await priceOf()).toBe(123);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
      payload: { price: 45.6 },
    });
    expect(put.statusCode).toBe(200);
    const before = hits();
    expect(await priceOf()).toBe(45.6);
    expect(hits()).toBe(before);
    expect(await priceOf()).toBe(45.6);
    expect(hits()).toBe(before + 1);
  });

  it('leaves bad requests and other methods to the full pipeline', async () => {
    const bad = await get('/api/catalogue/search?pageSize=0');
    expect(bad.status).toBe(400);
    expect((await get('/api/catalogue/search?pageSize=0')).status).toBe(400);
    const before = hits();
    const head = await new Promise<number>((resolve, reject) =>
      request(`${base}/api/products`, { method: 'HEAD' }, (res) => resolve(res.statusCode!))
        .on('error', reject)
        .end(),
    );
    expect(head).toBe(200);
    expect(hits()).toBe(before);
  });

  it('counts early answers in the request metrics', async () => {
    await get('/api/homeproduct');
    await get('/api/homeproduct');
    const metrics = await t.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/homeproduct",status_code="200"\} \d+/,
    );
  });
});
