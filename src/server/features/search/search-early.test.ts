import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, type Client } from '../../test/auth';
import { rawGet, type Raw } from '../../test/raw-http';

// Early answers need a real socket (inject() bypasses the HTTP server), so this file listens on 127.0.0.1.
let t: TestApp;
let base: string;
let customer: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true', SEARCH_INDEX: 'true' });
  customer = await signUp(t.app, { name: 'Early Index', verified: true });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.searchIndex!.ready();
  // The route's headers are known once the pipeline has answered it anonymously.
  for (const url of ['/api/catalogue/search?q=drill', '/api/catalogue/suggest?q=dri'])
    expect((await get(url)).status).toBe(200);
});
afterAll(() => t.close());

/** One GET over HTTP to this file's app, body left as sent (no decompression). */
const get = (path: string, headers: Record<string, string> = {}) => rawGet(base, path, headers);

const early = () => t.app.readCache.early;
/** The headers an answer carries whatever its body (its tag and length differ with the body). */
const common = ({ date: _d, etag: _e, 'content-length': _l, ...rest }: Raw['headers']) => rest;

/** The same URL through the whole pipeline (inject() never takes the early path). */
async function piped(url: string) {
  const res = await t.app.inject({ url });
  return { status: res.statusCode, body: res.json<unknown>(), headers: res.headers };
}

describe('searches and suggestions answered from the index before the hooks run', () => {
  it('builds a never-asked search early: the route’s headers, the pipeline’s very answer', async () => {
    const url = '/api/catalogue/search?q=compressor&inStock=true&price=10..900&sort=price_asc&pageSize=5';
    const reference = await get('/api/catalogue/search?q=drill');
    const before = early().builds;
    const res = await get(url);
    expect(early().builds).toBe(before + 1);
    expect(res.status).toBe(200);
    expect(common(res.headers)).toEqual(common(reference.headers));
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(JSON.parse(res.body.toString())).toEqual((await piped(url)).body);
  });

  it('suggests early, compressed when asked, and answers 304 to the tag it sent', async () => {
    const url = '/api/catalogue/suggest?q=compres';
    const before = early().builds;
    const br = await get(url, { 'accept-encoding': 'br' });
    expect(early().builds).toBe(before + 1);
    const body = JSON.parse(
      (br.headers['content-encoding'] === 'br' ? brotliDecompressSync(br.body) : br.body).toString(),
    ) as { products: unknown[] };
    expect(body).toEqual((await piped(url)).body);
    expect(body.products.length).toBeGreaterThan(0);
    const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('leaves refusals to the route, in its words', async () => {
    const before = early().builds;
    const refused = [
      ['/api/catalogue/search?pageSize=0', 'pageSize'],
      ['/api/catalogue/search?q=%ff', 'q'],
      ['/api/catalogue/search?category=no-such-category', 'category'],
      // Past the page-number limit: refused inside the search itself, then answered by the route.
      ['/api/catalogue/search?q=drill&page=100000', 'page'],
      ['/api/catalogue/suggest', 'q'],
    ] as const;
    for (const [url, field] of refused) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(JSON.parse(res.body.toString()).message, url).toContain(field);
    }
    expect(early().builds).toBe(before);
  });

  it('never answers a signed-in caller early (contract prices, no-store)', async () => {
    const before = early().builds;
    const res = await get('/api/catalogue/search?q=wrench&pageSize=3', { cookie: customer.headers.cookie! });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(early().builds).toBe(before);
  });

  it('counts early index answers in the request metrics', async () => {
    await get('/api/catalogue/suggest?q=grind');
    const metrics = await t.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/catalogue\/suggest",status_code="200"\} \d+/,
    );
  });
});
