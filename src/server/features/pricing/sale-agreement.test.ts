// Both databases: random carts priced by every door agree to the cent with `priceSale` (issue 38's property test,
// for the doors this branch moved: the cart, the rates preview, and the checkout, payment and invoice after them).
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '@shared/cart/cart.schema';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { dollarsToCents } from '@shared/common/money';
import type { Invoice } from '@shared/invoices/invoices.schema';
import type { Rates } from '@shared/orders/delivery.schema';
import { user } from '../../db/schema';
import type { Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { approvedExemption, configureFulfilment, shipAs } from '../../test/fulfilment';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import { priceSaleIn, tableProviders } from './index';

let t: TestApp;
let buyers: { client: Client; id: string }[];
let pool: { id: string }[];
const places = [
  { street: '1500 Main St', city: 'Dallas', state: 'TX', zip: '75201' },
  { street: '100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
  { street: '200 Santa Clara St', city: 'San Jose', state: 'CA', zip: '95113' },
];

beforeAll(async () => {
  const [app, , plain, exempt] = await appWithPeople('Pia Plain', 'Ezra Exempt');
  t = app;
  const idOf = async (c: Client) =>
    (await t.app.database.db.select({ id: user.id }).from(user).where(eq(user.email, c.email)))[0]!.id;
  buyers = [
    { client: plain, id: await idOf(plain) },
    { client: exempt, id: await idOf(exempt) },
  ];
  await approvedExemption(t.app, buyers[1]!.id, { number: 'EZ-TX', states: ['TX'], expiresOn: '2099-12-31' });
  await configureFulfilment(t.app);
  const drill = await makeCartProduct(t.app, {
    priceCents: 12_999,
    quantity: 100_000,
    breaks: [
      { minQuantity: 10, unitPriceCents: 11_999 },
      { minQuantity: 50, unitPriceCents: 10_499 },
    ],
  });
  await shipAs(t.app, drill.id, { shippingWeightGrams: 1_850 });
  const bolts = await makeCartProduct(t.app, { priceCents: 333, quantity: 100_000 });
  await shipAs(t.app, bolts.id, { shippingWeightGrams: 45 });
  const press = await makeCartProduct(t.app, { priceCents: 249_900, quantity: 100_000 });
  await shipAs(t.app, press.id, { shippingWeightGrams: 120_000, shipsAs: 'freight', freightClass: '85' });
  pool = [drill, bolts, press];
});
afterAll(() => t.close());

const saleArb = fc.record({
  buyer: fc.integer({ min: 0, max: 1 }),
  quantities: fc.tuple(fc.nat(60), fc.nat(40), fc.constantFrom(0, 0, 1, 2)),
  place: fc.integer({ min: 0, max: places.length - 1 }),
  pick: fc.nat(),
  liftgate: fc.boolean(),
});

describe('a random cart, priced by every door', () => {
  it('the cart, the rates preview, priceSale, the checkout, the payment and the invoice agree to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(saleArb, async (s) => {
        if (s.quantities.every((q) => q === 0)) return;
        const { client, id } = buyers[s.buyer]!;
        const cart = cartApi(t.app, client);
        const lines = pool
          .map((p, i) => ({ productId: p.id, quantity: s.quantities[i]! }))
          .filter((l) => l.quantity > 0);
        for (const l of lines) expect((await cart.add(l.productId, l.quantity)).statusCode).toBe(200);
        const shown = (await cart.get()).json() as Cart;
        const place = places[s.place]!;
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/shipping-rates/${client.email}`,
          headers: client.headers,
          payload: { zip: place.zip, state: place.state, liftgate: s.liftgate },
        });
        expect(res.statusCode, res.body).toBe(200);
        const rates = res.json() as Rates;
        expect(rates.subtotal).toBe(shown.total);
        const option = rates.options[s.pick % rates.options.length]!;

        const destination = { state: place.state, zip: place.zip, from: 'address' as const };
        const { sale } = await priceSaleIn(
          t.app.database.db,
          id,
          {
            lines,
            destination,
            liftgate: s.liftgate,
            choose: { optionId: option.optionId },
          },
          tableProviders,
        );
        expect(sale.goodsCents).toBe(dollarsToCents(shown.total));
        expect(sale.savings).toEqual({
          quantityCents: shown.quantitySavingCents,
          contractCents: shown.contractSavingCents,
        });
        expect([sale.shippingCents, sale.taxCents, sale.totalCents]).toEqual(
          [option.shipping, option.tax, option.total].map(dollarsToCents),
        );

        const api = checkoutApi(t.app, client);
        const created = await api.create({
          address: `${place.street}, ${place.city}, ${place.state} ${place.zip}`,
          shipTo: place,
          shippingOption: option.optionId,
          liftgate: s.liftgate,
        });
        expect(created.statusCode, created.body).toBe(201);
        const co = created.json() as Checkout;
        expect(co).toMatchObject({
          subtotalCents: sale.goodsCents,
          shippingCents: sale.shippingCents,
          taxCents: sale.taxCents,
          totalCents: sale.totalCents,
        });
        const byProduct = new Map(sale.lines.map((l) => [l.productId, l]));
        for (const line of co.lines)
          expect(line).toMatchObject({
            subtotalCents: byProduct.get(line.productId)!.goodsCents,
            shippingCents: byProduct.get(line.productId)!.shippingCents,
            taxCents: byProduct.get(line.productId)!.taxCents,
          });
        const { intent, put } = await api.pay(co._id);
        expect(intent.json()).toMatchObject({ amountCents: sale.totalCents });
        expect((await put()).statusCode).toBe(200);
        const [invoice] = (await api.invoices(co._id)).json() as Invoice[];
        expect(dollarsToCents(invoice!.total)).toBe(sale.totalCents);
      }),
      { numRuns: 8 },
    );
  }, 240_000);
});
