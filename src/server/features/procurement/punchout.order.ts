import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { formatUsAddress, stateOfZip } from '@shared/common/us-address';
import { companies, companyTerms, products, punchoutOrders, punchoutSessions, user } from '../../db/schema';
import type { SessionUser } from '../../http/auth-guard';
import { AppError } from '../../infra/errors';
import { createPricedCheckout, type PricedLine } from '../checkout/index';
import { payOnAccount } from '../credit/index';
import { at, attr, CxmlError, text } from './cxml.xml';
import { actingUserId, requestEmail, type ConnectionRow } from './cxml.identify';
import type { ProcurementDeps } from './procurement.deps';

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

interface PoLine {
  sku: string;
  quantity: number;
  cartId: string;
}

/** The OrderRequest's header and lines, or a 400 naming what is missing. */
function readOrder(request: unknown) {
  const header = at(request, 'OrderRequestHeader');
  const orderId = attr(header, 'orderID');
  if (!orderId) throw new CxmlError(400, 'Bad Request', 'OrderRequestHeader has no orderID.');
  const lines: PoLine[] = asList(at(request, 'ItemOut')).map((item, i) => {
    const quantity = Number(attr(item, 'quantity'));
    const sku = text(at(item, 'ItemID', 'SupplierPartID'));
    if (!sku || !Number.isInteger(quantity) || quantity < 1)
      throw new CxmlError(
        400,
        'Bad Request',
        `ItemOut ${i + 1}: needs a SupplierPartID and a whole quantity.`,
      );
    return { sku, quantity, cartId: text(at(item, 'ItemID', 'SupplierPartAuxiliaryID')) };
  });
  if (!lines.length) throw new CxmlError(400, 'Bad Request', 'The OrderRequest has no ItemOut.');
  const postal = at(header, 'ShipTo', 'Address', 'PostalAddress');
  const street = asList(at(postal, 'Street')).map(text).filter(Boolean).join(', ');
  const ship = {
    street,
    city: text(at(postal, 'City')),
    state: text(at(postal, 'State')).toUpperCase(),
    zip: text(at(postal, 'PostalCode')).slice(0, 5),
  };
  if (!ship.street || !ship.city || !ship.zip || stateOfZip(ship.zip) !== ship.state)
    throw new CxmlError(
      400,
      'Bad Request',
      'ShipTo: needs a US street, city, state and a ZIP of that state.',
    );
  const phone = text(at(header, 'ShipTo', 'Address', 'Phone', 'TelephoneNumber', 'Number'));
  return { orderId, lines, ship, phone, email: requestEmail(header) };
}

export interface OrderAnswer {
  code: number;
  text: string;
  message: string;
  checkoutId?: string;
  /** Set when this request placed the order (not a repeat): its total, for the confirmation. */
  placedTotalCents?: number;
}

/**
 * An OrderRequest of an authenticated connection: one order through the placement pipeline, at the transferred
 * cart's prices (today's contract prices for a line no cart named), PO number = orderID, shipped to ShipTo, paid on
 * the company's terms. The same orderID or payloadID again answers the first order, never a second one.
 */
export async function placePurchaseOrder(
  deps: ProcurementDeps,
  connection: ConnectionRow,
  payloadId: string,
  request: unknown,
): Promise<OrderAnswer> {
  const db = deps.orders.db;
  const po = readOrder(request);
  const seen = await previousOrder(deps, connection.id, po.orderId, payloadId);
  if (seen) return seen;
  const [terms] = await db
    .select()
    .from(companyTerms)
    .where(eq(companyTerms.companyId, connection.companyId));
  if (!terms)
    throw new CxmlError(
      409,
      'Conflict',
      'This company has no payment terms with the shop: orders cannot be billed.',
    );
  const buyer = await buyerOf(deps, connection, po.email);
  const lines = await priceLines(deps, connection, po.lines);
  const [company] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, connection.companyId));
  let checkout;
  try {
    checkout = await createPricedCheckout(
      deps.orders,
      buyer,
      {
        number: /^[+\d\s().-]{1,30}$/.test(po.phone) ? po.phone : '0',
        address: formatUsAddress(po.ship),
        shipTo: po.ship as never,
        poNumber: po.orderId.slice(0, 100),
        company: company?.name,
      },
      {
        source: 'punchout',
        lines: async () => lines,
        async done(tx, co) {
          await tx
            .insert(punchoutOrders)
            .values({ connectionId: connection.id, orderId: po.orderId, payloadId, checkoutId: co._id });
        },
      },
    );
  } catch (err) {
    const again = await previousOrder(deps, connection.id, po.orderId, payloadId);
    if (again) return again;
    if (err instanceof AppError && err.status < 500)
      throw new CxmlError(err.status === 404 ? 400 : err.status, 'Refused', err.message);
    throw err;
  }
  if (checkout.status === 'awaiting_approval')
    return {
      code: 200,
      text: 'OK',
      message: 'Accepted: awaiting approval by the company.',
      checkoutId: checkout._id,
      placedTotalCents: checkout.totalCents,
    };
  try {
    await payOnAccount(deps.credit, buyer, checkout._id);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    // Placed, but not billable now (over the credit limit, on hold): the shop follows it up; the PO stands.
    return {
      code: 200,
      text: 'OK',
      message: `Accepted, not yet billed: ${err.message}`,
      checkoutId: checkout._id,
      placedTotalCents: checkout.totalCents,
    };
  }
  return {
    code: 200,
    text: 'OK',
    message: 'Accepted.',
    checkoutId: checkout._id,
    placedTotalCents: checkout.totalCents,
  };
}

async function previousOrder(
  deps: ProcurementDeps,
  connectionId: string,
  orderId: string,
  payloadId: string,
) {
  const [row] = await deps.orders.db
    .select({ checkoutId: punchoutOrders.checkoutId })
    .from(punchoutOrders)
    .where(
      and(
        eq(punchoutOrders.connectionId, connectionId),
        or(eq(punchoutOrders.orderId, orderId), eq(punchoutOrders.payloadId, payloadId)),
      ),
    );
  return row
    ? {
        code: 200,
        text: 'OK',
        message: 'Already received: this order exists once.',
        checkoutId: row.checkoutId,
      }
    : undefined;
}

async function buyerOf(
  deps: ProcurementDeps,
  connection: ConnectionRow,
  email: string,
): Promise<SessionUser> {
  const id = await actingUserId(deps.orders.db, connection, email);
  const [u] = await deps.orders.db.select().from(user).where(eq(user.id, id));
  return {
    id: u!.id,
    email: u!.email,
    name: u!.name,
    role: u!.role === 'admin' ? 'admin' : 'user',
    emailVerified: u!.emailVerified,
  };
}

/** Each SKU as a product, at the price of the cart it was transferred in when that cart was this connection's. */
async function priceLines(
  deps: ProcurementDeps,
  connection: ConnectionRow,
  lines: PoLine[],
): Promise<PricedLine[]> {
  const db = deps.orders.db;
  const skus = [...new Set(lines.map((l) => l.sku.toLowerCase()))];
  const found = await db
    .select({ id: products.id, sku: sql<string>`lower(${products.sku})` })
    .from(products)
    .where(inArray(sql`lower(${products.sku})`, skus));
  const idOf = new Map(found.map((p) => [p.sku, p.id]));
  const cartIds = [...new Set(lines.map((l) => l.cartId).filter((id) => /^[0-9a-f-]{36}$/i.test(id)))];
  const carts = cartIds.length
    ? await db
        .select({ lines: punchoutSessions.transferredLines })
        .from(punchoutSessions)
        .where(and(inArray(punchoutSessions.id, cartIds), eq(punchoutSessions.connectionId, connection.id)))
    : [];
  const priceOf = new Map(
    carts.flatMap((c) => (c.lines ?? []).map((l) => [l.productId, l.unitPriceCents] as const)),
  );
  const merged = new Map<string, PricedLine>();
  for (const [i, l] of lines.entries()) {
    const productId = idOf.get(l.sku.toLowerCase());
    if (!productId)
      throw new CxmlError(
        400,
        'Bad Request',
        `ItemOut ${i + 1}: no product has the SupplierPartID ${l.sku}.`,
      );
    const prev = merged.get(productId);
    merged.set(productId, {
      productId,
      quantity: (prev?.quantity ?? 0) + l.quantity,
      unitPriceCents: priceOf.get(productId),
    });
  }
  return [...merged.values()];
}
