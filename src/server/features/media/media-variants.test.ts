import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSrcSet } from '@shared/media/responsive-image';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, type Client } from '../../test/auth';

let t: TestApp;
let customer: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  customer = await signUp(t.app);
});
afterAll(() => t.close());

const picture = (width: number, height: number, format: 'png' | 'webp' = 'png') => {
  const image = sharp({ create: { width, height, channels: 3, background: '#0f766e' } });
  return (format === 'png' ? image.png() : image.webp()).toBuffer();
};

async function upload(bytes: Buffer): Promise<string> {
  const boundary = '----variants';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { ...customer.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { url: string } }).data.url;
}

const onDisk = (url: string) =>
  access(path.join(t.dataDir, 'media', url.replace(/^\/media\//, ''))).then(
    () => true,
    () => false,
  );

async function servedWidth(url: string) {
  const res = await t.app.inject(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['cache-control']).toMatch(/immutable/);
  return (await sharp(res.rawPayload).metadata()).width;
}

describe('smaller copies of a picture (srcset)', () => {
  it('writes the 200 and 400 px copies at upload, beside the original, and serves them immutable', async () => {
    const url = await upload(await picture(800, 600));
    const srcset = imageSrcSet(url)!;
    expect(srcset).toBe(
      `${url.replace('.webp', '-200.webp')} 200w, ${url.replace('.webp', '-400.webp')} 400w, ${url} 800w`,
    );
    const hash = path.basename(url, '.webp');
    const files = await readdir(path.join(t.dataDir, 'media', 'uploads'));
    expect(files).toEqual(expect.arrayContaining([`${hash}.webp`, `${hash}-200.webp`, `${hash}-400.webp`]));
    expect(await servedWidth(url.replace('.webp', '-200.webp'))).toBe(200);
    expect(await servedWidth(url.replace('.webp', '-400.webp'))).toBe(400);
    expect(await servedWidth(url)).toBe(800);
  });

  it('writes a copy of an older picture on its first request, then keeps it', async () => {
    const url = await t.app.media.put('products', await picture(800, 600, 'webp'), 'webp');
    const copy = url.replace('.webp', '-400.webp');
    expect(await onDisk(copy)).toBe(false);
    const [a, b] = await Promise.all([servedWidth(copy), servedWidth(copy)]);
    expect([a, b]).toEqual([400, 400]);
    expect(await onDisk(copy)).toBe(true);
    expect(await servedWidth(copy)).toBe(400);
  });

  it('never enlarges a small picture', async () => {
    const url = await upload(await picture(150, 100));
    expect(await servedWidth(url.replace('.webp', '-400.webp'))).toBe(150);
  });

  it('refuses a width it does not offer by name, and 404s what is not a stored picture', async () => {
    const url = await upload(await picture(400, 300));
    const bad = await t.app.inject(url.replace('.webp', '-300.webp'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      error: 'bad_request',
      message: 'width: must be one of 200, 400',
      field: 'width',
    });
    expect(await onDisk(url.replace('.webp', '-300.webp'))).toBe(false);
    for (const missing of [
      url.replace('.webp', '-abc.webp'),
      url.replace('.webp', '-0400.webp'),
      '/media/uploads/0123456789abcdef01234567-400.webp',
      url.replace('/uploads/', '/documents/').replace('.webp', '-400.webp'),
      url.replace('/uploads/', '/tax-exemptions/').replace('.webp', '-400.webp'),
      url.replace('/uploads/', '/..%2Fuploads/').replace('.webp', '-400.webp'),
    ]) {
      expect((await t.app.inject(missing)).statusCode, missing).toBe(404);
    }
  });

  it('gives no srcset to a picture that is not a stored one', () => {
    expect(imageSrcSet('https://example.com/a.webp')).toBeUndefined();
    expect(imageSrcSet('/media/documents/0123456789abcdef01234567.webp')).toBeUndefined();
    expect(imageSrcSet('/media/products/0123456789abcdef01234567.png')).toBeUndefined();
  });
});
