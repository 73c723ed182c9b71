// Both databases: issue #22 asks for its shipping, tax and backorder rules to be proven on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gramsToLb, inToMm, lbToGrams, mmToIn } from '@shared/catalogue/product-shipping';
import { createTestApp, type TestApp } from '../../test/helper';
import { signUpAdmin, type Client } from '../../test/auth';
import { validProduct } from '../../test/admin';
import { effectiveWeightGrams, shippingProfiles } from './index';

const spec = (key: string, value: number | null, unit: string | null, unitKind: string | null = 'mass') => ({
  key,
  value,
  unit,
  unitKind,
});

describe('effectiveWeightGrams', () => {
  it('is the shipping weight when the product has one, whatever its specs', () => {
    expect(effectiveWeightGrams({ shippingWeightGrams: 5000 }, [spec('weight', 9, 'kg')])).toBe(5000);
  });

  it('defaults from the weight spec, converting kg, g and lb to whole grams', () => {
    expect(effectiveWeightGrams({ shippingWeightGrams: null }, [spec('weight', 24.5, 'kg')])).toBe(24_500);
    expect(effectiveWeightGrams({ shippingWeightGrams: null }, [spec('weight', 750, 'g')])).toBe(750);
    expect(effectiveWeightGrams({ shippingWeightGrams: null }, [spec('weight', 10, 'lb')])).toBe(4536);
    // A mass attribute without a unit symbol is in the canonical unit, kg.
    expect(effectiveWeightGrams({ shippingWeightGrams: null }, [spec('weight', 2, null)])).toBe(2000);
  });

  it('prefers the spec keyed weight, ignores other kinds, and is null with nothing to weigh', () => {
    const specs = [
      spec('pressure', 8, 'bar', 'pressure'),
      spec('net_mass', 3, 'kg'),
      spec('weight', 4, 'kg'),
    ];
    expect(effectiveWeightGrams({ shippingWeightGrams: null }, specs)).toBe(4000);
    expect(
      effectiveWeightGrams({ shippingWeightGrams: null }, [spec('pressure', 8, 'bar', 'pressure')]),
    ).toBeNull();
    expect(effectiveWeightGrams({ shippingWeightGrams: null }, [spec('weight', null, 'kg')])).toBeNull();
    expect(effectiveWeightGrams({ shippingWeightGrams: null }, [spec('weight', 0, 'kg')])).toBeNull();
    expect(effectiveWeightGrams({ shippingWeightGrams: null }, [])).toBeNull();
  });
});

describe('units of the API', () => {
  it('pounds with 2 decimals and inches with 1 survive the round trip through grams and millimetres', () => {
    for (const lb of [0.01, 0.5, 1.23, 12.5, 160.5, 99_999.99]) expect(gramsToLb(lbToGrams(lb))).toBe(lb);
    for (const inches of [0.1, 0.5, 9.9, 48, 49.5, 3937]) expect(mmToIn(inToMm(inches))).toBe(inches);
  });
});

describe('shippingProfiles', () => {
  let t: TestApp, admin: Client;
  beforeAll(async () => {
    // The demo catalogue: its categories carry the weight attribute (kg).
    t = await createTestApp();
    admin = await signUpAdmin(t.app);
  });
  afterAll(() => t.close());

  const create = async (extra: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product',
      headers: admin.headers,
      payload: { ...validProduct, name: `Profile ${Math.random()}`, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().insertedId as string;
  };

  it('reads each product’s unit weight (own, else its weight spec), how it ships and its backorder rules', async () => {
    const own = await create({
      shippingWeightLb: 12.5,
      shipsAs: 'freight',
      freightClass: '70',
      backorderable: true,
      leadTimeDays: 10,
    });
    const bySpec = await create({ category: 'piston-compressors', specs: { weight: 38 } });
    const none = await create({});
    const profiles = await shippingProfiles(t.app.database.db, [own, bySpec, none, own]);
    expect(profiles.size).toBe(3);
    expect(profiles.get(own)).toEqual({
      name: expect.any(String),
      unitWeightGrams: 5670,
      shipsAs: 'freight',
      freightClass: '70',
      backorderable: true,
      leadTimeDays: 10,
    });
    expect(profiles.get(bySpec)).toEqual({
      name: expect.any(String),
      unitWeightGrams: 38_000,
      shipsAs: 'parcel',
      freightClass: null,
      backorderable: false,
      leadTimeDays: null,
    });
    expect(profiles.get(none)?.unitWeightGrams).toBeNull();
    expect((await shippingProfiles(t.app.database.db, [])).size).toBe(0);
  });
});
