import type { Shipment } from '@shared/fulfilment/fulfilment.schema';
import { formatOrderNumbers } from '@shared/orders/order-number';
import type { ShopDetails } from '../../infra/config-shop';
import { GREY, M, W, renderPdf, rule, tableRow, type Column } from '../../infra/pdf';

/**
 * A shipment's packing slip, drawn like the invoices (decision 025): what is in the box and where it goes — lines,
 * quantities, SKUs, ship-to, PO number — and no prices, since the slip travels with the goods and the receiving dock
 * need not see them.
 */
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
// SKU, description, ordered, in this shipment.
const COLS: Column[] = [
  { x: M, w: 140, align: 'left' },
  { x: M + 145, w: W - 295, align: 'left' },
  { x: M + W - 145, w: 65, align: 'right' },
  { x: M + W - 75, w: 75, align: 'right' },
];
const row = (doc: PDFKit.PDFDocument, cells: string[], font: 'regular' | 'bold') =>
  tableRow(doc, COLS, cells, font);

/** The file name a download gets: "packing-slip-<first 8 of the id>.pdf". */
export const packingSlipName = (s: Pick<Shipment, '_id'>) => `packing-slip-${s._id.slice(0, 8)}.pdf`;

export function renderPackingSlip(s: Shipment, shop: ShopDetails): Promise<Buffer> {
  const title = s.kind === 'pickup' ? 'PICKUP SLIP' : 'PACKING SLIP';
  const info = { Title: `Packing slip ${s._id}`, Author: shop.name, CreationDate: new Date(s.createdAt) };
  return renderPdf(info, (doc) => draw(doc, s, shop, title));
}

function draw(doc: PDFKit.PDFDocument, s: Shipment, shop: ShopDetails, title: string) {
  doc
    .font('bold')
    .fontSize(16)
    .fillColor('black')
    .text(shop.name, M, M, { width: W / 2 });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(GREY)
    .text([shop.address, shop.phone].join('\n'), M, doc.y + 2, {
      width: W / 2,
    });
  const leftEnd = doc.y;
  const right = { width: W / 2, align: 'right' } as const;
  doc
    .font('bold')
    .fontSize(20)
    .fillColor('black')
    .text(title, M + W / 2, M, right);
  const facts = [
    `Shipment: ${s._id.slice(0, 8).toUpperCase()}`,
    // The number the customer quotes (decision 049).
    `${s.lines.length === 1 ? 'Order' : 'Orders'}: ${formatOrderNumbers(s.lines.map((l) => l.orderNumber))}`,
    `Date: ${day.format(new Date(s.createdAt))}`,
    ...(s.poNumber ? [`PO number: ${s.poNumber}`] : []),
    ...(s.carrier ? [`Carrier: ${s.carrier}`] : []),
    ...(s.trackingNumber ? [`Tracking: ${s.trackingNumber}`] : []),
  ];
  doc
    .font('regular')
    .fontSize(10)
    .text(facts.join('\n'), M + W / 2, doc.y + 4, right);
  doc.y = Math.max(leftEnd, doc.y) + 24;

  doc
    .font('bold')
    .fontSize(10)
    .fillColor('black')
    .text(s.kind === 'pickup' ? 'Collect at' : 'Ship to', M);
  const to =
    s.kind === 'pickup' ? [s.pickupLocation, s.address, `For: ${s.recipient}`] : [s.recipient, s.address];
  doc
    .font('regular')
    .fontSize(10)
    .text(to.filter(Boolean).join('\n'), M, doc.y + 2, { width: W / 2 });
  doc.moveDown(1.5);

  row(doc, ['SKU', 'Item', 'Ordered', 'In this box'], 'bold');
  rule(doc);
  for (const l of s.lines)
    row(doc, [l.sku ?? '—', l.productName, String(l.ordered), String(l.quantity)], 'regular');
  rule(doc);
  const units = s.lines.reduce((n, l) => n + l.quantity, 0);
  row(doc, ['', 'Units in this shipment', '', String(units)], 'bold');
  const open = s.lines.filter((l) => l.shippedInAll < l.ordered);
  if (open.length) {
    doc.moveDown(1);
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(GREY)
      .text(
        `Still to come: ${open.map((l) => `${l.ordered - l.shippedInAll} × ${l.productName}`).join('; ')}.`,
        M,
        doc.y,
        { width: W },
      );
  }
}
