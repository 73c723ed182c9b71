// Both databases: punchout end to end against a buyer-system simulator (docs/decisions/063-punchout.md).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInvoices, checkouts, orders, procurementDocuments, punchoutOrders } from '../../db/schema';
import { downloadPdf, pdfText } from '../../test/invoices';
import { shipmentsApi, ups } from '../../test/shipments';
import { procurementDepsOf, sweepDocuments } from './index';
import { ORIGIN } from '../../test/auth';
import {
  cxmlReader as xml,
  orderRequest,
  readOrderMessage,
  readTransfer,
  setupRequest,
} from '../../test/buyer-system';
import { cartApi } from '../../test/cart';
import { punchoutWorld } from '../../test/punchout';

type World = Awaited<ReturnType<typeof punchoutWorld>>;
let t: World['t'], sim: World['sim'], admin: World['admin'], bob: World['bob'], acme: string;
let coupa: World['coupa'], product: World['product'], call: World['call'], postCxml: World['postCxml'];
let punchIn: World['punchIn'], transfer: World['transfer'];
beforeAll(async () => {
  ({ t, sim, admin, bob, acme, coupa, product, call, postCxml, punchIn, transfer } = await punchoutWorld());
}, 180_000); // several sign-ups, a company and a connection: slow on a busy machine
afterAll(async () => {
  await sim.close();
  await t.close();
});

const statusOf = (body: string) =>
  xml.parse(body).cXML.Response.Status as { '@code': string; '#text'?: string };

describe('cXML punchout', () => {
  it('sets up, signs the member in once, shows the banner state and transfers the cart at contract prices', async () => {
    const browser = await punchIn('cookie-1');
    const session = await t.app.inject({ url: '/api/punchout/session', headers: browser.headers });
    expect(session.json()).toEqual({
      punchout: true,
      systemName: 'Coupa',
      protocol: 'cxml',
      readOnly: false,
    });
    // Bob's own sign-in is no punchout session.
    expect((await t.app.inject({ url: '/api/punchout/session', headers: bob.headers })).json().punchout).toBe(
      false,
    );
    expect((await cartApi(t.app, browser).add(product.id, 3)).statusCode).toBe(200);
    const crossSite = await t.app.inject({
      url: '/punchout/transfer',
      headers: { ...browser.headers, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const page = await transfer(browser);
    expect(readTransfer(page).action).toBe(`${sim.url}/return`);
    const message = readOrderMessage(page);
    expect(message.BuyerCookie).toBe('cookie-1');
    expect(message.PunchOutOrderMessageHeader.Total.Money['#text']).toBe('127.50');
    const item = message.ItemIn[0]!;
    expect(item['@quantity']).toBe('3');
    expect(item.ItemID.SupplierPartID).toBe(product.sku);
    expect(item.ItemID.SupplierPartAuxiliaryID).toMatch(/^[0-9a-f-]{36}$/);
    expect(item.ItemDetail.UnitPrice.Money['#text']).toBe('42.50');
    expect(item.ItemDetail.UnitOfMeasure).toBe('EA');
    expect(item.ItemDetail.ManufacturerPartID).toBe(product.sku);
    // The product is in no category with a UNSPSC code: no Classification is invented.
    expect(item.ItemDetail.Classification).toBeUndefined();
  });

  it('places one order on terms from the OrderRequest, at the transferred price, and confirms it', async () => {
    const browser = await punchIn('cookie-2');
    await cartApi(t.app, browser).empty();
    await cartApi(t.app, browser).add(product.id, 2);
    const cartId = readOrderMessage(await transfer(browser)).ItemIn[0]!.ItemID.SupplierPartAuxiliaryID;
    const orderId = `PO-${Date.now()}`;
    const po = orderRequest(coupa, {
      orderId,
      lines: [{ sku: product.sku, quantity: 2, cartId, unitPrice: '42.50' }],
    });
    const res = await postCxml(po);
    expect(res.statusCode, res.body).toBe(200);
    expect(statusOf(res.body)['@code']).toBe('200');
    const [placed] = await t.app.database.db
      .select()
      .from(punchoutOrders)
      .where(eq(punchoutOrders.orderId, orderId));
    const [co] = await t.app.database.db.select().from(checkouts).where(eq(checkouts.id, placed!.checkoutId));
    expect(co!.poNumber).toBe(orderId);
    expect(co!.source).toBe('punchout');
    const [invoice] = await t.app.database.db
      .select()
      .from(accountInvoices)
      .where(eq(accountInvoices.checkoutId, co!.id));
    expect(invoice!.totalCents).toBe(85_00);
    // The same document again, and the same orderID in a new document: still one order.
    expect(statusOf((await postCxml(po)).body)['@code']).toBe('200');
    const again = orderRequest(coupa, {
      orderId,
      lines: [{ sku: product.sku, quantity: 2, unitPrice: '42.50' }],
    });
    expect(statusOf((await postCxml(again)).body)['#text']).toContain('Already received');
    const rows = await t.app.database.db
      .select()
      .from(punchoutOrders)
      .where(eq(punchoutOrders.orderId, orderId));
    expect(rows).toHaveLength(1);
    const confirmations = await sim.waitFor('ConfirmationRequest');
    const confirmation = confirmations.find((d) => d.includes(orderId))!;
    expect(confirmation).toContain(`<SharedSecret>${coupa.secret}</SharedSecret>`);
    expect(
      xml.parse(confirmation).cXML.Request.ConfirmationRequest.ConfirmationHeader.Total.Money['#text'],
    ).toBe('85.00');

    // A shipment and the invoice go out as a ship notice and an invoice document, once each however often swept.
    const lines = await t.app.database.db.select().from(orders).where(eq(orders.checkoutId, co!.id));
    const shipped = await shipmentsApi(t.app, admin).create(ups(lines.map((l) => ({ orderId: l.id }))));
    expect(shipped.statusCode, shipped.body).toBe(201);
    await sweepDocuments(procurementDepsOf(t.app.server));
    await sweepDocuments(procurementDepsOf(t.app.server));
    const notice = (await sim.waitFor('ShipNoticeRequest')).find((d) => d.includes(orderId))!;
    const sn = xml.parse(notice).cXML.Request.ShipNoticeRequest;
    expect(sn.ShipControl.CarrierIdentifier['#text']).toBe('UPS');
    expect(sn.ShipControl.ShipmentIdentifier).toBe('1Z999AA10123456784');
    expect(sn.ShipNoticePortion.ShipNoticeItem).toMatchObject({
      '@quantity': '2',
      ItemID: { SupplierPartID: product.sku },
    });
    const sent = (await sim.waitFor('InvoiceDetailRequest')).filter((d) => d.includes(orderId));
    expect(sent).toHaveLength(1);
    const detail = xml.parse(sent[0]!).cXML.Request.InvoiceDetailRequest;
    const pdf = await pdfText((await downloadPdf(t.app, admin, invoice!.invoiceId)).rawPayload);
    expect(pdf).toContain(detail.InvoiceDetailRequestHeader['@invoiceID']);
    const summary = detail.InvoiceDetailSummary;
    expect(summary.NetAmount.Money['#text']).toBe('85.00');
    expect(summary.Tax.Money['#text']).toBe('0.00');
    expect(summary.ShippingAmount.Money['#text']).toBe('0.00');
    expect(pdf).toContain('$85.00');
    expect(pdf).toContain('$42.50');
    expect(detail.InvoiceDetailOrder.InvoiceDetailItem.UnitPrice.Money['#text']).toBe('42.50');
  });

  it('refuses a wrong secret or an unknown sender with 401, creating nothing', async () => {
    const before = await t.app.database.db.select().from(procurementDocuments);
    const wrong = await postCxml(
      orderRequest(coupa, {
        orderId: 'PO-WRONG',
        secret: 'nope',
        lines: [{ sku: product.sku, quantity: 1, unitPrice: '1.00' }],
      }),
    );
    expect(wrong.statusCode).toBe(401);
    expect(statusOf(wrong.body)['@code']).toBe('401');
    const stranger = await postCxml(
      setupRequest({ ...coupa, identity: 'AN-UNKNOWN' }, { returnUrl: sim.url, buyerCookie: 'x' }),
    );
    expect(stranger.statusCode).toBe(401);
    expect(await t.app.database.db.select().from(procurementDocuments)).toHaveLength(before.length);
    expect(
      await t.app.database.db.select().from(punchoutOrders).where(eq(punchoutOrders.orderId, 'PO-WRONG')),
    ).toHaveLength(0);
  });

  it('answers hostile or broken XML with a cXML error, never a 500, and creates nothing', async () => {
    const before = (await t.app.database.db.select().from(procurementDocuments)).length;
    const xxe = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><cXML><Header>&xxe;</Header></cXML>`;
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]><cXML>&lol2;</cXML>`;
    const subset = `<?xml version="1.0"?><!DOCTYPE cXML SYSTEM "x.dtd" [<!ELEMENT cXML ANY>]><cXML/>`;
    for (const body of [xxe, laughs, subset, '<cXML><Header>', 'not xml at all', '<other/>']) {
      const res = await postCxml(body);
      expect(res.statusCode, body).toBe(400);
      expect(statusOf(res.body)['@code']).toBe('400');
    }
    const huge = `<cXML>${'<a>x</a>'.repeat(200_000)}</cXML>`;
    const tooBig = await postCxml(huge);
    expect(tooBig.statusCode).toBe(413);
    expect(statusOf(tooBig.body)['@code']).toBe('413');
    expect((await t.app.database.db.select().from(procurementDocuments)).length).toBe(before);
  });

  it('keeps every document in a paged log the admin reads, and resends an outbound one', async () => {
    const page = await call(admin, 'GET', `/companies/${acme}/procurement/documents?limit=2`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(4);
    const next = await call(
      admin,
      'GET',
      `/companies/${acme}/procurement/documents?limit=2&cursor=${String(page.headers['x-next-cursor'])}`,
    );
    expect(next.json()[0]._id).not.toBe(page.json()[0]._id);
    const all = (await call(admin, 'GET', `/companies/${acme}/procurement/documents?limit=100`)).json() as {
      _id: string;
      direction: string;
      docType: string;
      status: string;
      body: string;
    }[];
    expect(all.some((d) => d.docType === 'OrderRequest' && d.status === 'accepted')).toBe(true);
    const out = all.find((d) => d.docType === 'ConfirmationRequest')!;
    expect(out.body).not.toContain(coupa.secret);
    const sent = (await sim.waitFor('ConfirmationRequest')).length;
    expect(
      (await call(admin, 'POST', `/companies/${acme}/procurement/documents/${out._id}/resend`)).statusCode,
    ).toBe(202);
    expect((await sim.waitFor('ConfirmationRequest', sent + 1)).length).toBe(sent + 1);
    const inbound = all.find((d) => d.direction === 'in')!;
    expect(
      (await call(admin, 'POST', `/companies/${acme}/procurement/documents/${inbound._id}/resend`))
        .statusCode,
    ).toBe(409);
    expect((await call(bob, 'GET', `/companies/${acme}/procurement/documents`)).statusCode).toBe(403);
  });
});

describe('OCI punchout', () => {
  it('logs in by URL and posts the cart to the hook as NEW_ITEM fields', async () => {
    const username = `sap-${Date.now()}`;
    const created = await call(admin, 'POST', `/companies/${acme}/procurement/connections`, {
      protocol: 'oci',
      systemName: 'SAP SRM',
      ociUsername: username,
      defaultMemberEmail: bob.email,
    });
    expect(created.statusCode, created.body).toBe(201);
    const password = created.json().secret as string;
    const hook = `${sim.url}/oci-hook`;
    const q = (pw: string) =>
      `/punchout/oci?USERNAME=${username}&PASSWORD=${encodeURIComponent(pw)}&HOOK_URL=${encodeURIComponent(hook)}`;
    expect((await t.app.inject({ url: q('wrong') })).statusCode).toBe(401);
    const login = await t.app.inject({ url: q(password) });
    expect(login.statusCode).toBe(303);
    const opened = await t.app.inject({ url: new URL(String(login.headers.location)).pathname });
    expect(opened.statusCode).toBe(303);
    const browser = {
      email: bob.email,
      headers: { cookie: String(opened.headers['set-cookie']).split(';')[0]!, origin: ORIGIN },
    };
    expect(
      (await t.app.inject({ url: '/api/punchout/session', headers: browser.headers })).json().systemName,
    ).toBe('SAP SRM');
    await cartApi(t.app, browser).empty();
    await cartApi(t.app, browser).add(product.id, 4);
    const page = await transfer(browser);
    const { action, fields } = readTransfer(page);
    expect(action).toBe(hook);
    const value = (name: string) => fields[name];
    expect(value('NEW_ITEM-QUANTITY[1]')).toBe('4');
    expect(value('NEW_ITEM-PRICE[1]')).toBe('42.50');
    expect(value('NEW_ITEM-CURRENCY[1]')).toBe('USD');
    expect(value('NEW_ITEM-UNIT[1]')).toBe('EA');
    expect(value('NEW_ITEM-VENDORMAT[1]')).toBe(product.sku);
    expect(value('NEW_ITEM-EXT_PRODUCT_ID[1]')).toBe(product.id);
    expect(value('NEW_ITEM-LEADTIME[1]')).toBe('1');
    expect(value('NEW_ITEM-MATGROUP[1]')).toBe('');
  });
});
