import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, type Client } from '../../test/auth';

let t: TestApp;
let customer: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  customer = await signUp(t.app);
});
afterAll(() => t.close());

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----shopboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (body: ReturnType<typeof multipart>, headers = customer.headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();

async function storedFiles() {
  const dir = path.join(t.dataDir, 'media', 'uploads');
  return readdir(dir).catch(() => [] as string[]);
}

describe('POST /api/images', () => {
  it('stores a real PNG as WebP without metadata and serves it from /media', async () => {
    const withExif = await sharp(await png())
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps' } } })
      .jpeg()
      .toBuffer();
    const res = await upload(multipart('image', 'photo.jpg', 'image/jpeg', withExif));
    expect(res.statusCode, res.body).toBe(200);
    const { success, data } = res.json() as { success: boolean; data: { url: string } };
    expect(success).toBe(true);
    expect(data.url).toMatch(/^\/media\/uploads\/[0-9a-f]{24}\.webp$/);
    const served = await t.app.inject(data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(64);
    expect(meta.exif).toBeUndefined();
  });

  it.each([
    ['a text file named .png', 'fake.png', 'image/png', Buffer.from('hello, I am not an image')],
    [
      'an SVG',
      'logo.svg',
      'image/svg+xml',
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
    ],
    [
      'a GIF',
      'anim.gif',
      'image/gif',
      Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
    ],
  ])('refuses %s with a 400 and stores nothing', async (_name, filename, type, bytes) => {
    const before = await storedFiles();
    const res = await upload(multipart('image', filename, type, bytes));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'bad_request',
      message: 'image: must be a JPEG, PNG or WebP image',
      field: 'image',
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a truncated PNG', async () => {
    const bytes = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#b45309' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const res = await upload(
      multipart('image', 'cut.png', 'image/png', bytes.subarray(0, Math.floor(bytes.length / 2))),
    );
    expect(res.statusCode).toBe(400);
  });

  it('refuses a file over 5 MB', async () => {
    const res = await upload(
      multipart('image', 'huge.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 10, 1)),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('image: must be at most 5 MB');
  });

  it('needs the file in the field "image", sent as multipart', async () => {
    const wrongField = await upload(multipart('photo', 'p.png', 'image/png', await png()));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/^image: /);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...customer.headers, 'content-type': 'application/json' },
      payload: {},
    });
    expect(json.statusCode).toBe(400);
  });

  it('is refused to anonymous callers before the body is read', async () => {
    const res = await upload(multipart('image', 'p.png', 'image/png', await png()), {});
    expect(res.statusCode).toBe(401);
  });
});
