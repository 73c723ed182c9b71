// Both databases: #24 asks every trade-account rule proven on both
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PRICE_LIST_CSV_BYTES, type PriceListImport } from '@shared/companies/price-lists.schema';
import { categories } from '../../db/schema';
import { auditEntries } from '../../test/admin';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { makeCartProduct } from '../../test/cart';
import { apiCaller, inviteAndJoin } from '../../test/companies';
import { createTestApp, type TestApp } from '../../test/helper';
import { multipartFile } from '../../test/multipart';

// A price list's rules as CSV (docs/decisions/039-trade-accounts.md, "Price lists as CSV"), as an admin's
// spreadsheet round trip calls it.
let t: TestApp;
let admin: Client;
let ann: Client; // founds Acme, company admin (not a shop admin)
let bob: Client; // joins Acme as a buyer
let acme: string;

const call = apiCaller(() => t.app);
const HEADER = 'kind,sku,category,brand,price,percent_off';

const exportUrl = (listId: string, companyId = acme) =>
  `/api/companies/${companyId}/price-lists/${listId}/export.csv`;

const exportCsv = (who: Client, listId: string, companyId = acme) =>
  t.app.inject({ url: exportUrl(listId, companyId), headers: who.headers });

function importCsv(who: Client, listId: string, csv: string | Buffer, companyId = acme) {
  const body = multipartFile('file', 'rules.csv', 'text/csv', csv);
  return t.app.inject({
    method: 'POST',
    url: `/api/companies/${companyId}/price-lists/${listId}/import.csv`,
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

async function addList(rules: unknown[]) {
  const res = await call(admin, 'POST', `/companies/${acme}/price-lists`, {
    name: `List ${Math.random().toString(36).slice(2)}`,
    validFrom: new Date().toISOString().slice(0, 10),
    rules,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string; name: string };
}

const rulesOf = async (listId: string) => {
  const lists = (await call(admin, 'GET', `/companies/${acme}/price-lists?limit=20`)).json() as {
    _id: string;
    rules: unknown[];
  }[];
  return lists.find((l) => l._id === listId)!.rules;
};

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'false' });
  [ann, bob] = [
    await signUp(t.app, { name: 'Ann Founder', verified: true }),
    await signUp(t.app, { name: 'Bob Buyer', verified: true }),
  ];
  admin = await signUpAdmin(t.app);
  acme = (await call(ann, 'POST', '/companies', { name: 'Acme Tools', taxId: '12-3456789' })).json()._id;
  await inviteAndJoin(t, acme, ann, bob, ['buyer']);
});
afterAll(() => t.close());

describe('price lists as CSV (shop admins)', () => {
  it('exports one row per rule and imports the file back to the same rules; the imported price applies', async () => {
    const p = await makeCartProduct(t.app, { priceCents: 5_000 });
    const [tools] = await t.app.database.db
      .insert(categories)
      .values({ slug: `csv-tools-${Date.now()}`, name: 'CSV Tools' })
      .returning();
    const list = await addList([
      { kind: 'sku', sku: p.sku, price: 42.5 },
      { kind: 'category', category: tools!.slug, percentOff: 10 },
      // Formula-looking text leaves as text and comes back unchanged.
      { kind: 'brand', brand: '=Makita', percentOff: 12.5 },
      // A `;` locale's Excel splits on `;`: the cell is quoted and the formula after it guarded (issue 39, item 8).
      { kind: 'brand', brand: `x;=cmd|' /C calc'!A0`, percentOff: 5 },
    ]);
    const before = await rulesOf(list._id);

    const res = await exportCsv(admin, list._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="price-list-list-[a-z0-9]+\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toEqual([
      HEADER,
      `sku,${p.sku},,,42.50,`,
      `category,,${tools!.slug},,,10`,
      `brand,,,'=Makita,,12.5`,
      `brand,,,"x;'=cmd|' /C calc'!A0",,5`,
    ]);

    // The rules are emptied by a header-only import, then the export brings them all back.
    const emptied = await importCsv(admin, list._id, `${HEADER}\n`);
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json()).toMatchObject({ status: 'done', rows: 0, imported: 0, replaced: 4 });
    expect(await rulesOf(list._id)).toEqual([]);
    const back = await importCsv(admin, list._id, res.rawPayload);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({
      status: 'done',
      rows: 4,
      imported: 4,
      replaced: 0,
      rejected: 0,
      problems: [],
      message: "Imported 4 rules, replacing the list's 0 rules.",
    });
    expect(await rulesOf(list._id)).toEqual(before);

    // Written by hand: kind inferred from the one filled column, any column order, another price.
    const hand = await importCsv(admin, list._id, `price,sku\r\n39.99,${p.sku.toLowerCase()}\r\n`);
    expect(hand.json(), hand.body).toMatchObject({ status: 'done', imported: 1, replaced: 4 });
    const detail = await call(bob, 'GET', `/catalogue/products/${p.id}`);
    expect(detail.json().product).toMatchObject({ price: 50, contractPrice: 39.99 });
    const audit = (await auditEntries(t.app, admin, 'price_list.imported')).filter(
      (e) => e.entityId === acme,
    );
    expect(audit.length).toBe(3);
    expect(audit[0]!.summary).toBe(
      `Imported 1 rule into the price list ${list.name} from a CSV (replacing 4)`,
    );
  });

  it('reports every bad row by line and column and writes nothing', async () => {
    const p = await makeCartProduct(t.app, { priceCents: 2_000 });
    const list = await addList([{ kind: 'sku', sku: p.sku, price: 15 }]);
    const csv = [
      HEADER,
      `sku,${p.sku},,,12.00,`, // line 2: fine
      'sku,NO-SUCH-SKU,,,5.00,', // 3: unknown SKU
      'category,,no-such-category,,,5', // 4: unknown category
      'brand,,,Bosch,,100', // 5: percent out of range
      `sku,${p.sku},,,0,`, // 6: price not positive (and a repeat, reported once the price is right)
      'brand,,,Makita,9.99,5', // 7: both a price and a percentage
      'brand,,,Festool,,', // 8: neither
      `sku,${p.sku.toLowerCase()},,,11.00,`, // 9: the same SKU again
      'sku,ABC,,,twelve,', // 10: not a number
      'saw,ABC,,,1.00,', // 11: unknown kind
      'sku,ABC', // 12: too few cells
    ].join('\n');
    const res = await importCsv(admin, list._id, csv);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as PriceListImport;
    expect(report).toMatchObject({ status: 'rejected', rows: 11, imported: 0, replaced: 1, rejected: 10 });
    expect(report.message).toMatch(
      /^Nothing was imported: 10 of 11 rows are bad\. The list keeps its 1 rule\./,
    );
    expect(report.problems.map((q) => [q.line, q.column])).toEqual([
      [3, 'sku'],
      [4, 'category'],
      [5, 'percent_off'],
      [6, 'price'],
      [7, 'price'],
      [8, 'percent_off'],
      [9, 'sku'],
      [10, 'price'],
      [11, 'kind'],
      [12, 'row'],
    ]);
    const message = (line: number) => report.problems.find((q) => q.line === line)!.message;
    expect(message(3)).toBe('no product has the SKU NO-SUCH-SKU');
    expect(message(5)).toBe('must be less than 100');
    expect(message(6)).toBe('must be at least 0.01');
    expect(message(8)).toBe('is required');
    expect(message(9)).toBe('appears again (first on line 2)');
    expect(await rulesOf(list._id)).toMatchObject([{ kind: 'sku', sku: p.sku, price: 15 }]);
    expect(await auditEntries(t.app, admin, 'price_list.imported')).not.toContainEqual(
      expect.objectContaining({ summary: expect.stringContaining(list.name) }),
    );
  });

  it('refuses a file that is not a price list CSV with 400 on file, a large one with 413', async () => {
    const list = await addList([]);
    const refused = async (csv: string | Buffer) => {
      const res = await importCsv(admin, list._id, csv);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe('file');
      return res.json().message as string;
    };
    expect(await refused('')).toBe('file: the file is empty');
    expect(await refused('sku,name,price\nA,Drill,1.00\n')).toMatch(/^file: unknown column "name"/);
    expect(await refused('kind;sku;price\nsku;A;1.00\n')).toMatch(/separated by commas, not semicolons/);
    expect(await refused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]))).toMatch(/binary/);
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${acme}/price-lists/${list._id}/import.csv`,
      headers: admin.headers,
      payload: { rules: [] },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().field).toBe('file');
    const big = await importCsv(admin, list._id, `${HEADER}\n${'x'.repeat(MAX_PRICE_LIST_CSV_BYTES)}\n`);
    expect(big.statusCode).toBe(413);
    expect(big.json().field).toBe('file');
  });

  it('is 403 for customers (a company admin included) and 404 for an unknown list or company', async () => {
    const list = await addList([]);
    for (const who of [ann, bob]) {
      expect((await exportCsv(who, list._id)).statusCode).toBe(403);
      expect((await importCsv(who, list._id, `${HEADER}\n`)).statusCode).toBe(403);
    }
    const unknown = crypto.randomUUID();
    expect((await exportCsv(admin, unknown)).statusCode).toBe(404);
    expect((await importCsv(admin, unknown, `${HEADER}\n`)).statusCode).toBe(404);
    expect((await exportCsv(admin, list._id, unknown)).statusCode).toBe(404);
    expect((await importCsv(admin, list._id, `${HEADER}\n`, unknown)).statusCode).toBe(404);
  });

  it('is in the API document: the download as text/csv, the upload with its row report', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const path = '/api/companies/{id}/price-lists/{itemId}';
    expect(Object.keys(doc.paths[`${path}/export.csv`].get.responses[200].content)).toEqual(['text/csv']);
    const post = doc.paths[`${path}/import.csv`].post;
    // Like the other uploads, the multipart body is read by the route and described in words.
    expect(post.summary).toMatch(/multipart field "file"/);
    expect(post.responses[200].content['application/json'].schema.properties).toHaveProperty('problems');
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['400', '403', '404', '413']));
  });
});
