// Both databases: issue #22 asks for its shipping, tax and backorder rules to be proven on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freightClasses, type ShippingMethod, type ShippingSettings } from '@shared/shipping/shipping.schema';
import { usStateCodes } from '@shared/common/us-states';
import { seedFulfilment } from '../../seed/seed';
import { auditEntries } from '../../test/admin';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/helper';
import { FREIGHT_CLASSES, loadRateTables, tableOptions } from './index';

// The admin's shipping tables (decision 037, "Admin tables"): admin only, validated, audited, and what checkout reads.
let t: TestApp;
let admin: Client;
let customer: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  admin = await signUpAdmin(t.app);
  customer = await signUp(t.app, { verified: true });
});
afterAll(() => t.close());

const call = (
  client: Client | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: client?.headers ?? { origin: 'http://localhost:3000' },
    ...(body !== undefined && { payload: body as Record<string, unknown> }),
  });

const settings = async () => (await call(admin, 'GET', '/shipping/settings')).json() as ShippingSettings;

const parcel = (name: string, extra: Record<string, unknown> = {}) => ({
  kind: 'parcel',
  name,
  minDays: 2,
  maxDays: 5,
  parcelRates: [
    { zone: 1, maxWeightGrams: 454, cents: 895 },
    { zone: 1, maxWeightGrams: 2268, cents: 1295 },
    { zone: 2, maxWeightGrams: 454, cents: 995 },
  ],
  ...extra,
});

describe('who may', () => {
  it('answers 401 without a session and 403 to a customer, on every call', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', '/shipping/settings'],
      ['POST', '/shipping/methods', parcel('Nope')],
      ['PUT', `/shipping/methods/${id}`, parcel('Nope')],
      ['DELETE', `/shipping/methods/${id}`],
      ['PUT', '/shipping/zones', { zones: [] }],
      ['POST', '/shipping/pickup-locations', {}],
      ['PUT', `/shipping/pickup-locations/${id}`, {}],
      ['DELETE', `/shipping/pickup-locations/${id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(customer, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('shipping methods', () => {
  it('creates, reads, replaces (rates included) and deletes a method, each audited', async () => {
    const created = await call(admin, 'POST', '/shipping/methods', parcel('Test ground'));
    expect(created.statusCode).toBe(201);
    const method = created.json() as ShippingMethod;
    expect(method).toMatchObject({
      kind: 'parcel',
      name: 'Test ground',
      active: true,
      position: 0,
      minDays: 2,
      maxDays: 5,
      freeAboveCents: null,
      parcelRates: [
        { zone: 1, maxWeightGrams: 454, cents: 895 },
        { zone: 1, maxWeightGrams: 2268, cents: 1295 },
        { zone: 2, maxWeightGrams: 454, cents: 995 },
      ],
      freightRates: [],
    });
    expect((await settings()).methods.find((m) => m._id === method._id)).toEqual(method);

    const replaced = await call(
      admin,
      'PUT',
      `/shipping/methods/${method._id}`,
      parcel('Test ground 2', {
        active: false,
        position: 3,
        parcelRates: [{ zone: 3, maxWeightGrams: 1000, cents: 500 }],
      }),
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({
      name: 'Test ground 2',
      active: false,
      position: 3,
      parcelRates: [{ zone: 3, maxWeightGrams: 1000, cents: 500 }],
    });

    const deleted = await call(admin, 'DELETE', `/shipping/methods/${method._id}`);
    expect(deleted.json()).toEqual({ acknowledged: true });
    expect((await settings()).methods.some((m) => m._id === method._id)).toBe(false);
    expect((await call(admin, 'DELETE', `/shipping/methods/${method._id}`)).statusCode).toBe(404);
    expect((await call(admin, 'PUT', `/shipping/methods/${method._id}`, parcel('Gone'))).statusCode).toBe(
      404,
    );

    const kinds = (await auditEntries(t.app, admin))
      .filter((e) => e.entityId === method._id)
      .map((e) => e.kind);
    expect(kinds).toEqual(['shipping_method.deleted', 'shipping_method.edited', 'shipping_method.created']);
    const edited = (await auditEntries(t.app, admin, 'shipping_method.edited')).find(
      (e) => e.entityId === method._id,
    )!;
    expect(edited.actorEmail).toBe(admin.email);
    expect(edited.before).toMatchObject({ name: 'Test ground' });
    expect(edited.after).toMatchObject({ name: 'Test ground 2' });
  });

  it('stores a freight method with its charges and class rates, and drops charges a kind does not have', async () => {
    const res = await call(admin, 'POST', '/shipping/methods', {
      kind: 'freight',
      name: 'Test LTL',
      minDays: 3,
      maxDays: 7,
      minChargeCents: 15000,
      liftgateCents: 7500,
      residentialCents: 5000,
      freeAboveCents: 100,
      freightRates: [
        { freightClass: '77.5', maxWeightGrams: 226796, centsPerCwt: 5000 },
        { freightClass: '50', maxWeightGrams: 226796, centsPerCwt: 4000 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const m = res.json() as ShippingMethod;
    expect(m).toMatchObject({ minChargeCents: 15000, liftgateCents: 7500, residentialCents: 5000 });
    expect(m.freeAboveCents).toBeNull();
    // Class order, cheapest first.
    expect(m.freightRates.map((r) => r.freightClass)).toEqual(['50', '77.5']);

    const asPickup = await call(admin, 'PUT', `/shipping/methods/${m._id}`, {
      kind: 'pickup',
      name: 'Test LTL',
      minDays: 0,
      maxDays: 0,
      minChargeCents: 15000,
    });
    expect(asPickup.json()).toMatchObject({ kind: 'pickup', minChargeCents: 0, freightRates: [] });
    await call(admin, 'DELETE', `/shipping/methods/${m._id}`);
  });

  it('answers 409 on a name another method has, whatever its case', async () => {
    const a = (await call(admin, 'POST', '/shipping/methods', parcel('Twice'))).json() as ShippingMethod;
    const again = await call(admin, 'POST', '/shipping/methods', parcel('  tWICE '));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'conflict', field: 'name' });
    const b = (await call(admin, 'POST', '/shipping/methods', parcel('Other'))).json() as ShippingMethod;
    const rename = await call(admin, 'PUT', `/shipping/methods/${b._id}`, parcel('TWICE'));
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toMatchObject({ field: 'name' });
    // Its own name, recased, is fine.
    expect((await call(admin, 'PUT', `/shipping/methods/${a._id}`, parcel('twice'))).statusCode).toBe(200);
    await call(admin, 'DELETE', `/shipping/methods/${a._id}`);
    await call(admin, 'DELETE', `/shipping/methods/${b._id}`);
  });

  it.each([
    ['kind', { kind: 'drone' }],
    ['name', { name: '   ' }],
    ['maxDays', { minDays: 5, maxDays: 2 }],
    ['minDays', { minDays: -1 }],
    ['freeAboveCents', { kind: 'free', parcelRates: [] }],
    ['position', { position: 1.5 }],
    ['parcelRates.0.zone', { parcelRates: [{ zone: 10, maxWeightGrams: 454, cents: 100 }] }],
    ['parcelRates.0.maxWeightGrams', { parcelRates: [{ zone: 1, maxWeightGrams: 0, cents: 100 }] }],
    ['parcelRates.0.cents', { parcelRates: [{ zone: 1, maxWeightGrams: 454, cents: 2 ** 31 }] }],
    ['parcelRates.0.cents', { parcelRates: [{ zone: 1, maxWeightGrams: 454, cents: 9.5 }] }],
    [
      'parcelRates.1.maxWeightGrams',
      {
        parcelRates: [
          { zone: 1, maxWeightGrams: 454, cents: 100 },
          { zone: 1, maxWeightGrams: 454, cents: 200 },
        ],
      },
    ],
    ['freightRates', { freightRates: [{ freightClass: '50', maxWeightGrams: 1000, centsPerCwt: 1 }] }],
    [
      'freightRates.0.freightClass',
      {
        kind: 'freight',
        parcelRates: [],
        freightRates: [{ freightClass: '45', maxWeightGrams: 1000, centsPerCwt: 1 }],
      },
    ],
    [
      'freightRates.1.maxWeightGrams',
      {
        kind: 'freight',
        parcelRates: [],
        freightRates: [
          { freightClass: '50', maxWeightGrams: 1000, centsPerCwt: 1 },
          { freightClass: '50', maxWeightGrams: 1000, centsPerCwt: 2 },
        ],
      },
    ],
    ['surprise', { surprise: true }],
  ])('answers 400 naming %s', async (field, change) => {
    const res = await call(admin, 'POST', '/shipping/methods', parcel('Bad one', change));
    expect(res.statusCode).toBe(400);
    const body = res.json() as { field?: string; message: string };
    if (field === 'surprise') expect(body.message).toMatch(/surprise/);
    else expect(body.field).toBe(field);
  });

  it('is what loadRateTables and the rate engine see: active methods only, edits at once', async () => {
    await call(admin, 'PUT', '/shipping/zones', { zones: [{ state: 'TX', zone: 1 }] });
    const m = (
      await call(admin, 'POST', '/shipping/methods', parcel('Engine ground'))
    ).json() as ShippingMethod;
    const request = {
      items: [{ quantity: 1, unitWeightGrams: 400, shipsAs: 'parcel' as const, freightClass: null }],
      destination: { state: 'TX', zip: '75207' },
      subtotalCents: 1000,
      liftgate: false,
      residential: false,
    };
    const option = async () =>
      tableOptions(await loadRateTables(t.app.database.db), request).find((o) => o.methodId === m._id);
    expect((await option())?.cents).toBe(895);
    await call(
      admin,
      'PUT',
      `/shipping/methods/${m._id}`,
      parcel('Engine ground', {
        parcelRates: [{ zone: 1, maxWeightGrams: 454, cents: 750 }],
      }),
    );
    expect((await option())?.cents).toBe(750);
    await call(admin, 'PUT', `/shipping/methods/${m._id}`, parcel('Engine ground', { active: false }));
    expect(await option()).toBeUndefined();
    await call(admin, 'DELETE', `/shipping/methods/${m._id}`);
  });
});

describe('zones', () => {
  it('replaces the whole table, audited, and loadRateTables sees it', async () => {
    const res = await call(admin, 'PUT', '/shipping/zones', {
      zones: [
        { state: 'TX', zone: 1 },
        { state: 'OK', zone: 2 },
        { state: 'DC', zone: 6 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      zones: [
        { state: 'DC', zone: 6 },
        { state: 'OK', zone: 2 },
        { state: 'TX', zone: 1 },
      ],
    });
    expect((await settings()).zones).toHaveLength(3);
    const tables = await loadRateTables(t.app.database.db);
    expect([...tables.zones.entries()].sort()).toEqual([
      ['DC', 6],
      ['OK', 2],
      ['TX', 1],
    ]);
    const [entry] = await auditEntries(t.app, admin, 'shipping_zones.edited');
    expect(entry!.after).toEqual({ DC: 6, OK: 2, TX: 1 });
  });

  it.each([
    ['zones.0.state', [{ state: 'XX', zone: 1 }]],
    ['zones.0.state', [{ state: 'tx', zone: 1 }]],
    ['zones.0.zone', [{ state: 'TX', zone: 0 }]],
    ['zones.0.zone', [{ state: 'TX', zone: 10 }]],
    [
      'zones.1.state',
      [
        { state: 'TX', zone: 1 },
        { state: 'TX', zone: 2 },
      ],
    ],
  ])('answers 400 naming %s', async (field, zones) => {
    const res = await call(admin, 'PUT', '/shipping/zones', { zones });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
  });
});

describe('pickup locations', () => {
  const dallas = {
    name: 'Test warehouse',
    street: '1 Test Way',
    city: 'Dallas',
    state: 'TX',
    zip: '75207',
    readyHours: 4,
  };

  it('creates, edits and deletes a location, each audited; inactive ones are not offered', async () => {
    const created = await call(admin, 'POST', '/shipping/pickup-locations', dallas);
    expect(created.statusCode).toBe(201);
    const loc = created.json() as { _id: string };
    expect(loc).toMatchObject({ ...dallas, active: true, position: 0 });
    const pickupIds = async () => (await loadRateTables(t.app.database.db)).pickups.map((p) => p.id);
    expect(await pickupIds()).toContain(loc._id);

    const edited = await call(admin, 'PUT', `/shipping/pickup-locations/${loc._id}`, {
      ...dallas,
      readyHours: 24,
      active: false,
    });
    expect(edited.json()).toMatchObject({ readyHours: 24, active: false });
    expect(await pickupIds()).not.toContain(loc._id);

    expect((await call(admin, 'DELETE', `/shipping/pickup-locations/${loc._id}`)).json()).toEqual({
      acknowledged: true,
    });
    expect((await call(admin, 'DELETE', `/shipping/pickup-locations/${loc._id}`)).statusCode).toBe(404);
    const kinds = (await auditEntries(t.app, admin)).filter((e) => e.entityId === loc._id).map((e) => e.kind);
    expect(kinds).toEqual(['pickup_location.deleted', 'pickup_location.edited', 'pickup_location.created']);
  });

  it.each([
    ['name', { name: '' }],
    ['street', { street: ' ' }],
    ['state', { state: 'Texas' }],
    ['zip', { zip: '7520' }],
    ['zip', { zip: '75207-1234' }],
    ['readyHours', { readyHours: 721 }],
  ])('answers 400 naming %s', async (field, change) => {
    const res = await call(admin, 'POST', '/shipping/pickup-locations', { ...dallas, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
  });
});

describe('API document', () => {
  it('documents the shipping and tax admin calls', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, object> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/shipping/settings',
        '/api/shipping/methods',
        '/api/shipping/methods/{id}',
        '/api/shipping/zones',
        '/api/shipping/pickup-locations',
        '/api/shipping/pickup-locations/{id}',
        '/api/tax/rates',
      ]),
    );
  });
});

describe('shared lists', () => {
  it('the shared freight classes are the rate engine’s, and there are 51 state codes', () => {
    expect([...freightClasses]).toEqual([...FREIGHT_CLASSES]);
    expect(usStateCodes).toHaveLength(51);
  });
});

describe('demo seed', () => {
  it('fills an unconfigured shop once: the methods, a Dallas pickup, every state zoned', async () => {
    const fresh = await createTestApp({ SEED_DEMO: 'false' });
    try {
      const first = await seedFulfilment(fresh.database);
      expect(first).toBe(5);
      expect(await seedFulfilment(fresh.database)).toBe(0);
      const tables = await loadRateTables(fresh.database.db);
      expect(tables.methods.map((m) => m.name)).toEqual([
        'Free ground shipping',
        'Ground parcel',
        'Express parcel',
        'LTL freight',
        'Will-call pickup',
      ]);
      expect(tables.pickups).toMatchObject([{ city: 'Dallas', state: 'TX', zip: '75207', readyHours: 4 }]);
      expect([...tables.zones.keys()].sort()).toEqual([...usStateCodes].sort());
      const ground = tables.methods.find((m) => m.name === 'Ground parcel')!;
      const rows = tables.parcel.get(ground.id)!;
      expect(rows).toHaveLength(64);
      // Dearer with weight and with distance.
      const price = (zone: number, lb: number) =>
        rows.find((r) => r.zone === zone && r.maxWeightGrams === Math.round(lb * 453.59237))!.cents;
      expect(price(1, 2)).toBeGreaterThan(price(1, 1));
      expect(price(8, 70)).toBeGreaterThan(price(1, 70));
      const ltl = tables.methods.find((m) => m.name === 'LTL freight')!;
      expect(ltl).toMatchObject({ minChargeCents: 15000, liftgateCents: 7500, residentialCents: 5000 });
      expect(new Set(tables.freight.get(ltl.id)!.map((r) => r.freightClass))).toEqual(
        new Set(FREIGHT_CLASSES),
      );
      // The seeded tables pass the admin's own validation: the page can save them back unchanged.
      const adm = await signUpAdmin(fresh.app);
      const all = (await fresh.app.inject({ url: '/api/shipping/settings', headers: adm.headers })).json();
      for (const m of all.methods as ShippingMethod[]) {
        const { _id, ...body } = m;
        const res = await fresh.app.inject({
          method: 'PUT',
          url: `/api/shipping/methods/${_id}`,
          headers: adm.headers,
          payload: body,
        });
        expect(res.statusCode, m.name).toBe(200);
      }
    } finally {
      await fresh.close();
    }
  });
});
