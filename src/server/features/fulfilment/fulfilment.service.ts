import { carrierTrackingUrl } from '@shared/fulfilment/carrier-tracking';
import { asc, eq, inArray } from 'drizzle-orm';
import { shipmentMessages, type Shipment, type ShipmentCreate } from '@shared/fulfilment/fulfilment.schema';
import { packingSlipPath } from '@shared/fulfilment/fulfilment.calls';
import { checkouts, orders, pickupLocations, products, shipmentLines, shipments } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import { AppError, fieldError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';
import {
  addShipped,
  asLine,
  checkoutOfLine,
  selectLines,
  type OrderDeps,
  type OrderLine,
} from '../orders/index';
import { recordEvent } from '../webhooks/index';
import { orderRef } from './fulfilment.mail';
import { queueShipmentMail } from './fulfilment.mail';

type ShipmentRow = typeof shipments.$inferSelect;

/** The ship-to of a line: one shipment holds lines of one customer going to one place. */
const destinationKey = ({ userId, address, delivery: d }: OrderLine) =>
  JSON.stringify([
    userId,
    d.shippingKind === 'pickup'
      ? ['pickup', d.pickupLocationId]
      : [address, d.shipStreet, d.shipCity, d.shipState, d.shipZip],
  ]);

/** Why a line cannot ship now, or null: only paid lines that are not delivered, cancelled or refunded ship. */
function lineProblem(o: OrderLine): string | null {
  if (o.refundStatus) return 'This line was refunded; it does not ship.';
  if (o.orderStatus === 'Cancelled' || o.orderStatus === 'Expired')
    return `This line is ${o.orderStatus.toLowerCase()}; it does not ship.`;
  if (o.orderStatus === 'Delivered') return 'This line is already delivered.';
  if (!o.paymentStatus) return shipmentMessages.notPaid;
  return null;
}

interface PlannedLine {
  row: OrderLine;
  quantity: number;
}

/**
 * Checks one requested shipment against the locked lines (`rows`, their shipped counts as earlier shipments of the
 * same call left them) and answers its lines; `at` prefixes field names (`shipments.2.` in a bulk call).
 */
function plan(input: ShipmentCreate, rows: Map<string, OrderLine>, at: string) {
  const seen = new Set<string>();
  const lines: PlannedLine[] = input.lines.map((l, i) => {
    const field = `${at}lines.${i}`;
    if (seen.has(l.orderId)) throw fieldError('bad_request', `${field}.orderId`, shipmentMessages.repeated);
    seen.add(l.orderId);
    const row = rows.get(l.orderId);
    if (!row) throw fieldError('not_found', `${field}.orderId`, 'Order not found');
    const problem = lineProblem(row);
    if (problem) throw fieldError('conflict', `${field}.orderId`, problem);
    // Units refunded before they shipped are no longer owed (docs/decisions/053-partial-refunds.md).
    const remaining = Math.max(0, row.quantity - row.refundedQuantity - row.shippedQuantity);
    if (remaining === 0) throw fieldError('conflict', `${field}.quantity`, 'This line has shipped in full.');
    const quantity = l.quantity ?? remaining;
    if (quantity > remaining)
      throw fieldError(
        'conflict',
        `${field}.quantity`,
        `only ${remaining} of ${row.quantity} are left to ship on this line`,
      );
    return { row, quantity };
  });
  const first = lines[0]!.row;
  const pickup = first.delivery.shippingKind === 'pickup';
  if (lines.some((l) => (l.row.delivery.shippingKind === 'pickup') !== pickup))
    throw fieldError('bad_request', `${at}lines`, shipmentMessages.mixedPickup);
  if (lines.some((l) => destinationKey(l.row) !== destinationKey(first)))
    throw fieldError('bad_request', `${at}lines`, shipmentMessages.oneAddress);
  if (!pickup && !input.carrier)
    throw fieldError('bad_request', `${at}carrier`, shipmentMessages.carrierRequired);
  if (!pickup && !input.trackingNumber)
    throw fieldError('bad_request', `${at}trackingNumber`, shipmentMessages.trackingNumberRequired);
  return { lines, pickup, first };
}

/**
 * Makes shipments (one per requested group), all in one transaction: the lines' rows are locked first, in id order
 * (two calls shipping the same lines wait for each other and never deadlock between themselves), so the units
 * shipped never exceed a line's quantity however many admins ship at once; the check constraint `orders_shipped` is
 * the last guard. Each shipment is audited and its customer's mail queued in the same transaction.
 */
export async function createShipments(
  deps: OrderDeps,
  actor: SessionUser,
  requests: ShipmentCreate[],
  /** Field prefix per request: '' for the single call, `shipments.N.` for bulk. */
  fieldAt: (i: number) => string,
): Promise<Shipment[]> {
  const ids = [...new Set(requests.flatMap((r) => r.lines.map((l) => l.orderId)))];
  const made = await deps.db.transaction(async (tx) => {
    // The lines' rows are locked, not their checkouts': the delivery read with them never changes.
    const locked = await selectLines(tx)
      .where(inArray(orders.id, ids))
      .orderBy(asc(orders.id))
      .for('update', { of: orders });
    const rows = new Map(locked.map((r) => [r.line.id, asLine(r)]));
    // Every request is checked before anything is written, each against the units the earlier ones take.
    const plans = requests.map((request, i) => {
      const planned = plan(request, rows, fieldAt(i));
      for (const l of planned.lines)
        rows.set(l.row.id, { ...l.row, shippedQuantity: l.row.shippedQuantity + l.quantity });
      return planned;
    });
    const out: string[] = [];
    for (const [i, planned] of plans.entries()) {
      const shipment = await insertShipment(tx, deps, actor, requests[i]!, planned);
      for (const l of planned.lines) await addShipped(tx, l.row.id, l.quantity);
      out.push(shipment.id);
      await recordEvent(tx, {
        type: 'shipment.created',
        companyId: planned.first.companyId,
        data: await loadShipment(tx, shipment.id),
      });
    }
    return out;
  });
  return loadShipments(deps.db, made);
}

async function insertShipment(
  tx: Tx,
  deps: OrderDeps,
  actor: SessionUser,
  request: ShipmentCreate,
  planned: ReturnType<typeof plan>,
): Promise<ShipmentRow> {
  const { first, pickup, lines } = planned;
  const to = first.delivery;
  const location = pickup && to.pickupLocationId ? await pickupLocation(tx, to.pickupLocationId) : null;
  const pickupName = pickup ? (location?.name ?? to.shippingMethodName ?? 'our pickup counter') : null;
  const address = location
    ? `${location.street}, ${location.city}, ${location.state} ${location.zip}`
    : to.shipStreet && to.shipCity && to.shipState && to.shipZip
      ? `${to.shipStreet}, ${to.shipCity}, ${to.shipState} ${to.shipZip}`
      : first.address;
  const [row] = await tx
    .insert(shipments)
    .values({
      kind: pickup ? 'pickup' : 'shipment',
      userId: first.userId,
      carrier: pickup ? null : request.carrier!,
      trackingNumber: pickup ? null : request.trackingNumber!,
      // A known carrier's link is built when none was pasted, so the mail and the pages can link to it.
      trackingUrl: pickup
        ? null
        : (request.trackingUrl ?? carrierTrackingUrl(request.carrier, request.trackingNumber)),
      // Every line of one checkout shares it; lines of several checkouts or single orders name none.
      checkoutId: lines.every((l) => l.row.checkoutId === first.checkoutId) ? checkoutOfLine(first) : null,
      recipient: first.name,
      address,
      shipStreet: location ? location.street : to.shipStreet,
      shipCity: location ? location.city : to.shipCity,
      shipState: location ? location.state : to.shipState,
      shipZip: location ? location.zip : to.shipZip,
      pickupLocationName: pickupName,
      createdBy: actor.id,
    })
    .returning();
  await tx
    .insert(shipmentLines)
    .values(lines.map((l) => ({ shipmentId: row!.id, orderId: l.row.id, quantity: l.quantity })));
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  const what = pickup
    ? `Made ready for pickup at ${pickupName}`
    : `Shipped by ${row!.carrier} ${row!.trackingNumber}`;
  await recordAudit(tx, actor, {
    kind: 'shipment.created',
    entityType: 'shipment',
    entityId: row!.id,
    summary: `${what}: ${units} unit${units === 1 ? '' : 's'} of ${lines.length} line${lines.length === 1 ? '' : 's'} (${orderRef(lines.map((l) => l.row.orderNumber))}) for ${first.name}`,
    after: {
      kind: row!.kind,
      carrier: row!.carrier,
      trackingNumber: row!.trackingNumber,
      lines: lines.map((l) => ({ orderId: l.row.id, orderNumber: l.row.orderNumber, quantity: l.quantity })),
    },
  });
  await queueShipmentMail(deps.mail, tx, {
    shipment: row!,
    email: first.email,
    lines: lines.map((l) => ({
      productName: l.row.productName,
      orderNumber: l.row.orderNumber,
      quantity: l.quantity,
      ordered: l.row.quantity,
      shippedInAll: l.row.shippedQuantity + l.quantity,
    })),
  });
  return row!;
}

async function pickupLocation(tx: Tx, id: string) {
  const [row] = await tx.select().from(pickupLocations).where(eq(pickupLocations.id, id));
  return row ?? null;
}

/** A shipment with its lines (product, SKU, quantities), its customer's email and its checkout's PO number. */
async function loadShipment(db: Db | Tx, id: string): Promise<Shipment> {
  const [row] = await db
    .select({ shipment: shipments, poNumber: checkouts.poNumber })
    .from(shipments)
    .leftJoin(checkouts, eq(checkouts.id, shipments.checkoutId))
    .where(eq(shipments.id, id));
  if (!row) throw notFound('Shipment');
  const lines = await db
    .select({
      orderId: shipmentLines.orderId,
      orderNumber: orders.orderNumber,
      quantity: shipmentLines.quantity,
      productName: orders.productName,
      email: orders.email,
      ordered: orders.quantity,
      shippedInAll: orders.shippedQuantity,
      sku: products.sku,
    })
    .from(shipmentLines)
    .innerJoin(orders, eq(orders.id, shipmentLines.orderId))
    .leftJoin(products, eq(products.id, orders.productId))
    .where(eq(shipmentLines.shipmentId, id))
    .orderBy(asc(orders.productName), asc(orders.id));
  const s = row.shipment;
  return {
    _id: s.id,
    kind: s.kind,
    carrier: s.carrier,
    trackingNumber: s.trackingNumber,
    trackingUrl: s.trackingUrl,
    checkoutId: s.checkoutId,
    poNumber: row.poNumber ?? null,
    recipient: s.recipient,
    email: lines[0]?.email ?? '',
    address: s.address,
    pickupLocation: s.pickupLocationName,
    createdAt: s.createdAt.toISOString(),
    lines: lines.map((l) => ({
      orderId: l.orderId,
      orderNumber: l.orderNumber,
      productName: l.productName,
      sku: l.sku ?? null,
      quantity: l.quantity,
      ordered: l.ordered,
      shippedInAll: l.shippedInAll,
    })),
    packingSlipUrl: packingSlipPath(s.id),
  };
}

/** Shipments one after the other: a handful per call, and one connection's queries never overlap. */
async function loadShipments(db: Db, ids: string[]): Promise<Shipment[]> {
  const out: Shipment[] = [];
  for (const id of ids) out.push(await loadShipment(db, id));
  return out;
}

/** One shipment, for its customer or an admin (another customer: 403). */
export async function getShipment(db: Db, actor: SessionUser, id: string): Promise<Shipment> {
  const [row] = await db.select({ userId: shipments.userId }).from(shipments).where(eq(shipments.id, id));
  if (!row) throw notFound('Shipment');
  if (actor.role !== 'admin' && row.userId !== actor.id)
    throw new AppError('forbidden', 'This shipment belongs to another customer.');
  return loadShipment(db, id);
}

/** The shipments holding units of one order line, oldest first (its customer or an admin). */
export async function shipmentsOfOrder(db: Db, actor: SessionUser, orderId: string): Promise<Shipment[]> {
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Order');
  if (actor.role !== 'admin' && order.userId !== actor.id)
    throw new AppError('forbidden', 'This order belongs to another customer.');
  const ids = await db
    .select({ id: shipmentLines.shipmentId })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(eq(shipmentLines.orderId, orderId))
    .orderBy(asc(shipments.createdAt), asc(shipments.id));
  return loadShipments(
    db,
    ids.map((r) => r.id),
  );
}

/** An admin's packing slip of a shipment (the route renders it). */
export async function packingSlipOf(db: Db, id: string): Promise<Shipment> {
  return loadShipment(db, id);
}
