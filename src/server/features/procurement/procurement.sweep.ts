import { and, eq, gt, notExists, sql } from 'drizzle-orm';
import { centsToDollarText } from '@shared/common/money';
import {
  invoices,
  orders,
  procurementConnections,
  procurementDocuments,
  products,
  punchoutOrders,
  shipmentLines,
  shipments,
} from '../../db/schema';
import type { ProcurementDeps } from './procurement.deps';
import { queueDocument } from './procurement.outbound';

/** Shipments and invoices of purchase orders this recent are looked for; older ones were sent long ago. */
const WINDOW_MS = 90 * 86_400_000;
const BATCH = 100;

const money = (cents: number) => ({ Money: { '@currency': 'USD', '#text': centsToDollarText(cents) } });
const orderRef = (orderId: string) => ({ '@orderID': orderId, DocumentReference: { '@payloadID': '' } });

/** The invoice's own figures, as issued (the PDF prints the same snapshot): nothing is recomputed here. */
interface IssuedInvoice {
  number: string;
  issuedAt: string;
  lines: {
    sku?: string;
    description: string;
    quantity: number;
    unitPriceCents: number;
    totalCents: number;
  }[];
  subtotalCents?: number;
  shippingCents?: number;
  taxCents?: number;
  totalCents: number;
  account?: { netDays: number; dueDate: string };
}

const unsent = (subject: ReturnType<typeof sql>) =>
  notExists(
    sql`(select 1 from ${procurementDocuments} where ${procurementDocuments.connectionId} = ${punchoutOrders.connectionId} and ${procurementDocuments.subject} = ${subject})`,
  );

/**
 * Finds the shipments and invoices of recent punchout purchase orders that have no outbound document yet and queues
 * one each (ShipNoticeRequest, InvoiceDetailRequest). Run periodically: the owning features need no change, and the
 * unique subject per connection makes a document once even when two instances sweep at once.
 */
export async function sweepDocuments(deps: ProcurementDeps): Promise<number> {
  const db = deps.orders.db;
  const since = new Date(Date.now() - WINDOW_MS);
  const recent = and(
    gt(punchoutOrders.createdAt, since),
    sql`${procurementConnections.documentUrl} is not null`,
  );
  const shipped = await db
    .selectDistinct({ shipment: shipments, po: punchoutOrders, c: procurementConnections })
    .from(punchoutOrders)
    .innerJoin(procurementConnections, eq(procurementConnections.id, punchoutOrders.connectionId))
    .innerJoin(orders, eq(orders.checkoutId, punchoutOrders.checkoutId))
    .innerJoin(shipmentLines, eq(shipmentLines.orderId, orders.id))
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(and(recent, unsent(sql`'shipment:' || ${shipments.id}::text`)))
    .limit(BATCH);
  for (const { shipment, po, c } of shipped) {
    const lines = await db
      .select({ quantity: shipmentLines.quantity, sku: products.sku })
      .from(shipmentLines)
      .innerJoin(orders, eq(orders.id, shipmentLines.orderId))
      .innerJoin(products, eq(products.id, orders.productId))
      .where(eq(shipmentLines.shipmentId, shipment.id));
    await queueDocument(deps, db, c, {
      docType: 'ShipNoticeRequest',
      subject: `shipment:${shipment.id}`,
      request: {
        ShipNoticeRequest: {
          ShipNoticeHeader: {
            '@shipmentID': shipment.id,
            '@operation': 'new',
            '@noticeDate': new Date().toISOString(),
            '@shipmentDate': shipment.createdAt.toISOString(),
          },
          ShipControl: {
            CarrierIdentifier: { '@domain': 'companyName', '#text': shipment.carrier ?? 'pickup' },
            ShipmentIdentifier: shipment.trackingNumber ?? '',
          },
          ShipNoticePortion: {
            OrderReference: orderRef(po.orderId),
            ShipNoticeItem: lines.map((l, i) => ({
              '@quantity': String(l.quantity),
              '@lineNumber': String(i + 1),
              ItemID: { SupplierPartID: l.sku },
              UnitOfMeasure: 'EA',
            })),
          },
        },
      },
    });
  }
  const invoiced = await db
    .select({ invoice: invoices, po: punchoutOrders, c: procurementConnections })
    .from(punchoutOrders)
    .innerJoin(procurementConnections, eq(procurementConnections.id, punchoutOrders.connectionId))
    .innerJoin(
      invoices,
      and(eq(invoices.checkoutId, punchoutOrders.checkoutId), eq(invoices.kind, 'invoice')),
    )
    .where(and(recent, unsent(sql`'invoice:' || ${invoices.id}::text`)))
    .limit(BATCH);
  for (const { invoice, po, c } of invoiced)
    await queueDocument(deps, db, c, {
      docType: 'InvoiceDetailRequest',
      subject: `invoice:${invoice.id}`,
      request: { InvoiceDetailRequest: invoiceDetail(invoice.snapshot as IssuedInvoice, po.orderId) },
    });
  return shipped.length + invoiced.length;
}

function invoiceDetail(s: IssuedInvoice, orderId: string) {
  return {
    InvoiceDetailRequestHeader: {
      '@invoiceID': s.number,
      '@purpose': 'standard',
      '@operation': 'new',
      '@invoiceDate': s.issuedAt,
      InvoiceDetailHeaderIndicator: '',
      InvoiceDetailLineIndicator: '',
      ...(s.account ? { PaymentTerm: { '@payInNumberOfDays': String(s.account.netDays) } } : {}),
    },
    InvoiceDetailOrder: {
      InvoiceDetailOrderInfo: { OrderReference: orderRef(orderId) },
      InvoiceDetailItem: s.lines.map((l, i) => ({
        '@invoiceLineNumber': String(i + 1),
        '@quantity': String(l.quantity),
        UnitOfMeasure: 'EA',
        UnitPrice: money(l.unitPriceCents),
        InvoiceDetailItemReference: {
          '@lineNumber': String(i + 1),
          ItemID: { SupplierPartID: l.sku ?? '' },
          Description: { '@xml:lang': 'en', '#text': l.description },
        },
        SubtotalAmount: money(l.totalCents),
      })),
    },
    InvoiceDetailSummary: {
      SubtotalAmount: money(s.subtotalCents ?? s.totalCents),
      Tax: { ...money(s.taxCents ?? 0), Description: { '@xml:lang': 'en', '#text': 'Sales tax' } },
      ShippingAmount: money(s.shippingCents ?? 0),
      NetAmount: money(s.totalCents),
      DueAmount: money(s.totalCents),
    },
  };
}
