import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { packSizeMessage } from '@shared/catalogue/pricing';
import { messages } from '@shared/messages';
import { cartMessages, MAX_QUICK_ORDER_BYTES } from '@shared/cart/cart.schema';
import type { TestApp } from '../../test/helper';
import type { Client } from '../../test/auth';
import { appWithPeople } from '../../test/people';
import { cartApi, changeProduct, makeCartProduct } from '../../test/cart';
import { multipartFile } from '../../test/multipart';

let t: TestApp;
let ann: Client;

beforeAll(async () => {
  [t, , ann] = await appWithPeople('Ann Buyer');
});
afterEach(() => cartApi(t.app, ann).empty());
afterAll(() => t.close());

const upload = (csv: string | Buffer, query = '') => {
  const body = multipartFile('file', 'order.csv', 'text/csv', csv);
  return t.app.inject({
    method: 'POST',
    url: `/api/cart/${ann.email}/quick-order${query}`,
    headers: { ...ann.headers, ...body.headers },
    payload: body.payload,
  });
};

describe('quick order', () => {
  it('reports every kind of problem line by line, and adds only the lines that pass', async () => {
    const cart = cartApi(t.app, ann);
    const ok = await makeCartProduct(t.app, { sku: `QO-OK-${Date.now()}`, quantity: 50, priceCents: 500 });
    const min = await makeCartProduct(t.app, { quantity: 50, minOrder: 10 });
    const pack = await makeCartProduct(t.app, { quantity: 50, packSize: 5 });
    const few = await makeCartProduct(t.app, { quantity: 3 });
    const gone = await makeCartProduct(t.app, { quantity: 50 });
    await changeProduct(t.app, gone.id, { archivedAt: new Date() });
    const text = [
      `${ok.sku.toLowerCase()}, 4`,
      '',
      'NO-SUCH-SKU, 1',
      `${min.sku}\t5`,
      `${pack.sku};7`,
      `${few.sku}, 4`,
      `${gone.sku}, 1`,
      `${ok.sku}, two`,
      `${ok.sku}`,
      ', 3',
      `${pack.sku}, 10`,
    ].join('\n');
    const res = await cart.quickOrder(text);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.lines).toEqual([
      { line: 1, sku: ok.sku.toLowerCase(), quantity: 4, productId: ok.id, name: ok.name, problem: null },
      { line: 3, sku: 'NO-SUCH-SKU', quantity: 1, problem: cartMessages.unknownSku },
      {
        line: 4,
        sku: min.sku,
        quantity: 5,
        productId: min.id,
        name: min.name,
        problem: messages.quantityBelowMinimum,
      },
      {
        line: 5,
        sku: pack.sku,
        quantity: 7,
        productId: pack.id,
        name: pack.name,
        problem: packSizeMessage(5),
      },
      {
        line: 6,
        sku: few.sku,
        quantity: 4,
        productId: few.id,
        name: few.name,
        problem: messages.quantityAboveStock,
      },
      {
        line: 7,
        sku: gone.sku,
        quantity: 1,
        productId: gone.id,
        name: gone.name,
        problem: cartMessages.discontinued,
      },
      { line: 8, sku: ok.sku, quantity: null, problem: cartMessages.quantityNotWhole },
      { line: 9, sku: ok.sku, quantity: null, problem: messages.quantityRequired },
      { line: 10, sku: '', quantity: 3, problem: cartMessages.skuMissing },
      { line: 11, sku: pack.sku, quantity: 10, productId: pack.id, name: pack.name, problem: null },
    ]);
    expect(body.added).toBe(2);
    expect(
      body.cart.lines.map((l: { productId: string; quantity: number }) => [l.productId, l.quantity]),
    ).toEqual([
      [ok.id, 4],
      [pack.id, 10],
    ]);
  });

  it('checks a line against what the cart (and the lines above it) already hold', async () => {
    const cart = cartApi(t.app, ann);
    const p = await makeCartProduct(t.app, { quantity: 10 });
    await cart.add(p.id, 6);
    const body = (await cart.quickOrder(`${p.sku},3\n${p.sku},3`)).json();
    expect(body.lines.map((l: { problem: string | null }) => l.problem)).toEqual([
      null,
      messages.quantityAboveStock,
    ]);
    expect(body.cart.lines).toMatchObject([{ productId: p.id, quantity: 9 }]);
  });

  it('a dry run reports the same and adds nothing', async () => {
    const cart = cartApi(t.app, ann);
    const p = await makeCartProduct(t.app, { quantity: 10 });
    const res = await cart.quickOrder(`SKU,Quantity\n${p.sku},2\nNOPE,1`, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      added: 0,
      lines: [
        { line: 2, productId: p.id, problem: null },
        { line: 3, problem: cartMessages.unknownSku },
      ],
      cart: { count: 0 },
    });
    expect((await cart.get()).json().count).toBe(0);
  });

  it('takes a small CSV upload (header, quotes, Excel BOM), with ?dryRun=true to check only', async () => {
    const p = await makeCartProduct(t.app, { quantity: 30 });
    const csv = Buffer.from(`\uFEFFsku,quantity\r\n"${p.sku}","12"\r\n`, 'utf8');
    let res = await upload(csv, '?dryRun=true');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      added: 0,
      lines: [{ line: 2, productId: p.id, quantity: 12, problem: null }],
    });
    res = await upload(csv);
    expect(res.json()).toMatchObject({ added: 1, cart: { lines: [{ productId: p.id, quantity: 12 }] } });
  });

  it('refuses what it cannot read: too many lines, too large a file, no lines, no body, binary', async () => {
    const cart = cartApi(t.app, ann);
    const many = Array.from({ length: 201 }, (_, i) => `SKU-${i}, 1`).join('\n');
    let res = await cart.quickOrder(many);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'text', message: `text: ${cartMessages.tooManyLines}` });
    res = await upload(many);
    expect(res.json()).toMatchObject({ field: 'file' });
    res = await upload('x'.repeat(MAX_QUICK_ORDER_BYTES + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().field).toBe('file');
    res = await cart.quickOrder('\n  \n');
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('text');
    res = await cart.quickOrder('x'.repeat(MAX_QUICK_ORDER_BYTES + 1));
    expect(res.json().field).toBe('text');
    res = await upload(Buffer.from([0x41, 0x00, 0x2c, 0x31]));
    expect(res.statusCode).toBe(400);
    res = await t.app.inject({
      method: 'POST',
      url: `/api/cart/${ann.email}/quick-order`,
      headers: ann.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('text');
    res = await t.app.inject({
      method: 'POST',
      url: `/api/cart/${ann.email}/quick-order`,
      headers: ann.headers,
      payload: { text: 'A,1', dryRun: 'yes' },
    });
    expect(res.json().field).toBe('dryRun');
  });
});
