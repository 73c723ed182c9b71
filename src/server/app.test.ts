import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDbKind, type TestApp } from './test/helper';

let t: TestApp;
let webDir: string;
const js = 'console.log("hello shop");'.repeat(40);

beforeAll(async () => {
  // A miniature build of the web app, shaped like Vite's output.
  webDir = await mkdtemp(path.join(os.tmpdir(), 'shop-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><meta name="shop-info" content="__SHOP_INFO__"></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(webDir, 'assets', 'index-abc123.js'), js);
  await writeFile(path.join(webDir, 'assets', 'index-abc123.js.gz'), gzipSync(js));
  await writeFile(path.join(webDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(js));
  await writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ SHOP_PHONE: '+1 555 <0100>', SEED_DEMO: 'false' }, { webDir });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('health', () => {
  it('GET /api/healthz says the process is alive', async () => {
    const res = await t.app.inject('/api/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/readyz says the database answers', async () => {
    const res = await t.app.inject('/api/readyz');
    expect(res.statusCode).toBe(200);
    // Also how cache changes reach other instances: none on PGlite (one process), NOTIFY on PostgreSQL.
    expect(res.json()).toEqual({ status: 'ok', cacheBus: testDbKind === 'pglite' ? 'local' : 'postgres' });
  });
});

describe('API errors', () => {
  it('answers an unknown /api route with a JSON 404, never the app shell', async () => {
    const res = await t.app.inject('/api/does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Route GET /api/does-not-exist not found' });
  });

  it('answers a missing media file with a JSON 404', async () => {
    const res = await t.app.inject('/media/products/missing.webp');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
  });

  it('sets security headers with a content security policy', async () => {
    const res = await t.app.inject('/api/healthz');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('web app', () => {
  it('serves the app shell for client routes, with the contact details escaped in', async () => {
    for (const url of [
      '/',
      '/our-products',
      '/our-products/',
      '/Our-Products?page=2',
      '/blog',
      '/product/0b0e4f0e-1c1a-4c55-9d1e-6a1b2c3d4e5f',
      '/login?from=%2Fdashboard',
      '/reset-password?token=abc',
      '/dashboard',
      '/dashboard/my-orders',
      '/dashboard/payment/42',
      '/dashboard/manage-product/42',
      '/dashboard/cart/checkout',
      '/dashboard/my-profile',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const html = (await t.app.inject('/')).body;
    expect(html).not.toContain('__SHOP_INFO__');
    expect(html).toContain('+1 555 &lt;0100&gt;');
    expect(html).toContain('&quot;address&quot;');
    expect(html).toContain('&quot;social&quot;:null');
    // PUBLIC_PRODUCT_PAGES is off unless set: the page keeps /product/{id} behind login.
    expect(html).toContain('&quot;publicProductPages&quot;:false');
  });

  it('answers 404 with the same app shell (its not-found page), kept out of search engines, for a path the web app does not route', async () => {
    // The shell the app mounts into (the home page itself is server-rendered when the build's renderer is there).
    const shell = (await t.app.inject('/no/such/page')).body.replace(
      /\s*<meta name="robots" content="noindex" \/>/,
      '',
    );
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).toContain('&quot;publicProductPages&quot;:false');
    for (const url of [
      '/no/such/page',
      '/our-products/extra',
      '/product',
      '/product/1/2/3',
      '/blog/1/comments',
      '/dashboard/no-such-page',
      '/dashboard/payment',
      '/index.html',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<meta name="robots" content="noindex" />');
      expect(res.body.replace(/\s*<meta name="robots" content="noindex" \/>/, ''), url).toBe(shell);
    }
    // An article that does not exist is a page that does not exist (decision 048), not a soft 404.
    expect((await t.app.inject('/blog/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const head = await t.app.inject({ method: 'HEAD', url: '/no/such/page' });
    expect(head.statusCode).toBe(404);
  });

  it('keeps the JSON 404 for unknown API paths', async () => {
    const res = await t.app.inject('/api/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('serves hashed assets pre-compressed and cached immutably', async () => {
    const br = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.body).toBe(js);
  });

  it('serves other static files with a short cache', async () => {
    const res = await t.app.inject('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
  });
});

describe('compression', () => {
  it('compresses API answers larger than 1 kB for clients that accept it', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(docs.headers['content-encoding']).toBe('gzip');
    const small = await t.app.inject({ url: '/api/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('OpenAPI', () => {
  it('documents the shop API from the zod schemas', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/products', '/api/homeproduct', '/api/news/{id}']),
    );
  });
});
