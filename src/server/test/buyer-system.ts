import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { XMLParser } from 'fast-xml-parser';

/** fast-xml-parser as the buyer system reads cXML: attributes as `@name`, no entities, values as text. */
export const cxmlReader = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  processEntities: false,
  parseTagValue: false,
});

const unescapeHtml = (s: string) =>
  s.replace(
    /&(quot|lt|gt|#39|amp);/g,
    (_, e: string) => ({ quot: '"', lt: '<', gt: '>', '#39': "'", amp: '&' })[e]!,
  );

/** What the buyer system receives when the shop's transfer page posts itself: the form's target and its fields. */
export function readTransfer(page: string): { action: string; fields: Record<string, string> } {
  const action = unescapeHtml(/<form method="post" action="([^"]*)"/.exec(page)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const [, name, value] of page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[unescapeHtml(name!)] = unescapeHtml(value!);
  return { action, fields };
}

/** One requisition line of a PunchOutOrderMessage, as the buyer system reads it. */
export interface ItemIn {
  '@quantity': string;
  ItemID: { SupplierPartID: string; SupplierPartAuxiliaryID: string };
  ItemDetail: {
    UnitPrice: { Money: { '#text': string } };
    UnitOfMeasure: string;
    ManufacturerPartID: string;
    Classification?: { '@domain': string; '#text': string };
  };
}

/** The PunchOutOrderMessage a cXML transfer page posts (`cxml-urlencoded`), its ItemIn always a list. */
export function readOrderMessage(page: string) {
  const message = cxmlReader.parse(readTransfer(page).fields['cxml-urlencoded'] ?? '').cXML.Message
    .PunchOutOrderMessage as {
    BuyerCookie: string;
    PunchOutOrderMessageHeader: { '@operationAllowed': string; Total: { Money: { '#text': string } } };
    ItemIn: ItemIn | ItemIn[];
  };
  return { ...message, ItemIn: Array.isArray(message.ItemIn) ? message.ItemIn : [message.ItemIn] };
}

/**
 * A buyer system (Coupa, Ariba or SAP) as the punchout tests need it: it writes the cXML messages as Coupa publishes
 * them and receives, on a local http server, the cart transfers (BrowserFormPost / HOOK_URL) and the shop's
 * outbound documents (confirmation, ship notice, invoice), answering each with a cXML 200.
 */
export interface BuyerSystem {
  url: string;
  received: { path: string; contentType: string; body: string }[];
  /** The documents received whose body holds `<name`, waiting up to `ms` for at least `count`. */
  waitFor(name: string, count?: number, ms?: number): Promise<string[]>;
  close(): Promise<void>;
}

export async function startBuyerSystem(): Promise<BuyerSystem> {
  const received: BuyerSystem['received'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        contentType: String(req.headers['content-type'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end('<?xml version="1.0"?><cXML><Response><Status code="200" text="OK"/></Response></cXML>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const matching = (name: string) => received.filter((r) => r.body.includes(`<${name}`)).map((r) => r.body);
  return {
    url,
    received,
    async waitFor(name, count = 1, ms = 15_000) {
      const until = Date.now() + ms;
      while (matching(name).length < count && Date.now() < until)
        await new Promise((r) => setTimeout(r, 100));
      return matching(name);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface BuyerIdentity {
  domain: string;
  identity: string;
  secret: string;
}

const credentials = (who: BuyerIdentity, secret: string) => `
    <From><Credential domain="${who.domain}"><Identity>${who.identity}</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>toolhouse</Identity></Credential></To>
    <Sender><Credential domain="${who.domain}"><Identity>${who.identity}</Identity><SharedSecret>${secret}</SharedSecret></Credential><UserAgent>Coupa Procurement 1.0</UserAgent></Sender>`;

let n = 0;
export const payloadId = () => `${Date.now()}.${++n}.coupa@buyer.example`;

/** A PunchOutSetupRequest as Coupa sends it. */
export function setupRequest(
  who: BuyerIdentity,
  o: {
    returnUrl: string;
    buyerCookie: string;
    operation?: string;
    email?: string;
    secret?: string;
    items?: string;
  },
) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${payloadId()}" timestamp="2026-12-07T10:00:00-06:00" xml:lang="en-US">
  <Header>${credentials(who, o.secret ?? who.secret)}</Header>
  <Request deploymentMode="production">
    <PunchOutSetupRequest operation="${o.operation ?? 'create'}">
      <BuyerCookie>${o.buyerCookie}</BuyerCookie>
      <Extrinsic name="FirstName">Pat</Extrinsic>
      <Extrinsic name="UserEmail">${o.email ?? 'nobody@buyer.example'}</Extrinsic>
      <BrowserFormPost><URL>${o.returnUrl}</URL></BrowserFormPost>
      <Contact role="endUser"><Name xml:lang="en-US">Pat Buyer</Name><Email>${o.email ?? 'nobody@buyer.example'}</Email></Contact>
      <SupplierSetup><URL>https://shop.example/punchout/cxml</URL></SupplierSetup>
      ${o.items ?? ''}
    </PunchOutSetupRequest>
  </Request>
</cXML>`;
}

/** An OrderRequest as Coupa sends it, for these lines. */
export function orderRequest(
  who: BuyerIdentity,
  o: {
    orderId: string;
    payload?: string;
    secret?: string;
    lines: { sku: string; quantity: number; cartId?: string; unitPrice: string }[];
  },
) {
  const items = o.lines
    .map(
      (l, i) => `
      <ItemOut quantity="${l.quantity}" lineNumber="${i + 1}">
        <ItemID><SupplierPartID>${l.sku}</SupplierPartID><SupplierPartAuxiliaryID>${l.cartId ?? ''}</SupplierPartAuxiliaryID></ItemID>
        <ItemDetail><UnitPrice><Money currency="USD">${l.unitPrice}</Money></UnitPrice><Description xml:lang="en">Item</Description><UnitOfMeasure>EA</UnitOfMeasure></ItemDetail>
      </ItemOut>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="${o.payload ?? payloadId()}" timestamp="2026-12-07T10:05:00-06:00" xml:lang="en-US">
  <Header>${credentials(who, o.secret ?? who.secret)}</Header>
  <Request deploymentMode="production">
    <OrderRequest>
      <OrderRequestHeader orderID="${o.orderId}" orderDate="2026-12-07T10:05:00-06:00" type="new">
        <Total><Money currency="USD">0.00</Money></Total>
        <ShipTo><Address addressID="PLANT-1"><Name xml:lang="en">Acme Plant 1</Name>
          <PostalAddress name="default"><DeliverTo>Receiving</DeliverTo><Street>100 Main St</Street><City>Dallas</City><State>TX</State><PostalCode>75201</PostalCode><Country isoCountryCode="US">United States</Country></PostalAddress>
          <Phone><TelephoneNumber><CountryCode isoCountryCode="US">1</CountryCode><AreaOrCityCode>214</AreaOrCityCode><Number>555-0100</Number></TelephoneNumber></Phone>
        </Address></ShipTo>
        <Contact role="endUser"><Name xml:lang="en">Pat Buyer</Name><Email>nobody@buyer.example</Email></Contact>
      </OrderRequestHeader>
      ${items}
    </OrderRequest>
  </Request>
</cXML>`;
}
