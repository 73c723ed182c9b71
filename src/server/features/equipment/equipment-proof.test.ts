import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Machine } from '@shared/equipment/equipment.schema';
import type { TestApp } from '../../test/helper';
import { createTestApp } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { multipartFile } from '../../test/multipart';
import { makePdf } from '../../test/pdf';

let t: TestApp, admin: Client, alice: Client, bob: Client;
let machineId: string;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  alice = await signUp(t.app, { name: 'Alice Proof', verified: true });
  bob = await signUp(t.app, { name: 'Bob Proof', verified: true });
  admin = await signUpAdmin(t.app);
  const model = await t.app.inject({
    method: 'POST',
    url: '/api/equipment/models',
    headers: admin.headers,
    payload: { name: `RS-${Date.now()}`, warrantyMonths: 24 },
  });
  expect(model.statusCode, model.body).toBe(200);
  const today = new Date().toISOString().slice(0, 10);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/equipment/machines',
    headers: alice.headers,
    payload: { modelId: model.json().id, serial: 'P100', installedOn: today },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().warranty).toMatchObject({ proof: false, covered: false });
  machineId = res.json().id;
});
afterAll(() => t.close());

const upload = (who: Client, name: string, type: string, bytes: Buffer | string) => {
  const body = multipartFile('file', name, type, bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/equipment/machines/${machineId}/proof`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
};
const download = (who: Client) =>
  t.app.inject({ url: `/api/equipment/machines/${machineId}/proof`, headers: who.headers });

describe('POST /api/equipment/machines/{id}/proof: proof of purchase as an uploaded file', () => {
  it('takes a PDF invoice: the machine is covered, the file is private to who sees the machine', async () => {
    const pdf = await makePdf('Invoice 4711');
    const res = await upload(alice, 'invoice 4711.pdf', 'application/pdf', pdf);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json() as Machine;
    expect(m).toMatchObject({
      invoiceUrl: `/api/equipment/machines/${machineId}/proof`,
      invoiceFileName: 'invoice 4711.pdf',
      warranty: { proof: true, covered: true },
    });
    const mine = await download(alice);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(mine.rawPayload, pdf)).toBe(0);
    expect((await download(admin)).statusCode).toBe(200);
    expect((await download(bob)).statusCode).toBe(404);
    expect((await upload(bob, 'x.pdf', 'application/pdf', pdf)).statusCode).toBe(404);
    // The media store's public route never serves the private folder.
    const key = (await t.app.database.db.query.machines.findFirst({
      where: (ms, { eq }) => eq(ms.id, machineId),
    }))!.invoiceKey!;
    expect(key).toMatch(/^warranty-proofs\//);
    expect((await t.app.inject({ url: `/media/${key}` })).statusCode).toBe(404);
  });

  it('takes a photo (re-encoded to WebP) and refuses what is neither, naming the field', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#444' } })
      .png()
      .toBuffer();
    const photo = await upload(alice, 'receipt.png', 'image/png', png);
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json()).toMatchObject({ invoiceFileName: 'receipt.webp' });
    expect((await download(alice)).headers['content-type']).toBe('image/webp');

    for (const [name, bytes] of [
      ['notes.txt', 'just text'],
      ['fake.pdf', '%PDF-1.7 not really'],
    ] as const) {
      const bad = await upload(alice, name, 'application/pdf', bytes);
      expect(bad.statusCode, name).toBe(400);
      expect(bad.json().field).toBe('file');
    }
    const big = await upload(alice, 'huge.png', 'image/png', Buffer.alloc(6 * 1024 * 1024, 1));
    expect(big.statusCode).toBe(400);
    expect(big.json()).toMatchObject({ field: 'file', message: expect.stringMatching(/5 MB/) });
    // A URL is no proof any more: registering with one leaves the machine without proof.
    const withUrl = await t.app.inject({
      method: 'POST',
      url: '/api/equipment/machines',
      headers: alice.headers,
      payload: {
        modelId: (
          await t.app.inject({ url: `/api/equipment/machines/${machineId}`, headers: alice.headers })
        ).json().modelId,
        serial: 'P101',
        installedOn: new Date().toISOString().slice(0, 10),
        invoiceUrl: 'https://example.com/invoice.pdf',
      },
    });
    expect(withUrl.json()).toMatchObject({ invoiceUrl: null, warranty: { proof: false } });
  });
});
