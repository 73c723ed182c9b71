import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper';
import { createTestApp } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { makeProduct, payOrder, placeOrder } from '../../test/shop';
import { searchCatalogue } from '../search/index';
import { searchQuerySchema } from '@shared/catalogue/search.schema';
import { sendServiceReminders } from './index';
import { fitsFilter } from './equipment.search';
import { FitCache } from './equipment.fit-cache';
import type { SessionUser } from '../../http/auth-guard';
import { addMonths, nextDue } from './equipment.due';

let t: TestApp, admin: Client, alice: Client, bob: Client;
type P = { id: string; name: string };
let compressor: P, filterOld: P, filterNew: P, filterNewest: P, oilKit: P, sepEarly: P, sepLate: P;
let gauge: P, unrelated: P;
let modelId: string;
const plan: Record<string, string> = {};

const call = (c: Client | null, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: c?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

beforeAll(async () => {
  // The search index on, as the shop runs: "fits my equipment" is tested on it and on PostgreSQL.
  t = await createTestApp({ SEED_DEMO: 'false', SEARCH_INDEX: 'true' });
  alice = await signUp(t.app, { name: 'Alice Owner', verified: true });
  bob = await signUp(t.app, { name: 'Bob Stranger', verified: true });
  admin = await signUpAdmin(t.app);
  const make = (name: string) => makeProduct(t.app, { name: `${name} ${Date.now()}`, priceCents: 4_500 });
  compressor = await makeProduct(t.app, { name: `Screw Compressor ${Date.now()}`, priceCents: 900_000 });
  const parts = await Promise.all(
    [
      'Air filter v1',
      'Air filter v2',
      'Air filter v3',
      'Oil kit',
      'Separator early',
      'Separator late',
      'Gauge',
      'Hammer',
    ].map(make),
  );
  [filterOld, filterNew, filterNewest, oilKit, sepEarly, sepLate, gauge, unrelated] = parts as unknown as [
    P,
    P,
    P,
    P,
    P,
    P,
    P,
    P,
  ];
  const model = await call(admin, 'POST', '/equipment/models', {
    name: 'SC-15',
    productId: compressor.id,
    warrantyMonths: 24,
  });
  expect(model.statusCode, model.body).toBe(200);
  modelId = model.json().id;
  const items = {
    filter: { productId: filterOld.id, everyHours: 2000 },
    oil: { productId: oilKit.id, everyHours: 4000, everyMonths: 12 },
    sepEarly: { productId: sepEarly.id, everyHours: 8000, serialTo: 'A4999' },
    sepLate: { productId: sepLate.id, everyHours: 8000, serialFrom: 'A5000' },
  };
  for (const [key, body] of Object.entries(items)) {
    const res = await call(admin, 'POST', `/equipment/models/${modelId}/plan`, body);
    expect(res.statusCode, res.body).toBe(200);
    plan[key] = res.json().insertedId;
  }
  const fit = await call(admin, 'POST', `/equipment/models/${modelId}/fits`, {
    productId: gauge.id,
    serialFrom: 'A1000',
    serialTo: 'A1999',
  });
  expect(fit.statusCode, fit.body).toBe(200);
}, 180_000);
afterAll(() => t.close());

describe('admin: models, plans, replacements', () => {
  it('only admins write; a plan item needs an interval; bad ids are 400 naming the field', async () => {
    expect((await call(alice, 'POST', '/equipment/models', { name: 'X' })).statusCode).toBe(403);
    const noInterval = await call(admin, 'POST', `/equipment/models/${modelId}/plan`, {
      productId: oilKit.id,
    });
    expect(noInterval.statusCode).toBe(400);
    expect(noInterval.json().field).toBe('everyHours');
    const badSerial = await call(admin, 'POST', `/equipment/models/${modelId}/fits`, {
      productId: gauge.id,
      serialFrom: 'A 1',
    });
    expect(badSerial.statusCode).toBe(400);
    expect((await call(admin, 'POST', '/equipment/models', { name: 'sc-15' })).statusCode).toBe(409);
  });

  it('follows replaced-by chains and refuses cycles with 400', async () => {
    const replace = (from: P, to: P | null) =>
      call(admin, 'PUT', `/equipment/parts/${from.id}/replaced-by`, { replacedById: to?.id ?? null });
    expect((await replace(filterOld, filterNew)).statusCode).toBe(200);
    expect((await replace(filterNew, filterNewest)).statusCode).toBe(200);
    const cycle = await replace(filterNewest, filterOld);
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().field).toBe('replacedById');
    expect((await replace(filterOld, filterOld)).statusCode).toBe(400);
    const fit = await call(alice, 'GET', `/equipment/fit/${filterOld.id}`);
    expect(fit.json().replacedBy).toEqual({ id: filterNewest.id, name: filterNewest.name });
    expect((await call(alice, 'GET', `/equipment/fit/${filterNewest.id}`)).json().replacedBy).toBeNull();
  });
});

describe('my equipment', () => {
  let early: string, late: string;

  it('registers a machine from a paid order, once per serial; others cannot see it', async () => {
    const orderId = (await placeOrder(t.app, alice, { productId: compressor.id, quantity: 1 })).json()
      .insertedId as string;
    expect((await call(alice, 'GET', `/equipment/registrable/${orderId}`)).json()).toEqual([]);
    await payOrder(t.app, alice, orderId);
    expect((await call(alice, 'GET', `/equipment/registrable/${orderId}`)).json()).toEqual([
      { modelId, modelName: 'SC-15' },
    ]);
    expect((await call(bob, 'GET', `/equipment/registrable/${orderId}`)).json()).toEqual([]);
    const body = { modelId, serial: 'a999', installedOn: '2026-01-01', runningHours: 1000, hoursPerWeek: 40 };
    const stolen = await call(bob, 'POST', '/equipment/machines', { ...body, orderId });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().field).toBe('orderId');
    const res = await call(alice, 'POST', '/equipment/machines', {
      ...body,
      orderId,
      siteAddress: '1 Yard Rd',
    });
    expect(res.statusCode, res.body).toBe(200);
    early = res.json().id;
    expect(res.json()).toMatchObject({
      serial: 'A999',
      modelName: 'SC-15',
      warranty: { until: '2028-01-01' },
    });
    expect((await call(alice, 'POST', '/equipment/machines', { ...body, serial: 'A999' })).statusCode).toBe(
      409,
    );
    const second = await call(alice, 'POST', '/equipment/machines', { ...body, serial: 'A5000' });
    late = second.json().id;
    expect(second.json().warranty).toMatchObject({ proof: false, covered: false });
    expect((await call(bob, 'GET', `/equipment/machines/${early}`)).statusCode).toBe(404);
    expect((await call(bob, 'GET', '/equipment/machines')).json()).toEqual([]);
    expect((await call(alice, 'POST', '/equipment/machines', { ...body, forCompany: true })).statusCode).toBe(
      403,
    );
  });

  it('pages the list on the server', async () => {
    const first = await call(alice, 'GET', '/equipment/machines?limit=1');
    expect(first.headers['x-total-count']).toBe('2');
    expect(first.json().map((m: { id: string }) => m.id)).toEqual([late]);
    const next = await call(
      alice,
      'GET',
      `/equipment/machines?limit=1&cursor=${first.headers['x-next-cursor']}`,
    );
    expect(next.json().map((m: { id: string }) => m.id)).toEqual([early]);
    expect(next.headers['x-next-cursor']).toBeUndefined();
  });

  it('lists exactly the parts that fit by model and serial range, newest of each chain', async () => {
    const names = async (id: string) =>
      ((await call(alice, 'GET', `/equipment/machines/${id}`)).json().parts as { name: string }[]).map(
        (p) => p.name,
      );
    expect((await names(early)).sort()).toEqual([filterNewest.name, oilKit.name, sepEarly.name].sort());
    expect((await names(late)).sort()).toEqual([filterNewest.name, oilKit.name, sepLate.name].sort());
    const page = (await call(alice, 'GET', `/equipment/machines/${early}`)).json();
    expect(page.parts.find((p: { name: string }) => p.name === filterNewest.name).replaces).toBe(
      filterNew.name,
    );
    expect(page.warranty).toMatchObject({ covered: true, proof: true });
  });

  it('says per machine whether a product fits: "fits your" on the right serials only', async () => {
    const fit = async (p: P) =>
      Object.fromEntries(
        (
          (await call(alice, 'GET', `/equipment/fit/${p.id}`)).json().machines as {
            label: string;
            fits: boolean;
          }[]
        ).map((m) => [m.label, m.fits]),
      );
    expect(await fit(sepLate)).toEqual({ 'SC-15 #A999': false, 'SC-15 #A5000': true });
    expect(await fit(sepEarly)).toEqual({ 'SC-15 #A999': true, 'SC-15 #A5000': false });
    expect(await fit(filterNewest)).toEqual({ 'SC-15 #A999': true, 'SC-15 #A5000': true });
    expect(await fit(unrelated)).toEqual({ 'SC-15 #A999': false, 'SC-15 #A5000': false });
    expect(await fit(gauge)).toEqual({ 'SC-15 #A999': false, 'SC-15 #A5000': false });
    const inRange = await call(alice, 'POST', '/equipment/machines', {
      modelId,
      serial: 'A1500',
      installedOn: '2026-06-01',
    });
    expect(await fit(gauge)).toMatchObject({ 'SC-15 #A1500': true });
    expect((await call(bob, 'GET', `/equipment/fit/${gauge.id}`)).json().machines).toEqual([]);
    await t.database.db.execute(sql`delete from machines where id = ${inRange.json().id as string}`);
  });

  it('filters the catalogue search to what fits one machine or all of mine, on the index and on PostgreSQL', async () => {
    const search = async (c: Client, qs: string) => call(c, 'GET', `/equipment/search?${qs}`);
    const names = (body: { items: { name: string }[] }) => body.items.map((i) => i.name).sort();
    const one = (await search(alice, `fits=${early}`)).json();
    expect(names(one)).toEqual([filterNewest.name, oilKit.name, sepEarly.name].sort());
    expect(one.total).toBe(3);
    const all = (await search(alice, 'fits=all')).json();
    expect(all.total).toBe(4);
    const text = (await search(alice, 'fits=all&q=separator')).json();
    expect(names(text)).toEqual([sepEarly.name, sepLate.name].sort());
    expect(text.total).toBe(2);
    const rows = await t.app.database.db.execute<{ id: string }>(
      sql`select id from "user" where email = ${alice.email}`,
    );
    const caller = { id: rows.rows[0]!.id, role: 'user' } as SessionUser;
    const only = await fitsFilter(t.app.database.db, caller, 'all', new FitCache(() => 0));
    // The in-process index and the PostgreSQL path answer the same.
    await t.app.readCache.changed('catalogue');
    await t.app.searchIndex!.ready();
    for (const q of [{}, { q: 'separator' }, { q: 'filter', inStock: 'true' }]) {
      const query = searchQuerySchema.parse(q);
      // Built: the index answers (it falls back to PostgreSQL only while it has no data).
      expect(await t.app.searchIndex!.current()).not.toBeNull();
      const indexed = await searchCatalogue(t.app.database.db, query, t.app.searchIndex, undefined, only);
      const db = await searchCatalogue(t.app.database.db, query, null, undefined, only);
      expect(names(indexed!)).toEqual(names(db));
      expect(indexed!.total).toBe(db.total);
      expect(indexed!.facets).toEqual(db.facets);
    }
    expect((await search(bob, `fits=${early}`)).statusCode).toBe(404);
    expect((await search(bob, 'fits=all')).json().total).toBe(0);
    const bad = await search(alice, 'fits=all&pageSize=1000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('pageSize');
  });

  it('computes due dates from hours and months, and counts on from a recorded service', async () => {
    const services = async () =>
      Object.fromEntries(
        (
          (await call(alice, 'GET', `/equipment/machines/${early}`)).json().services as {
            planItemId: string;
          }[]
        ).map((s) => [s.planItemId, s]),
      );
    const before = await services();
    // 12 months from the install come before 4,000 h at 40 h a week.
    expect(before[plan.oil!]).toMatchObject({ dueOn: '2027-01-01', dueAtHours: 4000, intervalNo: 1 });
    expect(before[plan.sepLate!]).toBeUndefined();
    const done = await call(alice, 'POST', `/equipment/machines/${early}/services`, {
      planItemId: plan.oil,
      atHours: 1000,
      doneOn: '2026-12-01',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await services())[plan.oil!]).toMatchObject({
      dueOn: '2027-12-01',
      dueAtHours: 5000,
      intervalNo: 2,
    });
    const wrong = await call(alice, 'POST', `/equipment/machines/${early}/services`, {
      planItemId: plan.sepLate,
    });
    expect(wrong.statusCode).toBe(400);
    const hours = await call(alice, 'PUT', `/equipment/machines/${early}/hours`, { runningHours: 2500 });
    expect(hours.statusCode).toBe(200);
    expect((await services())[plan.filter!]).toMatchObject({ overdue: true, dueAtHours: 2000 });
  });

  it('puts the due kit in the cart, replaced parts as their newest successor', async () => {
    const res = await call(alice, 'POST', `/equipment/machines/${early}/kit`, {
      planItemIds: [plan.filter, plan.oil],
    });
    expect(res.statusCode, res.body).toBe(200);
    const cart = (await call(alice, 'GET', `/cart/${alice.email}`)).json();
    const ids = (cart.lines as { productId: string }[]).map((l) => l.productId).sort();
    expect(ids).toEqual([filterNewest.id, oilKit.id].sort());
    expect(
      (await call(bob, 'POST', `/equipment/machines/${early}/kit`, { planItemIds: [plan.oil] })).statusCode,
    ).toBe(404);
  });

  it('mails a service due within the lead window once per interval', async () => {
    const deps = {
      db: t.app.database.db,
      mailer: t.app.mailer,
      shopName: 'Toolhouse',
      baseUrl: 'http://shop.test',
      leadDays: 14,
    };
    const mails = () => t.mail.sent.filter((m) => m.subject.startsWith('Service due soon'));
    const start = mails().length;
    await sendServiceReminders(deps, new Date('2026-12-08T00:00:00Z'));
    const first = mails().slice(start);
    // A999's air filter is overdue at 2,500 h; nothing of A5000 falls due within 14 days yet.
    expect(first.map((m) => m.to)).toEqual([alice.email]);
    expect(first[0]!.text).toContain(`/dashboard/equipment/${early}/kit?items=${plan.filter}`);
    await sendServiceReminders(deps, new Date('2026-12-09T00:00:00Z'));
    expect(mails().length).toBe(start + 1);
    // A5000's 12-month oil service (install 2026-01-01) enters the window; A999's filter is not mailed again.
    await sendServiceReminders(deps, new Date('2026-12-20T00:00:00Z'));
    const later = mails().slice(start + 1);
    expect(later).toHaveLength(1);
    expect(later[0]!.subject).toBe('Service due soon for your SC-15 #A5000');
    expect(later[0]!.text).toContain(`/dashboard/equipment/${late}/kit?items=${plan.oil}`);
    await sendServiceReminders(deps, new Date('2026-12-21T00:00:00Z'));
    expect(mails().length).toBe(start + 2);
  });
});

describe('due date arithmetic', () => {
  it('adds months to the last day of a shorter month', () => {
    expect(addMonths('2026-01-31', 1).toISOString().slice(0, 10)).toBe('2026-02-28');
  });
  it('takes the earlier of hours and months', () => {
    const base = {
      runningHours: 1000,
      hoursPerWeek: 100,
      hoursReadAt: new Date('2026-01-01T00:00:00Z'),
      installedOn: '2026-01-01',
      lastHours: null,
      lastDoneOn: null,
      servicesDone: 0,
    };
    expect(nextDue({ ...base, everyHours: 2000, everyMonths: 12 })!.dueOn.toISOString()).toBe(
      '2026-03-12T00:00:00.000Z',
    );
    expect(nextDue({ ...base, hoursPerWeek: 0, everyHours: 2000, everyMonths: null })).toBeNull();
  });
});
