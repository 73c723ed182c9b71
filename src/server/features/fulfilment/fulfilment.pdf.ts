import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Shipment } from '@shared/fulfilment/fulfilment.schema';
import type { ShopDetails } from '../../infra/config-shop';

/**
 * A shipment's packing slip, made with PDFKit like the invoices (decision 025): what is in the box and where it
 * goes — lines, quantities, SKUs, ship-to, PO number — and no prices, since the slip travels with the goods and the
 * receiving dock need not see them. DejaVu Sans is embedded so any buyer's name prints as written.
 */
const require = createRequire(import.meta.url);
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
const loadFonts = () =>
  (fonts ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold })));

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const M = 50;
const W = 595.28 - 2 * M;
const BOTTOM = 841.89 - M;
const GREY = '#4b5563';
// SKU, description, ordered, in this shipment.
const COLS = [
  { x: M, w: 140, align: 'left' },
  { x: M + 145, w: W - 295, align: 'left' },
  { x: M + W - 145, w: 65, align: 'right' },
  { x: M + W - 75, w: 75, align: 'right' },
] as const;

function row(doc: PDFKit.PDFDocument, cells: string[], font: 'regular' | 'bold') {
  doc.font(font).fontSize(10).fillColor('black');
  const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: COLS[i]!.w })));
  if (doc.y + height > BOTTOM) doc.addPage();
  const y = doc.y;
  cells.forEach((c, i) => doc.text(c, COLS[i]!.x, y, { width: COLS[i]!.w, align: COLS[i]!.align }));
  doc.y = y + height + 6;
}

function rule(doc: PDFKit.PDFDocument) {
  doc
    .moveTo(M, doc.y)
    .lineTo(M + W, doc.y)
    .lineWidth(0.5)
    .strokeColor('#9ca3af')
    .stroke();
  doc.y += 6;
}

/** The file name a download gets: "packing-slip-<first 8 of the id>.pdf". */
export const packingSlipName = (s: Pick<Shipment, '_id'>) => `packing-slip-${s._id.slice(0, 8)}.pdf`;

export async function renderPackingSlip(s: Shipment, shop: ShopDetails): Promise<Buffer> {
  const { regular, bold } = await loadFonts();
  const title = s.kind === 'pickup' ? 'PICKUP SLIP' : 'PACKING SLIP';
  const doc = new PDFDocument({
    size: 'A4',
    margin: M,
    info: { Title: `Packing slip ${s._id}`, Author: shop.name, CreationDate: new Date(s.createdAt) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);

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
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
