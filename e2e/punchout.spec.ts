import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, expectAccessible } from './fixtures';
import { newProduct } from './products';

/** The buyer system's side of a cart transfer: a local server that keeps each form post it receives. */
async function buyerSystem() {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push(body);
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Coupa</title><h1>Cart received</h1>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

// Issue 42: a Coupa user punches out, finds a product at the company's contract price and transfers the cart back.
test('cXML punchout: start page → add at the contract price → "Transfer cart to Coupa" → the buyer system gets the cart', async ({
  page,
  browser,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(150_000);
  const coupa = await buyerSystem();
  const tag = Date.now().toString(36);
  const name = `Punchout Drill ${tag}`;
  const sku = `PO-DRL-${tag}`.toUpperCase();
  await newProduct(admin, { name, sku, price: 50, minOrder: 1 });
  const pat = await register({ name: 'Pat Punchout' });
  await verifyEmail(pat);
  const origin = new URL(page.url()).origin;
  const company = await page.request.post('/api/companies', {
    headers: { origin },
    data: { name: `Punchout Co ${tag}`, taxId: '42-4242424' },
  });
  expect(company.status(), await company.text()).toBe(201);
  const companyId = ((await company.json()) as { _id: string })._id;
  const list = await admin.request.post(`/api/companies/${companyId}/price-lists`, {
    headers: { origin },
    data: {
      name: 'Contract',
      validFrom: '2026-01-01',
      validTo: null,
      rules: [{ kind: 'sku', sku, price: 42.5 }],
    },
  });
  expect(list.status(), await list.text()).toBe(201);
  const identity = `AN${tag}`;
  const connection = await admin.request.post(`/api/companies/${companyId}/procurement/connections`, {
    headers: { origin },
    data: {
      protocol: 'cxml',
      systemName: 'Coupa',
      fromDomain: 'NetworkID',
      fromIdentity: identity,
      defaultMemberEmail: pat.email,
    },
  });
  expect(connection.status(), await connection.text()).toBe(201);
  const secret = ((await connection.json()) as { secret: string }).secret;

  // Coupa's setup request, as it sends it; the answer's StartPage is opened in a browser with nobody signed in.
  const setup = await page.request.post('/punchout/cxml', {
    headers: { 'content-type': 'text/xml' },
    data: `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${tag}@coupa" timestamp="2026-12-07T10:00:00Z"><Header>
<From><Credential domain="NetworkID"><Identity>${identity}</Identity></Credential></From>
<To><Credential domain="DUNS"><Identity>toolhouse</Identity></Credential></To>
<Sender><Credential domain="NetworkID"><Identity>${identity}</Identity><SharedSecret>${secret}</SharedSecret></Credential><UserAgent>Coupa</UserAgent></Sender>
</Header><Request><PunchOutSetupRequest operation="create"><BuyerCookie>cookie-${tag}</BuyerCookie>
<Extrinsic name="UserEmail">${pat.email}</Extrinsic><BrowserFormPost><URL>${coupa.url}/return</URL></BrowserFormPost>
</PunchOutSetupRequest></Request></cXML>`,
  });
  expect(setup.status(), await setup.text()).toBe(200);
  const startUrl = /<URL>([^<]+)<\/URL>/.exec(await setup.text())![1]!;

  const context = await browser.newContext();
  const buyer = await context.newPage();
  await buyer.goto(new URL(new URL(startUrl).pathname, origin).toString());
  const banner = buyer.getByRole('region', { name: 'Punchout' });
  await expect(banner).toContainText('Shopping from Coupa');
  await buyer.goto('/our-products');
  await buyer.getByLabel('Search the catalogue').fill(name);
  await buyer.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await buyer.getByRole('link', { name }).first().click();
  await buyer.getByRole('button', { name: `Add to cart: ${name}` }).click();
  await expect(buyer.getByText(`Added 1 × ${name} to your cart.`)).toBeVisible();
  await buyer.goto('/dashboard/cart');
  await expect(buyer.getByRole('main')).toContainText('$42.50');
  await expectAccessible(buyer, 'The cart of a punchout session');
  await buyer.getByRole('main').getByRole('link', { name: 'Transfer cart to Coupa' }).click();
  await expect(buyer.getByRole('heading', { name: 'Cart received' })).toBeVisible();

  expect(coupa.received).toHaveLength(1);
  const message = new URLSearchParams(coupa.received[0]!).get('cxml-urlencoded')!;
  expect(message).toContain(`<BuyerCookie>cookie-${tag}</BuyerCookie>`);
  expect(message).toContain(`<SupplierPartID>${sku}</SupplierPartID>`);
  expect(message).toContain('<Money currency="USD">42.50</Money>');
  await context.close();
  coupa.server.close();
});
