// Both databases: issue #22 asks for its shipping, tax and backorder rules to be proven on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaxRates } from '@shared/tax/tax.schema';
import { seedFulfilment } from '../../seed/seed';
import { auditEntries } from '../../test/admin';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/helper';
import { loadTaxRates, rateFor } from './index';

// The admin's sales-tax table (decision 037, "Admin tables"): percent in the API, ppm in the database, audited.
let t: TestApp;
let admin: Client;
let customer: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app, { verified: true });
});
afterAll(() => t.close());

const put = (client: Client | null, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/tax/rates',
    headers: client?.headers ?? { origin: 'http://localhost:3000' },
    payload: body as Record<string, unknown>,
  });
const get = (client: Client | null) =>
  t.app.inject({ url: '/api/tax/rates', headers: client?.headers ?? { origin: 'http://localhost:3000' } });

describe('who may', () => {
  it('answers 401 without a session and 403 to a customer', async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await get(customer)).statusCode).toBe(403);
    expect((await put(null, { rates: [] })).statusCode).toBe(401);
    expect((await put(customer, { rates: [] })).statusCode).toBe(403);
  });
});

describe('the rate table', () => {
  it('replaces the whole table, reads it back in percent, stores ppm and is what loadTaxRates sees', async () => {
    const res = await put(admin, {
      rates: [
        { state: 'TX', zipPrefix: '752', ratePercent: 8.25, shippingTaxable: true },
        { state: 'TX', ratePercent: 6.25, shippingTaxable: true },
        { state: 'CA', zipPrefix: '', ratePercent: 7.25 },
        { state: 'MO', zipPrefix: '631', ratePercent: 9.6791 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const table: TaxRates = {
      rates: [
        { state: 'CA', zipPrefix: '', ratePercent: 7.25, shippingTaxable: false },
        { state: 'MO', zipPrefix: '631', ratePercent: 9.6791, shippingTaxable: false },
        { state: 'TX', zipPrefix: '', ratePercent: 6.25, shippingTaxable: true },
        { state: 'TX', zipPrefix: '752', ratePercent: 8.25, shippingTaxable: true },
      ],
    };
    expect(res.json()).toEqual(table);
    expect((await get(admin)).json()).toEqual(table);

    const rows = await loadTaxRates(t.app.database.db);
    expect(rateFor(rows, { state: 'TX', zip: '75207' })).toMatchObject({ ratePpm: 82_500 });
    expect(rateFor(rows, { state: 'TX', zip: '78701' })).toMatchObject({ ratePpm: 62_500 });
    expect(rateFor(rows, { state: 'MO', zip: '63101' })).toMatchObject({ ratePpm: 96_791 });
    expect(rateFor(rows, { state: 'NY', zip: '10001' })).toBeUndefined();

    const [entry] = await auditEntries(t.app, admin, 'tax_rates.edited');
    expect(entry).toMatchObject({ actorEmail: admin.email, entityId: 'rates' });
    expect(entry!.after).toMatchObject({ 'TX 752': '8.25% +shipping', CA: '7.25%' });

    // An edit replaces, so a row left out is gone.
    await put(admin, { rates: [{ state: 'TX', ratePercent: 6.25 }] });
    expect(await loadTaxRates(t.app.database.db)).toEqual([
      { state: 'TX', zipPrefix: '', ratePpm: 62_500, shippingTaxable: false },
    ]);
  });

  it.each([
    ['rates.0.state', [{ state: 'XX', ratePercent: 1 }]],
    ['rates.0.zipPrefix', [{ state: 'TX', zipPrefix: '7520a', ratePercent: 1 }]],
    ['rates.0.zipPrefix', [{ state: 'TX', zipPrefix: '752071', ratePercent: 1 }]],
    ['rates.0.ratePercent', [{ state: 'TX', ratePercent: 20.0001 }]],
    ['rates.0.ratePercent', [{ state: 'TX', ratePercent: -1 }]],
    ['rates.0.ratePercent', [{ state: 'TX', ratePercent: 8.12345 }]],
    ['rates.0.ratePercent', [{ state: 'TX', ratePercent: '8.25' }]],
    ['rates.0.shippingTaxable', [{ state: 'TX', ratePercent: 1, shippingTaxable: 'yes' }]],
    [
      'rates.1.zipPrefix',
      [
        { state: 'TX', zipPrefix: '752', ratePercent: 8.25 },
        { state: 'TX', zipPrefix: '752', ratePercent: 8 },
      ],
    ],
    [
      'rates.1.zipPrefix',
      [
        { state: 'TX', ratePercent: 6.25 },
        { state: 'TX', zipPrefix: '', ratePercent: 6 },
      ],
    ],
  ])('answers 400 naming %s, and keeps the table', async (field, rates) => {
    const before = await loadTaxRates(t.app.database.db);
    const res = await put(admin, { rates });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', field });
    expect(await loadTaxRates(t.app.database.db)).toEqual(before);
  });

  it('takes the limits: 0 and 20 percent, 4 decimals, a 5-digit prefix', async () => {
    const res = await put(admin, {
      rates: [
        { state: 'OR', ratePercent: 0 },
        { state: 'TX', ratePercent: 20 },
        { state: 'TX', zipPrefix: '75207', ratePercent: 0.0001 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((await loadTaxRates(t.app.database.db)).map((r) => r.ratePpm).sort((a, b) => a - b)).toEqual([
      0, 1, 200_000,
    ]);
  });
});

describe('demo seed', () => {
  it('gives every state a rate, TX 752 8.25 % with shipping taxed, California without', async () => {
    const fresh = await createTestApp({ SEED_DEMO: 'false' });
    try {
      await seedFulfilment(fresh.database);
      const rows = await loadTaxRates(fresh.database.db);
      expect(rows.filter((r) => r.zipPrefix === '')).toHaveLength(51);
      expect(rateFor(rows, { state: 'TX', zip: '75207' })).toEqual({
        state: 'TX',
        zipPrefix: '752',
        ratePpm: 82_500,
        shippingTaxable: true,
      });
      expect(rateFor(rows, { state: 'CA', zip: '95814' })).toMatchObject({ shippingTaxable: false });
      expect(rateFor(rows, { state: 'NY', zip: '12207' })).toMatchObject({ shippingTaxable: true });
      expect(rateFor(rows, { state: 'PA', zip: '19103' })).toMatchObject({ shippingTaxable: true });
      // The admin can save the seeded table back as it reads it.
      const adm = await signUpAdmin(fresh.app);
      const table = (await fresh.app.inject({ url: '/api/tax/rates', headers: adm.headers })).json();
      const again = await fresh.app.inject({
        method: 'PUT',
        url: '/api/tax/rates',
        headers: adm.headers,
        payload: table,
      });
      expect(again.statusCode).toBe(200);
      expect(await loadTaxRates(fresh.database.db)).toHaveLength(rows.length);
    } finally {
      await fresh.close();
    }
  });
});
