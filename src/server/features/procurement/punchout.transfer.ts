import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { centsToDollarText } from '@shared/common/money';
import { procurementMessages } from '@shared/procurement/procurement.schema';
import type { Cart } from '@shared/cart/cart.schema';
import { punchoutSessions } from '../../db/schema';
import { AppError } from '../../infra/errors';
import { readCart } from '../cart/index';
import { buildCxml } from './cxml.xml';
import type { ConnectionRow } from './cxml.identify';
import type { ProcurementDeps } from './procurement.deps';
import { visitOf } from './punchout.session';
import { unspscOf } from './punchout.unspsc';

type Visit = typeof punchoutSessions.$inferSelect;

/** Each product's UNSPSC code (punchout.unspsc.ts); a product without one is absent. */
type Codes = ReadonlyMap<string, string>;

/** The PunchOutOrderMessage of a cart: what the buyer system shows as its requisition lines. */
export function orderMessage(
  deps: ProcurementDeps,
  c: ConnectionRow,
  visit: Visit,
  cart: Cart,
  codes: Codes,
): string {
  const shop = { Credential: { '@domain': 'DUNS', Identity: deps.shopName } };
  return buildCxml({
    Header: {
      From: shop,
      To: { Credential: { '@domain': c.fromDomain, Identity: c.fromIdentity } },
      Sender: { ...shop, UserAgent: deps.shopName },
    },
    Message: {
      PunchOutOrderMessage: {
        BuyerCookie: visit.buyerCookie,
        PunchOutOrderMessageHeader: {
          '@operationAllowed': 'edit',
          Total: { Money: { '@currency': 'USD', '#text': centsToDollarText(cart.totalCents) } },
        },
        ItemIn: cart.lines.map((l) => ({
          '@quantity': String(l.quantity),
          ItemID: { SupplierPartID: l.sku, SupplierPartAuxiliaryID: visit.id },
          ItemDetail: {
            UnitPrice: { Money: { '@currency': 'USD', '#text': centsToDollarText(l.unitPriceCents) } },
            Description: { '@xml:lang': 'en', '#text': l.name },
            UnitOfMeasure: 'EA',
            // Only where the product's category has a code (decision 063): none is invented.
            ...(codes.has(l.productId) && {
              Classification: { '@domain': 'UNSPSC', '#text': codes.get(l.productId) },
            }),
            ManufacturerPartID: l.sku,
          },
        })),
      },
    },
  });
}

/** SAP OCI's hook fields, one set per line, numbered from 1. */
export function ociFields(cart: Cart, codes: Codes): [string, string][] {
  return cart.lines.flatMap((l, i) => {
    const n = `[${i + 1}]`;
    return [
      [`NEW_ITEM-DESCRIPTION${n}`, l.name],
      [`NEW_ITEM-QUANTITY${n}`, String(l.quantity)],
      [`NEW_ITEM-UNIT${n}`, 'EA'],
      [`NEW_ITEM-PRICE${n}`, centsToDollarText(l.unitPriceCents)],
      [`NEW_ITEM-CURRENCY${n}`, 'USD'],
      [`NEW_ITEM-VENDORMAT${n}`, l.sku],
      [`NEW_ITEM-MATGROUP${n}`, codes.get(l.productId) ?? ''],
      // Days: in stock ships tomorrow; beyond the stock the buyer sees no promise rather than a wrong one.
      [`NEW_ITEM-LEADTIME${n}`, l.stock >= l.quantity ? '1' : ''],
      [`NEW_ITEM-EXT_PRODUCT_ID${n}`, l.productId],
    ] as [string, string][];
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const SUBMIT = 'document.forms[0].submit();';
const SUBMIT_HASH = createHash('sha256').update(SUBMIT).digest('base64');

/** An HTML page that posts the fields to the buyer system at once (a button when scripts are off). */
export function autoPostPage(systemName: string, url: string, fields: [string, string][]): string {
  const inputs = fields
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Transferring your cart</title></head><body><form method="post" action="${escapeHtml(url)}">${inputs}<p>Transferring your cart to ${escapeHtml(systemName)}…</p><button type="submit">Transfer cart to ${escapeHtml(systemName)}</button></form><script>${SUBMIT}</script></body></html>`;
}

/**
 * GET /punchout/transfer, a navigation from the shop's own pages (a link: a form post would carry `Origin: null`
 * under the shop's no-referrer policy, and the shop's CSP keeps its pages from posting elsewhere): the punchout session's cart, priced now (contract prices), becomes a PunchOutOrderMessage
 * (cXML) or OCI fields posted by the browser to the buyer system; the lines and prices are kept, so the purchase order
 * that follows is placed at them.
 */
export async function transferCart(deps: ProcurementDeps, req: FastifyRequest, reply: FastifyReply) {
  const db = deps.orders.db;
  // Another site may link here but not make the browser send the cart: only the shop's pages (or a typed address).
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none')
    throw new AppError('forbidden', 'Cross-site request refused');
  const found = await visitOf(db, req);
  if (!found) throw new AppError('forbidden', procurementMessages.notPunchout);
  const { visit, connection } = found;
  // cXML inspect: the buyer system shows the requisition's cart and takes nothing back.
  if (visit.operation === 'inspect') throw new AppError('conflict', procurementMessages.inspectOnly);
  const cart = await readCart(db, visit.userId);
  if (cart.lines.length === 0) throw new AppError('conflict', procurementMessages.emptyCart);
  await db
    .update(punchoutSessions)
    .set({
      transferredAt: new Date(),
      transferredLines: cart.lines.map((l) => ({
        productId: l.productId,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
      })),
    })
    .where(eq(punchoutSessions.id, visit.id));
  const codes = await unspscOf(
    db,
    cart.lines.map((l) => l.productId),
  );
  const fields: [string, string][] =
    connection.protocol === 'cxml'
      ? [['cxml-urlencoded', orderMessage(deps, connection, visit, cart, codes)]]
      : ociFields(cart, codes);
  const target = new URL(visit.returnUrl);
  reply.header(
    'content-security-policy',
    `default-src 'none'; script-src 'sha256-${SUBMIT_HASH}'; form-action ${target.origin}; base-uri 'none'`,
  );
  return reply
    .type('text/html; charset=utf-8')
    .send(autoPostPage(connection.systemName, visit.returnUrl, fields));
}
