import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { makeProduct } from '../../test/shop';

// The fitting products of a buyer's machines are kept between searches (equipment.fit-cache.ts): every change of
// what fits must still show in the very next search.
let t: TestApp, admin: Client, buyer: Client;
let modelId: string;
let belt: { id: string }, beltV2: { id: string };
const stamp = Date.now();

const call = (c: Client, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: c.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const part = (name: string) => makeProduct(t.app, { name: `${name} ${stamp}`, priceCents: 2_500 });
const fitting = async (qs = '') =>
  ((await call(buyer, 'GET', `/equipment/search?fits=all${qs}`)).json().items as { name: string }[])
    .map((i) => i.name.replace(` ${stamp}`, ''))
    .sort();

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false' });
  admin = await signUpAdmin(t.app);
  buyer = await signUp(t.app, { name: 'Fleet Buyer', verified: true });
  // Every product made before the first search: making one is a catalogue change of its own.
  const filter = await part('Intake filter');
  belt = await part('Drive belt');
  beltV2 = await part('Drive belt v2');
  const model = await call(admin, 'POST', '/equipment/models', { name: `FC-${stamp}` });
  modelId = model.json().id;
  await call(admin, 'POST', `/equipment/models/${modelId}/plan`, { productId: filter.id, everyHours: 2000 });
}, 120_000);
afterAll(() => t.close());

describe('"fits my equipment" kept between searches', () => {
  it('follows machines, fit rules, replacements and archived products at once', async () => {
    expect(await fitting()).toEqual([]);
    const machine = await call(buyer, 'POST', '/equipment/machines', {
      modelId,
      serial: 'FC100',
      installedOn: '2026-06-01',
    });
    expect(machine.statusCode, machine.body).toBe(200);
    expect(await fitting()).toEqual(['Intake filter']);

    const fit = await call(admin, 'POST', `/equipment/models/${modelId}/fits`, { productId: belt.id });
    expect(fit.statusCode, fit.body).toBe(200);
    expect(await fitting()).toEqual(['Drive belt', 'Intake filter']);

    const replaced = await call(admin, 'PUT', `/equipment/parts/${belt.id}/replaced-by`, {
      replacedById: beltV2.id,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await fitting()).toEqual(['Drive belt v2', 'Intake filter']);

    const removed = await call(admin, 'DELETE', `/product/${beltV2.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await fitting()).toEqual(['Intake filter']);
  });
});
