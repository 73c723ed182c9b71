import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import type { Client } from '../../test/auth';
import { auditEntries, validProduct } from '../../test/admin';
import { makeProduct } from '../../test/shop';
import { search } from '../../test/catalogue';

let t: TestApp, admin: Client, customer: Client;
beforeAll(async () => {
  [t, admin, customer] = await appWithPeople('Casey Pricing');
});
afterAll(() => t.close());

const breaks = [
  { minQuantity: 50, price: 9.9 },
  { minQuantity: 10, price: 11.2 },
];
const sorted = [...breaks].sort((a, b) => a.minQuantity - b.minQuantity);

const write = (method: 'POST' | 'PUT', url: string, payload: unknown, headers = admin.headers) =>
  t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
const create = (extra: Record<string, unknown>) =>
  write('POST', '/api/product', { ...validProduct, price: 12.4, quantity: 100, minOrder: 1, ...extra });

describe('pack size and price breaks with the product', () => {
  it('are stored with a new product and read back sorted on the product, detail, cards and home page', async () => {
    const res = await create({ name: 'Hose Couplings 1/4in', packSize: 10, priceBreaks: breaks });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().insertedId as string;

    const product = await t.app.inject({ url: `/api/product/${id}`, headers: customer.headers });
    expect(product.json()).toMatchObject({ _id: id, price: 12.4, packSize: 10, priceBreaks: sorted });

    const detail = (await t.app.inject(`/api/catalogue/products/${id}`)).json();
    expect(detail.product).toMatchObject({ packSize: 10, fromPrice: 9.9, priceBreaks: sorted });

    const card = (await search(t.app, { q: 'Hose Couplings' })).items.find((p) => p._id === id);
    expect(card).toMatchObject({ price: 12.4, packSize: 10, fromPrice: 9.9 });
    const home = ((await t.app.inject('/api/homeproduct')).json() as { _id: string }[]).find(
      (p) => p._id === id,
    );
    expect(home).toMatchObject({ packSize: 10, fromPrice: 9.9 });

    const [entry] = await auditEntries(t.app, admin, 'product.created');
    expect(entry).toMatchObject({
      entityId: id,
      after: expect.objectContaining({ packSize: 10, priceBreaks: sorted }),
    });
  });

  it('a product without breaks has one price: empty breaks, "from" its own price, sold singly', async () => {
    const plain = await makeProduct(t.app, { priceCents: 4500 });
    expect(
      (await t.app.inject({ url: `/api/product/${plain.id}`, headers: customer.headers })).json(),
    ).toMatchObject({ packSize: 1, priceBreaks: [] });
    expect((await t.app.inject(`/api/catalogue/products/${plain.id}`)).json().product).toMatchObject({
      packSize: 1,
      fromPrice: 45,
      priceBreaks: [],
    });
  });

  it('an edit replaces the breaks, audited before and after, and the cached reads change at once', async () => {
    const id = (await create({ priceBreaks: breaks })).json().insertedId as string;
    const url = `/api/catalogue/products/${id}`;
    const first = await t.app.inject(url);
    const etag = first.headers.etag as string;
    expect((await t.app.inject({ url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const res = await write('PUT', `/api/product/${id}`, {
      packSize: 5,
      priceBreaks: [{ minQuantity: 20, price: 10 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.json().product).toMatchObject({
      packSize: 5,
      fromPrice: 10,
      priceBreaks: [{ minQuantity: 20, price: 10 }],
    });
    const [entry] = await auditEntries(t.app, admin, 'product.edited');
    expect(entry).toMatchObject({
      entityId: id,
      before: expect.objectContaining({ packSize: 1, priceBreaks: sorted }),
      after: expect.objectContaining({ packSize: 5, priceBreaks: [{ minQuantity: 20, price: 10 }] }),
    });

    // An empty list removes them; other edits leave them as they are.
    await write('PUT', `/api/product/${id}`, { desc: 'Now with a new description.' });
    expect((await t.app.inject(url)).json().product.priceBreaks).toEqual([{ minQuantity: 20, price: 10 }]);
    await write('PUT', `/api/product/${id}`, { priceBreaks: [] });
    expect((await t.app.inject(url)).json().product).toMatchObject({ priceBreaks: [], fromPrice: 12.4 });
  });
});

describe('validation and access', () => {
  it.each([
    [{ packSize: 0 }, 'packSize', 'must be at least 1'],
    [{ packSize: 2.5 }, 'packSize', 'must be a whole number'],
    [{ packSize: 10_001 }, 'packSize', 'must be at most 10,000'],
    [{ priceBreaks: [{ minQuantity: 1, price: 5 }] }, 'priceBreaks.0.minQuantity', 'must be at least 2'],
    [{ priceBreaks: [{ minQuantity: 10, price: 5.555 }] }, 'priceBreaks.0.price', 'at most 2 decimals'],
    [
      {
        priceBreaks: [
          { minQuantity: 10, price: 5 },
          { minQuantity: 10, price: 4 },
        ],
      },
      'priceBreaks',
      'given twice',
    ],
    [
      {
        priceBreaks: [
          { minQuantity: 10, price: 5 },
          { minQuantity: 50, price: 6 },
        ],
      },
      'priceBreaks',
      'must not be above',
    ],
    [{ priceBreaks: [{ minQuantity: 10, price: 12.4 }] }, 'priceBreaks', 'below the product price'],
  ])('POST refuses %j with a 400 naming %s', async (extra, field, text) => {
    const res = await create(extra);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(res.json().message).toContain(text);
  });

  it('PUT checks breaks against the price the product will have', async () => {
    const id = (await create({ priceBreaks: breaks })).json().insertedId as string;
    const cheaper = await write('PUT', `/api/product/${id}`, { price: 11 });
    expect(cheaper.statusCode).toBe(400);
    expect(cheaper.json()).toMatchObject({
      field: 'priceBreaks',
      message: expect.stringContaining('from 10 units'),
    });
    const both = await write('PUT', `/api/product/${id}`, {
      price: 11,
      priceBreaks: [{ minQuantity: 10, price: 10.5 }],
    });
    expect(both.statusCode, both.body).toBe(200);
    expect((await write('PUT', `/api/product/${id}`, { packSize: 0 })).json().field).toBe('packSize');
  });

  it('is for admins: anonymous 401, customer 403', async () => {
    const product = await makeProduct(t.app);
    const body = { packSize: 5, priceBreaks: [{ minQuantity: 10, price: 1 }] };
    const anonymous = await t.app.inject({ method: 'PUT', url: `/api/product/${product.id}`, payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect((await write('PUT', `/api/product/${product.id}`, body, customer.headers)).statusCode).toBe(403);
    expect(
      (await write('POST', '/api/product', { ...validProduct, ...body }, customer.headers)).statusCode,
    ).toBe(403);
    expect((await t.app.inject(`/api/catalogue/products/${product.id}`)).json().product).toMatchObject({
      packSize: 1,
      priceBreaks: [],
    });
  });
});
