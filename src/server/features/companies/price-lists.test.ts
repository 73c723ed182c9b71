// Both databases: issue #24 asks for every trade-account rule (price-list validity, the price rule) on both.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceListMessages } from '@shared/companies/price-lists.schema';
import { categories, products } from '../../db/schema';
import { auditEntries } from '../../test/admin';
import { apiCaller, inviteAndJoin } from '../../test/companies';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct } from '../../test/cart';
import { createTestApp, type TestApp } from '../../test/helper';
import { placeOrder } from '../../test/shop';

// Contract prices (docs/decisions/039-trade-accounts.md, "Contract prices"), through the HTTP API as clients call it.
let t: TestApp;
let admin: Client;
let ann: Client; // founds Acme, company admin (not a shop admin)
let bob: Client; // joins Acme as a buyer
let cat: Client; // founds Other Co
let dan: Client; // never in a company
let acme: string;
let other: string;

const call = apiCaller(() => t.app);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function addList(companyId: string, body: Record<string, unknown>) {
  const res = await call(admin, 'POST', `/companies/${companyId}/price-lists`, {
    name: `List ${Math.random().toString(36).slice(2)}`,
    validFrom: day(-1),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string };
}

/** The unit price the member's cart charges for this quantity, in dollars (the cart is emptied again). */
async function cartUnitPrice(client: Client, productId: string, quantity = 1) {
  const cart = cartApi(t.app, client);
  await cart.empty();
  const res = await cart.add(productId, quantity);
  expect(res.statusCode, res.body).toBe(200);
  const line = res.json().lines.find((l: { productId: string }) => l.productId === productId);
  await cart.empty();
  return line.unitPrice as number;
}

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'false' });
  [ann, bob, cat, dan] = [
    await signUp(t.app, { name: 'Ann Founder', verified: true }),
    await signUp(t.app, { name: 'Bob Buyer', verified: true }),
    await signUp(t.app, { name: 'Cat Other', verified: true }),
    await signUp(t.app, { name: 'Dan Solo', verified: true }),
  ];
  admin = await signUpAdmin(t.app);
  acme = (await call(ann, 'POST', '/companies', { name: 'Acme Tools', taxId: '12-3456789' })).json()._id;
  other = (await call(cat, 'POST', '/companies', { name: 'Other Co', taxId: '98-7654321' })).json()._id;
  await inviteAndJoin(t, acme, ann, bob, ['buyer']);
});
afterAll(() => t.close());

describe('managing price lists (shop admins)', () => {
  it('creates, pages, edits and deletes a list with its rules, audited', async () => {
    const p = await makeCartProduct(t.app, { priceCents: 5_000 });
    const created = await call(admin, 'POST', `/companies/${acme}/price-lists`, {
      name: 'Acme 2026',
      validFrom: day(-1),
      validTo: null,
      rules: [
        { kind: 'sku', sku: p.sku.toLowerCase(), price: 42.5 },
        { kind: 'brand', brand: 'Makita', percentOff: 12.5 },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json();
    expect(list).toMatchObject({
      name: 'Acme 2026',
      validTo: null,
      current: true,
      rules: [
        { kind: 'sku', productId: p.id, sku: p.sku, listPrice: 50, price: 42.5 },
        { kind: 'brand', brand: 'Makita', percentOff: 12.5 },
      ],
    });
    const page = await call(admin, 'GET', `/companies/${acme}/price-lists?limit=1`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(1);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(1);

    const edited = await call(admin, 'PUT', `/companies/${acme}/price-lists/${list._id}`, {
      name: 'Acme 2026 (revised)',
      validFrom: day(1),
      validTo: day(30),
      rules: [],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Acme 2026 (revised)', current: false, rules: [] });
    const dup = await call(admin, 'POST', `/companies/${acme}/price-lists`, {
      name: 'ACME 2026 (REVISED)',
      validFrom: day(0),
      rules: [],
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(`name: ${priceListMessages.nameTaken}`);

    expect((await call(admin, 'DELETE', `/companies/${acme}/price-lists/${list._id}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/companies/${acme}/price-lists/${list._id}`)).statusCode).toBe(404);
    const kinds = (await auditEntries(t.app, admin)).filter((e) => e.entityId === acme).map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining(['price_list.created', 'price_list.edited', 'price_list.deleted']),
    );
  });

  it('answers 400 naming the field, 404 for unknown ids', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await call(admin, 'POST', `/companies/${acme}/price-lists`, {
        name: 'Bad',
        validFrom: day(0),
        rules: [],
        ...body,
      });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message as string;
    };
    expect(await bad({ validFrom: '2026-13-01' })).toMatch(/^validFrom/);
    expect(await bad({ validTo: day(-1) })).toBe(`validTo: ${priceListMessages.endsBeforeStart}`);
    expect(await bad({ rules: [{ kind: 'sku', sku: 'NO-SUCH-SKU', price: 1 }] })).toMatch(/^Rule 1, SKU: /);
    expect(await bad({ rules: [{ kind: 'brand', brand: 'X', percentOff: 100 }] })).toMatch(
      /^Rule 1, percent off: /,
    );
    expect(await bad({ rules: [{ kind: 'category', category: 'no-such-category', percentOff: 5 }] })).toMatch(
      /^Rule 1, category: /,
    );
    expect(await bad({ rules: [{ kind: 'sku', sku: 'A', price: 1.234 }] })).toMatch(/^Rule 1, price: /);
    const unknown = crypto.randomUUID();
    expect((await call(admin, 'GET', `/companies/${unknown}/price-lists`)).statusCode).toBe(404);
    expect(
      (
        await call(admin, 'POST', `/companies/${unknown}/price-lists`, {
          name: 'x',
          validFrom: day(0),
          rules: [],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(admin, 'PUT', `/companies/${acme}/price-lists/${unknown}`, {
          name: 'x',
          validFrom: day(0),
          rules: [],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('is 403 for customers, company admins and members of any company included', async () => {
    const list = await addList(acme, { rules: [] });
    for (const who of [ann, bob, cat, dan]) {
      expect((await call(who, 'GET', `/companies/${acme}/price-lists`)).statusCode).toBe(403);
      expect(
        (
          await call(who, 'POST', `/companies/${acme}/price-lists`, {
            name: 'Mine',
            validFrom: day(0),
            rules: [],
          })
        ).statusCode,
      ).toBe(403);
      expect((await call(who, 'DELETE', `/companies/${acme}/price-lists/${list._id}`)).statusCode).toBe(403);
    }
    // Another company's list is not reachable under this company's path.
    const theirs = await addList(other, { rules: [] });
    expect((await call(admin, 'DELETE', `/companies/${acme}/price-lists/${theirs._id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('what a member pays', () => {
  it('applies a list from its first day through its last day, not the day before or after', async () => {
    const p = await makeCartProduct(t.app, { priceCents: 10_000 });
    const rule = [{ kind: 'sku', sku: p.sku, price: 90 }];
    const soon = await addList(acme, { validFrom: day(1), validTo: day(5), rules: rule });
    const ended = await addList(acme, { validFrom: day(-5), validTo: day(-1), rules: rule });
    expect(await cartUnitPrice(bob, p.id)).toBe(100);
    await call(admin, 'DELETE', `/companies/${acme}/price-lists/${soon._id}`);
    await call(admin, 'DELETE', `/companies/${acme}/price-lists/${ended._id}`);
    const today = await addList(acme, { validFrom: day(0), validTo: day(0), rules: rule });
    expect(await cartUnitPrice(bob, p.id)).toBe(90);
    await call(admin, 'DELETE', `/companies/${acme}/price-lists/${today._id}`);
    expect(await cartUnitPrice(bob, p.id)).toBe(100);
  });

  it('takes a percentage off a category and its descendants, and off a brand; the lowest rule wins', async () => {
    const [tools] = await t.app.database.db
      .insert(categories)
      .values({ slug: `pl-tools-${Date.now()}`, name: 'PL Tools' })
      .returning();
    const [drills] = await t.app.database.db
      .insert(categories)
      .values({ slug: `pl-drills-${Date.now()}`, name: 'PL Drills', parentId: tools!.id })
      .returning();
    const drill = await makeCartProduct(t.app, { priceCents: 2_000 });
    const saw = await makeCartProduct(t.app, { priceCents: 3_333 });
    const other = await makeCartProduct(t.app, { priceCents: 1_000 });
    await t.app.database.db
      .update(products)
      .set({ categoryId: drills!.id, brand: 'Bosch' })
      .where(eq(products.id, drill.id));
    await t.app.database.db.update(products).set({ brand: 'Makita' }).where(eq(products.id, saw.id));
    await addList(acme, {
      rules: [
        { kind: 'category', category: tools!.slug, percentOff: 10 },
        { kind: 'brand', brand: 'makita', percentOff: 15 },
      ],
    });
    await addList(acme, { rules: [{ kind: 'brand', brand: 'BOSCH', percentOff: 25 }] });
    expect(await cartUnitPrice(bob, drill.id)).toBe(15); // Bosch 25 % beats the category's 10 %
    expect(await cartUnitPrice(bob, saw.id)).toBe(28.33); // 33.33 less 15 %, rounded to the cent
    expect(await cartUnitPrice(bob, other.id)).toBe(10);
    expect(await cartUnitPrice(dan, drill.id)).toBe(20);
    expect(await cartUnitPrice(cat, drill.id)).toBe(20); // another company's member: the list price
  });

  it('pays min(break price, contract price): the lower of the two at each quantity', async () => {
    const p = await makeCartProduct(t.app, {
      priceCents: 10_000,
      quantity: 100,
      breaks: [{ minQuantity: 10, unitPriceCents: 8_000 }],
    });
    const list = await addList(acme, { rules: [{ kind: 'sku', sku: p.sku, price: 85 }] });
    expect(await cartUnitPrice(bob, p.id, 1)).toBe(85);
    expect(await cartUnitPrice(bob, p.id, 10)).toBe(80);
    await call(admin, 'PUT', `/companies/${acme}/price-lists/${(list as { _id: string })._id}`, {
      name: 'Cheaper',
      validFrom: day(0),
      rules: [{ kind: 'sku', sku: p.sku, price: 70 }],
    });
    expect(await cartUnitPrice(bob, p.id, 10)).toBe(70);
    expect(await cartUnitPrice(dan, p.id, 10)).toBe(80);
  });

  it('charges the same to the cent in the cart, the checkout, the payment and Order Now', async () => {
    const p = await makeCartProduct(t.app, { priceCents: 1_999, quantity: 50 });
    await addList(acme, { rules: [{ kind: 'sku', sku: p.sku, price: 12.34 }] });
    const cart = cartApi(t.app, bob);
    await cart.empty();
    const added = await cart.add(p.id, 3);
    expect(added.json().total).toBe(37.02);
    const co = await checkoutApi(t.app, bob).create();
    expect(co.statusCode, co.body).toBe(201);
    expect(co.json().subtotal).toBe(37.02);
    const intent = await call(bob, 'POST', '/make-payment', { checkoutId: co.json()._id });
    expect(intent.json().amount).toBe(co.json().total);

    const order = await placeOrder(t.app, bob, { productId: p.id, quantity: 2 });
    expect(order.statusCode, order.body).toBe(200);
    const placed = (await call(bob, 'GET', `/singleorderitem/${order.json().insertedId}`)).json();
    expect(placed).toMatchObject({ price: 12.34, quantity: 2 });
    const pay = await call(bob, 'POST', '/make-payment', { orderId: order.json().insertedId });
    expect(pay.json().amount).toBe(placed.total);

    const quote = await call(bob, 'POST', '/quotes', { lines: [{ productId: p.id, quantity: 4 }] });
    expect(quote.statusCode, quote.body).toBe(201);
    expect(quote.json().lines[0].listPrice).toBe(12.34);
  });

  it('a member who leaves pays the list price at once', async () => {
    const p = await makeCartProduct(t.app, { priceCents: 5_000 });
    const eve = await signUp(t.app, { name: 'Eve Leaver', verified: true });
    await call(ann, 'POST', `/companies/${acme}/invitations`, { email: eve.email, roles: ['buyer'] });
    const token = new URL(t.mail.linksTo(eve.email).at(-1)!).searchParams.get('token')!;
    expect((await call(eve, 'POST', `/company-invitations/${token}/accept`)).statusCode).toBe(200);
    await addList(acme, { rules: [{ kind: 'sku', sku: p.sku, price: 40 }] });
    expect(await cartUnitPrice(eve, p.id)).toBe(40);
    const members = (await call(eve, 'GET', `/companies/${acme}/members?limit=100`)).json() as {
      userId: string;
      email: string;
    }[];
    const me = members.find((m) => m.email === eve.email)!;
    expect((await call(eve, 'DELETE', `/companies/${acme}/members/${me.userId}`)).statusCode).toBe(200);
    expect(await cartUnitPrice(eve, p.id)).toBe(50);
    const order = await placeOrder(t.app, eve, { productId: p.id, quantity: 1 });
    expect((await call(eve, 'GET', `/singleorderitem/${order.json().insertedId}`)).json().price).toBe(50);
  });
});

describe('reads: the product call, the product page and search cards', () => {
  it("adds the member's contractPrice per request; the shared cache never serves it to anyone else", async () => {
    const p = await makeCartProduct(t.app, {
      priceCents: 6_000,
      sku: `PLREAD-${Date.now().toString(36)}`.toUpperCase(),
    });
    await addList(acme, { rules: [{ kind: 'sku', sku: p.sku, price: 45.5 }] });
    const search = (who: Client | null) => call(who, 'GET', `/catalogue/search?q=${p.sku}`);
    const card = (res: Awaited<ReturnType<typeof search>>) =>
      res.json().items.find((i: { _id: string }) => i._id === p.id);

    // The member reads first, so the shared cached body is built on their request.
    const mine = await search(bob);
    expect(mine.statusCode).toBe(200);
    expect(card(mine)).toMatchObject({ price: 60, contractPrice: 45.5 });
    expect(mine.headers['cache-control']).toMatch(/no-store/);
    for (const who of [null, dan, cat]) {
      const res = await search(who);
      expect(card(res).price).toBe(60);
      expect(card(res).contractPrice ?? null).toBeNull();
    }

    const detail = await call(bob, 'GET', `/catalogue/products/${p.id}`);
    expect(detail.json().product).toMatchObject({ price: 60, contractPrice: 45.5 });
    expect(
      (await call(null, 'GET', `/catalogue/products/${p.id}`)).json().product.contractPrice,
    ).toBeUndefined();
    expect(
      (await call(cat, 'GET', `/catalogue/products/${p.id}`)).json().product.contractPrice,
    ).toBeUndefined();

    const product = await call(bob, 'GET', `/product/${p.id}`);
    expect(product.json()).toMatchObject({ price: 60, contractPrice: 45.5 });
    expect((await call(dan, 'GET', `/product/${p.id}`)).json().contractPrice).toBeUndefined();
  });

  it("the navbar's suggestions and the home page's tiles too, the shared cache kept for everyone else", async () => {
    const p = await makeCartProduct(t.app, {
      priceCents: 8_000,
      sku: `PLHOME-${Date.now().toString(36)}`.toUpperCase(),
    });
    await addList(acme, { rules: [{ kind: 'sku', sku: p.sku, price: 70.25 }] });
    const reads = {
      suggest: async (who: Client | null) => {
        const res = await call(who, 'GET', `/catalogue/suggest?q=${p.sku}`);
        return { res, item: res.json().products.find((i: { _id: string }) => i._id === p.id) };
      },
      home: async (who: Client | null) => {
        const res = await call(who, 'GET', '/homeproduct');
        return { res, item: res.json().find((i: { _id: string }) => i._id === p.id) };
      },
    };
    for (const [name, read] of Object.entries(reads)) {
      // The member reads first, so the shared cached body is built on their request.
      const mine = await read(bob);
      expect(mine.res.statusCode, name).toBe(200);
      expect(mine.item, name).toMatchObject({ price: 80, contractPrice: 70.25 });
      expect(mine.res.headers['cache-control'], name).toMatch(/no-store/);
      for (const who of [null, dan, cat]) {
        const { res, item } = await read(who);
        expect(res.statusCode, name).toBe(200);
        expect(item.price, name).toBe(80);
        expect(item.contractPrice, name).toBeUndefined();
      }
    }
  });
});
