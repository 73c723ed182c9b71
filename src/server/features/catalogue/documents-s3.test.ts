import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpAdmin, type Client } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/helper';
import { startLocalS3, type LocalS3 } from '../../test/s3';
import { multipartFile } from '../../test/multipart';
import { makePdf } from '../../test/pdf';
import { makeProduct } from '../../test/shop';

// Documents go through the same media store as images: with S3 configured they live in the bucket.
const BUCKET = 'shop-docs';
let s3: LocalS3;
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  s3 = await startLocalS3(BUCKET);
  t = await createTestApp({ SEED_DEMO: 'false', ...s3.env });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

it('stores a datasheet in the bucket (not DATA_DIR) and downloads it from there', async () => {
  const product = await makeProduct(t.app);
  const pdf = await makePdf('Bucket datasheet');
  const body = multipartFile('file', 'bucket.pdf', 'application/pdf', pdf);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/catalogue/products/${product.id}/documents?kind=certificate`,
    headers: { ...admin.headers, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(await readdir(path.join(t.dataDir, 'media', 'documents')).catch(() => [])).toEqual([]);
  const download = await t.app.inject({ url: res.json().url });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-disposition']).toContain('filename="bucket.pdf"');
  expect(download.rawPayload.equals(pdf)).toBe(true);
});
