import { describe, expect, it } from 'vitest';
import { dallas, factsOf, houston, la, LB, product, rates } from '../../test/pricing';
import { priceSale, type SaleRequest } from './pricing.sale';

describe('priceSale: unit prices and savings', () => {
  const breaks = [
    { minQuantity: 10, unitPriceCents: 900 },
    { minQuantity: 50, unitPriceCents: 800 },
  ];
  const cases: [string, number, number | null, number, 'list' | 'contract', number, number][] = [
    ['base below the first break', 9, null, 1_000, 'list', 0, 0],
    ['the first break', 10, null, 900, 'list', 1_000, 0],
    ['the largest break reached', 60, null, 800, 'list', 12_000, 0],
    ['a contract price below the break', 10, 850, 850, 'contract', 1_000, 500],
    ['a break below the contract price', 50, 850, 800, 'list', 10_000, 0],
    ['a contract price of 0 is 1 cent', 1, 0, 1, 'contract', 0, 999],
  ];
  it.each(cases)('%s', (_, quantity, contractCents, unit, from, quantitySaving, contractSaving) => {
    const sale = priceSale(factsOf({ a: product({ breaks, contractCents }) }), {
      lines: [{ productId: 'a', quantity }],
    });
    expect(sale.lines[0]).toMatchObject({
      unitPriceCents: unit,
      basePriceCents: 1_000,
      priceFrom: from,
      goodsCents: unit * quantity,
      savings: { quantityCents: quantitySaving, contractCents: contractSaving },
      shippingCents: 0,
      taxCents: 0,
      totalCents: unit * quantity,
    });
    expect(sale.savings).toEqual({ quantityCents: quantitySaving, contractCents: contractSaving });
  });

  it('takes an agreed (quoted) price as is, with no saving of its own', () => {
    const sale = priceSale(factsOf({ a: product({ breaks, contractCents: 500 }) }), {
      lines: [{ productId: 'a', quantity: 60, unitPriceCents: 777 }],
    });
    expect(sale.lines[0]).toMatchObject({ unitPriceCents: 777, priceFrom: 'agreed', goodsCents: 46_620 });
    expect(sale.savings).toEqual({ quantityCents: 0, contractCents: 0 });
  });

  it('refuses to guess the price of a product it has no facts for', () => {
    expect(() => priceSale(factsOf({}), { lines: [{ productId: 'x', quantity: 1 }] })).toThrow(/no facts/);
  });

  it('a goods-only sale (no destination) offers no shipping and charges no tax', () => {
    const sale = priceSale(factsOf({ a: product(), b: product({ priceCents: 250 }) }), {
      lines: [
        { productId: 'a', quantity: 2 },
        { productId: 'b', quantity: 3 },
      ],
      choose: {},
    });
    expect(sale).toMatchObject({
      destination: null,
      options: [],
      chosen: null,
      goodsCents: 2_750,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 2_750,
      capProblem: null,
    });
  });
});

describe('priceSale: the ways to ship and their tax', () => {
  it('prices every parcel option and pickup, each with its tax and total', () => {
    const sale = priceSale(factsOf({ a: product() }), {
      lines: [{ productId: 'a', quantity: 5 }],
      destination: dallas,
    });
    expect(sale.options.map((o) => [o.optionId, o.cents, o.taxCents, o.totalCents])).toEqual([
      // 8.25 % on goods + shipping in Dallas (ZIP 752 beats the state's row).
      ['ground', 1_000, 495, 6_495],
      ['express', 5_000, 825, 10_825],
      ['willcall:dock', 0, 413, 5_413],
    ]);
    expect(sale.chosen).toBeNull();
    expect(sale.totalCents).toBe(5_000);
  });

  it('the heavier band, the state rate outside the city, and free shipping from its threshold on', () => {
    const sale = priceSale(factsOf({ a: product({ priceCents: 5_000 }) }), {
      lines: [{ productId: 'a', quantity: 10 }],
      destination: houston,
    });
    expect(sale.options.map((o) => [o.optionId, o.cents, o.taxCents])).toEqual([
      ['ground', 1_000, 3_188], // 10 lb is the 10 lb band (inclusive); 6.25 % of 51,000
      ['express', 5_000, 3_438],
      ['free', 0, 3_125],
      ['willcall:dock', 0, 4_125], // taxed where it is picked up: Dallas
    ]);
    const below = priceSale(factsOf({ a: product({ priceCents: 4_999 }) }), {
      lines: [{ productId: 'a', quantity: 10 }],
      destination: houston,
    });
    expect(below.options.map((o) => o.optionId)).not.toContain('free');
  });

  it('a state that does not tax shipping taxes the goods alone', () => {
    const sale = priceSale(factsOf({ a: product() }), {
      lines: [{ productId: 'a', quantity: 5 }],
      destination: la,
    });
    expect(sale.options.find((o) => o.optionId === 'ground')).toMatchObject({ cents: 4_000, taxCents: 363 });
    // No express rows for zone 2: not offered.
    expect(sale.options.map((o) => o.optionId)).toEqual(['ground', 'willcall:dock']);
  });

  it('any freight line puts everything on the pallet: the dearest class, the minimum, the surcharges', () => {
    const facts = factsOf({
      a: product({ unitWeightGrams: 100 * LB, shipsAs: 'freight', freightClass: '85' }),
      b: product({ unitWeightGrams: 10 * LB, shipsAs: 'freight', freightClass: null }),
      c: product(),
    });
    const lines = [
      { productId: 'a', quantity: 1 },
      { productId: 'c', quantity: 1 },
    ];
    const cheap = priceSale(facts, { lines, destination: dallas });
    // 45,854 g at class 85: ceil(45,854,000 mg / 45,359,237 mg per cwt × $200) = $202.19, over the $150 minimum;
    // no parcel, no free shipping.
    expect(cheap.options.map((o) => [o.optionId, o.cents])).toEqual([
      ['ltl', 20_219],
      ['willcall:dock', 0],
    ]);
    const classless = priceSale(facts, { lines: [{ productId: 'b', quantity: 1 }], destination: dallas });
    expect(classless.options[0]).toMatchObject({ optionId: 'ltl', cents: 15_000 }); // class 500, minimum charge
    const both = priceSale(facts, { lines, destination: dallas, liftgate: true, residential: true });
    expect(both.options[0]).toMatchObject({
      cents: 20_219 + 7_500 + 5_000,
      liftgate: true,
      residential: true,
    });
  });
});

describe('priceSale: the chosen way and the shares', () => {
  const facts = factsOf({ a: product(), b: product({ priceCents: 333 }) });
  const lines = [
    { productId: 'a', quantity: 1 },
    { productId: 'b', quantity: 2 },
  ];

  it('without a named option: the cheapest that delivers, never pickup; shares sum to the cent', () => {
    const sale = priceSale(facts, { lines, destination: dallas, choose: {} });
    expect(sale.chosen?.optionId).toBe('ground');
    expect(sale).toMatchObject({
      goodsCents: 1_666,
      shippingCents: 1_000,
      taxCents: 220, // 8.25 % of 2,666 = 219.945 → 220, rounded once
      totalCents: 2_886,
      taxRatePpm: 82_500,
      exemptionNumber: null,
    });
    expect(sale.lines.map((l) => l.shippingCents)).toEqual([600, 400]); // by goods value: 1000 : 666
    expect(sale.lines.map((l) => l.taxCents)).toEqual([132, 88]);
    expect(sale.lines.reduce((s, l) => s + l.totalCents, 0)).toBe(sale.totalCents);
  });

  it('a named option, pickup included, is priced as offered', () => {
    for (const o of priceSale(facts, { lines, destination: dallas }).options) {
      const sale = priceSale(facts, { lines, destination: dallas, choose: { optionId: o.optionId } });
      expect(sale.chosen?.optionId).toBe(o.optionId);
      expect([sale.shippingCents, sale.taxCents, sale.totalCents]).toEqual([
        o.cents,
        o.taxCents,
        o.totalCents,
      ]);
    }
  });

  it('an option the sale cannot take is a 400 on shippingOption', () => {
    const sale = priceSale(facts, { lines, destination: la, choose: { optionId: 'express' } });
    expect(sale.choiceProblem).toEqual({
      code: 'bad_request',
      field: 'shippingOption',
      message: 'is not a way this order can ship to this address',
    });
    expect(sale.shippingCents).toBe(0);
  });

  it('nowhere to deliver: no shipping charged, the goods still taxed', () => {
    const sale = priceSale(factsOf({ a: product() }, { rates: { ...rates, pickups: [] } }), {
      lines: [{ productId: 'a', quantity: 1 }],
      destination: { state: 'NY', zip: '10001', from: 'text' },
      choose: {},
    });
    expect(sale).toMatchObject({
      chosen: null,
      choiceProblem: null,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 1_000,
    });
  });

  it('a product of unknown weight: only pickup, a notice, and no delivery by default (409)', () => {
    const unweighed = factsOf({ a: product({ name: 'Crate', unitWeightGrams: null }) });
    const req: SaleRequest = { lines: [{ productId: 'a', quantity: 1 }], destination: dallas };
    const sale = priceSale(unweighed, { ...req, choose: {} });
    expect(sale.options.map((o) => o.optionId)).toEqual(['willcall:dock']);
    expect(sale.notice).toMatch(/Crate/);
    expect(sale.choiceProblem).toMatchObject({ code: 'conflict', message: sale.notice });
    expect(priceSale(unweighed, { ...req, choose: { optionId: 'ground' } }).choiceProblem).toMatchObject({
      code: 'bad_request',
      message: sale.notice,
    });
    expect(priceSale(unweighed, { ...req, choose: { optionId: 'willcall:dock' } }).totalCents).toBe(1_083);
  });
});

// Decision 077: 215 kg marked as a parcel is no weight any parcel band holds; delivering it free is the old mistake.
describe('priceSale: a parcel heavier than every parcel band', () => {
  const heavy = factsOf({ a: product({ name: 'Compressor', unitWeightGrams: 215_000 }) });
  const req: SaleRequest = { lines: [{ productId: 'a', quantity: 1 }], destination: dallas };

  it('is offered pickup only, with a notice giving its weight, and no delivery by default (409)', () => {
    const sale = priceSale(heavy, { ...req, choose: {} });
    expect(sale.options.map((o) => o.optionId)).toEqual(['willcall:dock']);
    expect(sale.notice).toBe(
      'This shipment weighs 473.99 lb, more than our parcel rates cover, so we cannot price the delivery: request a quote, or choose pickup if it is offered.',
    );
    expect(sale.choiceProblem).toMatchObject({
      code: 'conflict',
      field: 'shippingOption',
      message: sale.notice,
    });
    expect(priceSale(heavy, { ...req, choose: { optionId: 'ground' } }).choiceProblem).toMatchObject({
      code: 'bad_request',
      message: sale.notice,
    });
    expect(priceSale(heavy, { ...req, choose: { optionId: 'willcall:dock' } }).choiceProblem).toBeNull();
  });

  it('counts the whole shipment: ten 8 lb boxes are too heavy together, the same box alone ships', () => {
    const box = factsOf({ a: product({ unitWeightGrams: 8 * LB }) });
    expect(priceSale(box, { ...req, choose: {} })).toMatchObject({ notice: null, choiceProblem: null });
    const ten = priceSale(box, {
      lines: [{ productId: 'a', quantity: 10 }],
      destination: dallas,
      choose: {},
    });
    // 10 × 8 × 454 g = 36,320 g = 80.07 lb, over the 70 lb band.
    expect(ten.notice).toMatch(/^This shipment weighs 80.07 lb,/);
    expect(ten.choiceProblem).toMatchObject({ code: 'conflict' });
  });

  it('is no matter as freight', () => {
    const pallet = factsOf({
      a: product({ unitWeightGrams: 215_000, shipsAs: 'freight', freightClass: '85' }),
    });
    const sale = priceSale(pallet, { ...req, choose: {} });
    expect(sale.notice).toBeNull();
    expect(sale.chosen?.kind).toBe('freight');
  });
});

describe('priceSale: exemptions', () => {
  const lines = [{ productId: 'a', quantity: 10 }];
  it('a certificate covering the state taxed makes the tax 0 and is named; elsewhere it does not count', () => {
    const facts = factsOf({ a: product() }, { exemptions: [{ number: 'CA-1', states: ['CA'] }] });
    const inCa = priceSale(facts, { lines, destination: la, choose: { optionId: 'ground' } });
    expect(inCa).toMatchObject({
      taxCents: 0,
      taxRatePpm: 0,
      exemptionNumber: 'CA-1',
      destinationExemption: 'CA-1',
    });
    expect(inCa.lines[0]!.taxCents).toBe(0);
    // Picked up in Texas: taxed there, where the certificate does not reach.
    const pickup = priceSale(facts, { lines, destination: la, choose: { optionId: 'willcall:dock' } });
    expect(pickup).toMatchObject({ taxCents: 825, exemptionNumber: null, destinationExemption: 'CA-1' });
  });

  it('the first certificate covering the state applies (the buyer’s own before a location’s)', () => {
    const facts = factsOf(
      { a: product() },
      {
        exemptions: [
          { number: 'OWN', states: ['CA'] },
          { number: 'LOCATION', states: ['CA', 'TX'] },
        ],
      },
    );
    expect(priceSale(facts, { lines, destination: la, choose: {} }).exemptionNumber).toBe('OWN');
    expect(priceSale(facts, { lines, destination: dallas, choose: {} }).exemptionNumber).toBe('LOCATION');
  });
});

describe('priceSale: the card maximum', () => {
  it('a line alone over $999,999.99 names how many units fit; a sale over it with shipping and tax is refused', () => {
    const big = priceSale(factsOf({ a: product({ priceCents: 1_000_000 }) }), {
      lines: [{ productId: 'a', quantity: 100 }],
    });
    expect(big.lines[0]!.capProblem).toMatch(/order at most 99/);
    expect(big.capProblem).toMatch(/\$999,999\.99/);
    // Goods of exactly $990,000.00 are within the cap alone, but not with 8.25 % tax.
    const taxed = priceSale(factsOf({ a: product({ priceCents: 990_000 }) }), {
      lines: [{ productId: 'a', quantity: 100 }],
      destination: dallas,
      choose: { optionId: 'willcall:dock' },
    });
    expect(taxed.lines[0]!.capProblem).toBeNull();
    expect(taxed.capProblem).toMatch(/split it into smaller orders/);
  });
});
