// Both databases: cXML edit and inspect, and the UNSPSC codes a transfer carries (docs/decisions/063-punchout.md).
import { readdir, readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, products, punchoutOrders } from '../../db/schema';
import { orderRequest, readOrderMessage, readTransfer } from '../../test/buyer-system';
import { cartApi, makeCartProduct } from '../../test/cart';
import { ORIGIN } from '../../test/auth';
import { punchoutWorld } from '../../test/punchout';

type World = Awaited<ReturnType<typeof punchoutWorld>>;
let w: World;
beforeAll(async () => {
  w = await punchoutWorld();
}, 180_000); // several sign-ups, a company and a connection: slow on a busy machine
afterAll(async () => {
  await w.sim.close();
  await w.t.close();
});

const cartOf = async (browser: Parameters<typeof cartApi>[1]) =>
  (
    (await cartApi(w.t.app, browser).get()).json() as { lines: { productId: string; quantity: number }[] }
  ).lines
    .map((l) => [l.productId, l.quantity])
    .sort();

describe('cXML edit and inspect', () => {
  it('edit reopens the cart transferred under the same BuyerCookie, and transfers it again', async () => {
    const other = await makeCartProduct(w.t.app, { priceCents: 9_00, quantity: 50 });
    const first = await w.punchIn('req-77');
    expect(first.landing).toBe('/');
    await cartApi(w.t.app, first).empty();
    await cartApi(w.t.app, first).add(w.product.id, 3);
    const sent = readOrderMessage(await w.transfer(first));
    expect(sent.PunchOutOrderMessageHeader['@operationAllowed']).toBe('edit');
    const firstCart = sent.ItemIn[0]!.ItemID.SupplierPartAuxiliaryID;

    // Between the two visits the member's cart changes (their own shopping, another requisition).
    await cartApi(w.t.app, w.bob).empty();
    await cartApi(w.t.app, w.bob).add(other.id, 5);
    // Another requisition's transfer under another cookie is not the one reopened.
    const elsewhere = await w.punchIn('req-78');
    await cartApi(w.t.app, elsewhere).set(other.id, 6);
    await w.transfer(elsewhere);

    const edit = await w.punchIn('req-77', 'edit');
    expect(edit.landing).toBe('/cart');
    expect(await cartOf(edit)).toEqual([[w.product.id, 3]]);
    const session = await w.t.app.inject({ url: '/api/punchout/session', headers: edit.headers });
    expect(session.json()).toMatchObject({ punchout: true, readOnly: false });
    await cartApi(w.t.app, edit).set(w.product.id, 4);
    const again = readOrderMessage(await w.transfer(edit));
    expect(again.BuyerCookie).toBe('req-77');
    expect(again.ItemIn).toHaveLength(1);
    expect(again.ItemIn[0]).toMatchObject({
      '@quantity': '4',
      ItemID: { SupplierPartID: w.product.sku },
      ItemDetail: { UnitPrice: { Money: { '#text': '42.50' } } },
    });
    // The new visit names the cart now: a purchase order for the edited requisition refers to it.
    expect(again.ItemIn[0]!.ItemID.SupplierPartAuxiliaryID).not.toBe(firstCart);

    // A second edit reopens the latest transfer (4), not the first (3).
    const later = await w.punchIn('req-77', 'edit');
    expect(await cartOf(later)).toEqual([[w.product.id, 4]]);
  });

  it('inspect shows the transferred cart read-only: the session says so and the transfer is refused', async () => {
    const create = await w.punchIn('req-90');
    await cartApi(w.t.app, create).empty();
    await cartApi(w.t.app, create).add(w.product.id, 2);
    await w.transfer(create);
    await cartApi(w.t.app, w.bob).empty();

    const inspect = await w.punchIn('req-90', 'inspect');
    expect(inspect.landing).toBe('/cart');
    expect(await cartOf(inspect)).toEqual([[w.product.id, 2]]);
    const session = await w.t.app.inject({ url: '/api/punchout/session', headers: inspect.headers });
    expect(session.json()).toEqual({ punchout: true, systemName: 'Coupa', protocol: 'cxml', readOnly: true });
    const refused = await w.t.app.inject({
      url: '/punchout/transfer',
      headers: { ...inspect.headers, 'sec-fetch-site': 'same-origin' },
    });
    expect(refused.statusCode).toBe(409);
    // A navigation: the refusal is a page for the person, naming why.
    expect(refused.body).toContain('This cart was opened to be viewed only: it cannot be transferred back.');
  });

  it('edit with a BuyerCookie nothing was transferred under leaves the cart as it is', async () => {
    await cartApi(w.t.app, w.bob).empty();
    await cartApi(w.t.app, w.bob).add(w.product.id, 1);
    const edit = await w.punchIn('never-transferred', 'edit');
    expect(await cartOf(edit)).toEqual([[w.product.id, 1]]);
  });
});

describe('UNSPSC codes in the transfer', () => {
  it("sends the category's code (or its nearest coded parent's) as Classification and MATGROUP, none otherwise", async () => {
    const { t, call, admin } = w;
    const make = async (body: object) => {
      const res = await call(admin, 'POST', '/admin/categories', body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().category._id as string;
    };
    const tools = await make({ name: `Power tools ${Date.now()}`, unspsc: '27112700' });
    const drills = await make({ name: `Drills ${Date.now()}`, parentId: tools });
    const saws = await make({ name: `Saws ${Date.now()}`, parentId: tools, unspsc: '27112703' });
    const drill = await makeCartProduct(t.app, { priceCents: 80_00, quantity: 10 });
    const saw = await makeCartProduct(t.app, { priceCents: 120_00, quantity: 10 });
    await t.app.database.db.update(products).set({ categoryId: drills }).where(eq(products.id, drill.id));
    await t.app.database.db.update(products).set({ categoryId: saws }).where(eq(products.id, saw.id));

    const browser = await w.punchIn('unspsc-1');
    await cartApi(t.app, browser).empty();
    for (const p of [drill, saw, w.product]) await cartApi(t.app, browser).add(p.id, 1);
    const items = readOrderMessage(await w.transfer(browser)).ItemIn;
    const classOf = (sku: string) =>
      items.find((i) => i.ItemID.SupplierPartID === sku)!.ItemDetail.Classification;
    expect(classOf(drill.sku)).toEqual({ '@domain': 'UNSPSC', '#text': '27112700' });
    expect(classOf(saw.sku)).toEqual({ '@domain': 'UNSPSC', '#text': '27112703' });
    expect(classOf(w.product.sku)).toBeUndefined();

    const username = `sap-unspsc-${Date.now()}`;
    const oci = await call(admin, 'POST', `/companies/${w.acme}/procurement/connections`, {
      protocol: 'oci',
      systemName: 'SAP SRM',
      ociUsername: username,
      defaultMemberEmail: w.bob.email,
    });
    expect(oci.statusCode, oci.body).toBe(201);
    const hook = `${w.sim.url}/oci-hook`;
    const login = await t.app.inject({
      url: `/punchout/oci?USERNAME=${username}&PASSWORD=${encodeURIComponent(oci.json().secret)}&HOOK_URL=${encodeURIComponent(hook)}`,
    });
    const opened = await t.app.inject({ url: new URL(String(login.headers.location)).pathname });
    const sap = {
      email: w.bob.email,
      headers: { cookie: String(opened.headers['set-cookie']).split(';')[0]!, origin: ORIGIN },
    };
    const { fields } = readTransfer(await w.transfer(sap));
    const groupOf = (sku: string) => {
      const n = Object.entries(fields).find(([k, v]) => k.startsWith('NEW_ITEM-VENDORMAT') && v === sku)![0];
      return fields[n.replace('VENDORMAT', 'MATGROUP')];
    };
    expect(groupOf(drill.sku)).toBe('27112700');
    expect(groupOf(saw.sku)).toBe('27112703');
    expect(groupOf(w.product.sku)).toBe('');
  });
});

describe("orders from a buyer system's OrderRequest", () => {
  it("are recorded with the source 'punchout'; the migration gives it to those stored as 'quote' before", async () => {
    const orderId = `PO-SRC-${Date.now()}`;
    const res = await w.postCxml(
      orderRequest(w.coupa, { orderId, lines: [{ sku: w.product.sku, quantity: 1, unitPrice: '42.50' }] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const { db } = w.t.app.database;
    const [placed] = await db.select().from(punchoutOrders).where(eq(punchoutOrders.orderId, orderId));
    const sourceOf = async () =>
      (await db.select().from(checkouts).where(eq(checkouts.id, placed!.checkoutId)))[0]!.source;
    expect(await sourceOf()).toBe('punchout');

    // As it was stored before the migration; the migration's data statement, as the migrator runs it, fixes it.
    await db.update(checkouts).set({ source: 'quote' }).where(eq(checkouts.id, placed!.checkoutId));
    const others = async () =>
      db
        .select({ source: checkouts.source, n: sql<number>`count(*)::int` })
        .from(checkouts)
        .where(sql`${checkouts.id} <> ${placed!.checkoutId}`)
        .groupBy(checkouts.source)
        .orderBy(checkouts.source);
    const before = await others();
    const dir = new URL('../../db/migrations/', import.meta.url);
    const file = (await readdir(dir)).find((f) => f.endsWith('_procurement_gaps.sql'))!;
    const update = (await readFile(new URL(file, dir), 'utf8'))
      .split('--> statement-breakpoint')
      .filter((s) => /^\s*UPDATE/m.test(s.replace(/^--.*$/gm, '')));
    expect(update).toHaveLength(1);
    await db.execute(sql.raw(update[0]!));
    expect(await sourceOf()).toBe('punchout');
    expect(await others()).toEqual(before);
  });
});
