import { expect } from 'vitest';
import { ORIGIN, signUp, signUpAdmin, uniqueEmail, type Client } from './auth';
import {
  cxmlReader,
  setupRequest,
  startBuyerSystem,
  type BuyerIdentity,
  type BuyerSystem,
} from './buyer-system';
import { makeCartProduct } from './cart';
import { apiCaller, inviteAndJoin } from './companies';
import { createTestApp, type TestApp } from './helper';

/**
 * A shop with a company (Acme, on terms, a contract price of $42.50 on one $50 product), its buyer Bob as a cXML
 * connection's default member, and a buyer-system simulator: what each punchout test file starts from.
 */
export async function punchoutWorld() {
  const t: TestApp = await createTestApp(
    { SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'false', JOBS_POLL_MS: '500' },
    { outboundAllowPrivate: true },
  );
  const call = apiCaller(() => t.app);
  const sim: BuyerSystem = await startBuyerSystem();
  const ann = await signUp(t.app, { name: 'Ann Founder', verified: true });
  const bob = await signUp(t.app, { name: 'Bob Buyer', verified: true, email: uniqueEmail('bob') });
  const admin = await signUpAdmin(t.app);
  const acme = (await call(ann, 'POST', '/companies', { name: 'Acme Punchout', taxId: '12-3456789' })).json()
    ._id as string;
  await inviteAndJoin(t, acme, ann, bob, ['buyer']);
  const terms = await call(admin, 'PUT', `/companies/${acme}/terms`, {
    netDays: 30,
    creditLimitCents: 100_000_00,
  });
  expect(terms.statusCode, terms.body).toBe(200);
  const product = await makeCartProduct(t.app, { priceCents: 50_00, quantity: 100 });
  const list = await call(admin, 'POST', `/companies/${acme}/price-lists`, {
    name: 'Acme contract',
    validFrom: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    validTo: null,
    rules: [{ kind: 'sku', sku: product.sku, price: 42.5 }],
  });
  expect(list.statusCode, list.body).toBe(201);
  const identity = `AN${Date.now()}`;
  const created = await call(admin, 'POST', `/companies/${acme}/procurement/connections`, {
    protocol: 'cxml',
    systemName: 'Coupa',
    fromDomain: 'NetworkID',
    fromIdentity: identity,
    documentUrl: `${sim.url}/documents`,
    defaultMemberEmail: bob.email,
  });
  expect(created.statusCode, created.body).toBe(201);
  const coupa: BuyerIdentity = { domain: 'NetworkID', identity, secret: created.json().secret };

  const postCxml = (body: string, type = 'text/xml') =>
    t.app.inject({ method: 'POST', url: '/punchout/cxml', headers: { 'content-type': type }, payload: body });

  /** Setup → start link (spent once) → a browser session of the punchout; also where the start page sent it. */
  async function punchIn(buyerCookie: string, operation = 'create'): Promise<Client & { landing: string }> {
    const setup = await postCxml(
      setupRequest(coupa, { returnUrl: `${sim.url}/return`, buyerCookie, operation }),
    );
    expect(setup.statusCode, setup.body).toBe(200);
    const parsed = cxmlReader.parse(setup.body).cXML.Response;
    expect(parsed.Status['@code']).toBe('200');
    const start = new URL(parsed.PunchOutSetupResponse.StartPage.URL as string);
    const opened = await t.app.inject({ url: start.pathname });
    expect(opened.statusCode, opened.body).toBe(303);
    // Single use: the same link again signs nobody in.
    expect((await t.app.inject({ url: start.pathname })).statusCode).toBe(404);
    const cookie = String(opened.headers['set-cookie']).split(';')[0]!;
    return {
      email: bob.email,
      headers: { cookie, origin: ORIGIN },
      landing: String(opened.headers.location),
    };
  }

  /** The browser's GET /punchout/transfer from the shop's own page: the auto-posting page it answers. */
  async function transfer(client: Client) {
    const res = await t.app.inject({
      url: '/punchout/transfer',
      headers: { ...client.headers, 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  }

  return { t, sim, call, ann, bob, admin, acme, coupa, product, postCxml, punchIn, transfer };
}
