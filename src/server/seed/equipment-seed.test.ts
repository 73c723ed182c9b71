import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';
import { signUp, signUpAdmin, type Client } from '../test/auth';

// The demo shop's aftermarket: two models with plans, serial-range fit, a replaced-by chain and a diagram.
let t: TestApp, buyer: Client;
beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO_EQUIPMENT: 'true' });
  await signUpAdmin(t.app);
  buyer = await signUp(t.app, { verified: true });
}, 180_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url: `/api${url}`, headers: buyer.headers });

describe('demo equipment', () => {
  it('seeds two compressor models whose parts fit by serial range, with a chain and a diagram', async () => {
    const models = (await get('/equipment/models')).json() as { id: string; name: string }[];
    expect(models.map((m) => m.name)).toEqual(['Atlas AC-50 oil-free', 'Norden RS-75 rotary screw']);
    const rs = models[1]!;
    expect((await get(`/equipment/models/${rs.id}/plan`)).json()).toHaveLength(5);
    const diagram = (await get(`/equipment/models/${rs.id}/diagram`)).json();
    expect(diagram.url).toMatch(/^\/media\/diagrams\//);
    expect(diagram.hotspots.map((h: { number: number }) => h.number)).toEqual([1, 2, 3, 4, 5]);
    expect((await t.app.inject({ url: diagram.url })).statusCode).toBe(200);

    const register = (serial: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/equipment/machines',
        headers: buyer.headers,
        payload: { modelId: rs.id, serial, installedOn: '2025-03-01' },
      });
    const early = (await register('N1200')).json().id as string;
    const late = (await register('N5200')).json().id as string;
    const skus = async (id: string) =>
      ((await get(`/equipment/machines/${id}`)).json().parts as { sku: string }[]).map((p) => p.sku).sort();
    expect(await skus(early)).toEqual([
      'AF-75-C',
      'BELT-75',
      'KIT-75-4K',
      'OF-75',
      'OIL-5L',
      'SEP-75-1',
      'SV-10',
    ]);
    expect(await skus(late)).toEqual([
      'AF-75-C',
      'BELT-75',
      'KIT-75-4K',
      'OF-75',
      'OIL-5L',
      'SEP-75-2',
      'SV-10',
    ]);
  });
});
