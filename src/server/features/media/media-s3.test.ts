import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Client } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/helper';
import { startLocalS3, type LocalS3 } from '../../test/s3';

// A local S3-compatible server (s3rver) on 127.0.0.1 with a temporary folder: media go there, not to DATA_DIR.
const BUCKET = 'shop-media';
let s3: LocalS3;
let t: TestApp;
let customer: Client;

beforeAll(async () => {
  s3 = await startLocalS3(BUCKET);
  t = await createTestApp({ SEED_DEMO: 'true', ...s3.env });
  customer = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

function multipart(bytes: Buffer) {
  const boundary = '----shopboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('media in S3-compatible object storage', () => {
  it('stores an upload in the bucket and streams it back from /media with immutable caching', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const body = multipart(png);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...customer.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = (res.json() as { data: { url: string } }).data;
    expect(url).toMatch(/^\/media\/uploads\/[0-9a-f]{24}\.webp$/);

    const served = await t.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 30 });

    // Nothing on the local disk: another instance on another host sees the same file.
    expect(await readdir(path.join(t.dataDir, 'media')).catch(() => [])).toEqual([]);
  });

  it('serves the seeded catalogue images from the same store', async () => {
    const products = (await t.app.inject('/api/products')).json() as { img: string }[];
    expect(products.length).toBeGreaterThan(0);
    const img = await t.app.inject(products[0]!.img);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect((await sharp(img.rawPayload).metadata()).format).toBe('webp');
  });

  it("writes a seeded picture's smaller copy into the bucket on its first request and serves it immutable", async () => {
    const products = (await t.app.inject('/api/products')).json() as { img: string }[];
    const copy = products[0]!.img.replace('.webp', '-200.webp');
    const key = copy.replace('/media/', '');
    expect(await t.app.media.get(key)).toBeUndefined();
    const res = await t.app.inject(copy);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(200);
    const stored = await t.app.media.get(key);
    expect(stored?.contentType).toBe('image/webp');
    stored?.body.destroy();
  });

  it('answers 404 for unknown and malformed keys', async () => {
    for (const url of [
      '/media/uploads/000000000000000000000000.webp',
      '/media/uploads/../secret.webp',
      '/media/nothing',
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it("never serves a customer's private file (a tax exemption certificate) from /media", async () => {
    const key = await t.app.media.put('tax-exemptions', Buffer.from('%PDF-1.7 private'), 'pdf');
    expect(key).toMatch(/^\/media\/tax-exemptions\/[0-9a-f]{24}\.pdf$/);
    const stored = await t.app.media.get(key.replace('/media/', ''));
    expect(stored).toBeDefined();
    stored?.body.destroy();
    const res = await t.app.inject(key);
    expect(res.statusCode).toBe(404);
  });
});
