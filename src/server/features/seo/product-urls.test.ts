import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUpAdmin, type Client } from '../../test/auth';
import { makeProduct } from '../../test/shop';

const SHELL =
  '<!doctype html><html><head><title>Toolhouse</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let admin: Client;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'shop-seo-web-'));
  await writeFile(path.join(webDir, 'index.html'), SHELL);
  t = await createTestApp({ SEED_DEMO: 'false', PUBLIC_PRODUCT_PAGES: 'true' }, { webDir });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const rename = (id: string, name: string) =>
  t.app.inject({ method: 'PUT', url: `/api/product/${id}`, headers: admin.headers, payload: { name } });

describe('product URLs', () => {
  it('serves the page at its readable URL and at the spec’s /product/{id}', async () => {
    const p = await makeProduct(t.app, { name: '7.5 kW Rotary Screw Compressor' });
    for (const url of [`/product/${p.id}/7-5-kw-rotary-screw-compressor`, `/product/${p.id}`]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('redirects a renamed product’s old URL with 301 to the new one, keeping the query', async () => {
    const p = await makeProduct(t.app, { name: 'Piston Compressor 50 L' });
    expect((await rename(p.id, 'Belt-Driven Piston Compressor 50 L')).statusCode).toBe(200);
    const res = await t.app.inject(`/product/${p.id}/piston-compressor-50-l?units=imperial`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/product/${p.id}/belt-driven-piston-compressor-50-l?units=imperial`);
    expect((await t.app.inject(res.headers.location!)).statusCode).toBe(200);
  });

  it('redirects any other slug (a hand-typed or truncated one) to the current URL', async () => {
    const p = await makeProduct(t.app, { name: 'Air Hose Reel' });
    const res = await t.app.inject(`/product/${p.id}/Air-Hose`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/product/${p.id}/air-hose-reel`);
  });

  it('leaves unknown and malformed ids to the web app, without a redirect', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await t.app.inject(`/product/${id}/anything`);
      expect(res.statusCode).not.toBe(301);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });
});
