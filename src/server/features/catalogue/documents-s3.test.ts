import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpAdmin, type Client } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/helper';
import { multipartFile } from '../../test/multipart';
import { makePdf } from '../../test/pdf';
import { makeProduct } from '../../test/shop';

// Documents go through the same media store as images: with S3 configured they live in the bucket.
const BUCKET = 'shop-docs';
let s3dir: string;
let s3: S3rver;
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  s3dir = await mkdtemp(path.join(os.tmpdir(), 'shop-s3-docs-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = (await s3.run()) as AddressInfo;
  t = await createTestApp({
    SEED_DEMO: 'false',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
  admin = await signUpAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(s3dir, { recursive: true, force: true });
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
