import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { makeProduct } from '../../test/shop';
import { auditEntries } from '../../test/admin';
import { multipartFile } from '../../test/multipart';
import { makePdf } from '../../test/pdf';

let t: TestApp;
let admin: Client;
let customer: Client;
let productId: string;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app);
  productId = (await makeProduct(t.app)).id;
});
afterAll(() => t.close());

const upload = (
  bytes: Buffer,
  { client = admin, query = '?kind=datasheet', name = 'Atlas 50L datasheet.pdf', id = productId } = {},
) => {
  const body = multipartFile('file', name, 'application/pdf', bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/catalogue/products/${id}/documents${query}`,
    headers: { ...client.headers, ...body.headers },
    payload: body.payload,
  });
};
const list = (id = productId) => t.app.inject({ url: `/api/catalogue/products/${id}/documents` });

describe('product documents', () => {
  it('an admin attaches a PDF; everyone sees it listed and downloads it as an attachment', async () => {
    const pdf = await makePdf('Atlas 50L');
    const res = await upload(pdf, { query: '?kind=datasheet&title=Atlas 50L datasheet' });
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      kind: 'datasheet',
      title: 'Atlas 50L datasheet',
      fileName: 'Atlas 50L datasheet.pdf',
    });
    expect(doc.size).toBe(pdf.length);

    const listed = await list();
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([doc]);

    const download = await t.app.inject({ url: doc.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Atlas 50L datasheet.pdf"; filename*=UTF-8''Atlas%2050L%20datasheet.pdf`,
    );
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await auditEntries(t.app, admin, 'product.document_added'))[0]).toMatchObject({
      entityId: productId,
    });
  });

  it('refuses what is not a PDF by its bytes, whatever its name and type: 400', async () => {
    const fakes = [
      Buffer.from('%PDF-1.7\nthis is not really a pdf\n%%EOF'),
      Buffer.from('<html><script>alert(1)</script></html>'),
      (await makePdf()).subarray(0, 300),
    ];
    for (const fake of fakes) {
      const res = await upload(fake);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ field: 'file', message: 'file: must be a PDF document' });
    }
  });

  it('refuses a file over 20 MB: 413', async () => {
    const res = await upload(Buffer.concat([await makePdf(), Buffer.alloc(20 * 1024 * 1024, 0x20)]));
    expect(res.statusCode).toBe(413);
    expect(res.json().field).toBe('file');
  });

  it('checks kind, title, product and the caller', async () => {
    const pdf = await makePdf();
    expect((await upload(pdf, { query: '?kind=brochure' })).json().field).toBe('kind');
    expect((await upload(pdf, { query: '?kind=manual&title=' })).json().field).toBe('title');
    expect((await upload(pdf, { id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await upload(pdf, { client: customer })).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/catalogue/products/${productId}/documents`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await list('nope')).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/catalogue/documents/nope/download' })).statusCode).toBe(400);
  });

  it('an admin removes a document (customers may not); it is no longer listed or downloadable', async () => {
    const doc = (
      await upload(await makePdf('Manual'), { query: '?kind=manual', name: '../../etc/spec sheet.PDF' })
    ).json();
    expect(doc.fileName).toBe('spec sheet.pdf');
    const url = `/api/catalogue/products/${productId}/documents/${doc._id}`;
    expect((await t.app.inject({ method: 'DELETE', url, headers: customer.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: admin.headers })).statusCode).toBe(200);
    expect(((await list()).json() as { _id: string }[]).some((d) => d._id === doc._id)).toBe(false);
    expect((await t.app.inject({ url: doc.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: admin.headers })).statusCode).toBe(404);
  });
});
