import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { InvoiceSnapshot } from './invoices.model';

/**
 * PDFs of invoices and credit notes, made with PDFKit from the stored snapshot only. The text is set in DejaVu Sans
 * (embedded, subset to the glyphs used): the PDF standard fonts cover only Western European letters, and a buyer
 * named Łukasz or Дмитрий must come out as written. PDFKit writes a ToUnicode map, so the text can be extracted.
 */
const require = createRequire(import.meta.url);
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
const loadFonts = () =>
  (fonts ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold })));

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const money = (cents: number) => usd.format(cents / 100);
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const date = (iso: string) => day.format(new Date(iso));

const PAGE = { width: 595.28, height: 841.89 };
const M = 50;
const W = PAGE.width - 2 * M;
const BOTTOM = PAGE.height - M;
const GREY = '#4b5563';
/** Table columns: description, quantity, unit price, amount (x, width, alignment). */
// SKU, description, quantity, unit price, amount: the description keeps what the amounts leave.
const COLS = [
  { x: M, w: 80, align: 'left' },
  { x: M + 85, w: W - 300, align: 'left' },
  { x: M + W - 210, w: 40, align: 'right' },
  { x: M + W - 165, w: 75, align: 'right' },
  { x: M + W - 85, w: 85, align: 'right' },
] as const;

export const documentTitle = (s: Pick<InvoiceSnapshot, 'kind'>) =>
  s.kind === 'invoice' ? 'Invoice' : 'Credit note';

function header(doc: PDFKit.PDFDocument, s: InvoiceSnapshot) {
  doc
    .font('bold')
    .fontSize(16)
    .fillColor('black')
    .text(s.shop.name, M, M, { width: W / 2 });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(GREY)
    .text([s.shop.address, s.shop.email, s.shop.phone, s.shop.taxId].join('\n'), M, doc.y + 2, {
      width: W / 2,
    });
  const leftEnd = doc.y;
  const right = { width: W / 2, align: 'right' } as const;
  doc
    .font('bold')
    .fontSize(20)
    .fillColor('black')
    .text(documentTitle(s).toUpperCase(), M + W / 2, M, right);
  const facts = [
    `Number: ${s.number}`,
    `Date: ${date(s.issuedAt)}`,
    ...(s.refersTo
      ? [`For invoice: ${s.refersTo.number}`, `Invoice date: ${date(s.refersTo.issuedAt)}`]
      : []),
  ];
  doc
    .font('regular')
    .fontSize(10)
    .text(facts.join('\n'), M + W / 2, doc.y + 4, right);
  doc.y = Math.max(leftEnd, doc.y) + 24;
}

function buyer(doc: PDFKit.PDFDocument, s: InvoiceSnapshot) {
  const b = s.buyer;
  doc
    .font('bold')
    .fontSize(10)
    .fillColor('black')
    .text(s.kind === 'invoice' ? 'Bill to' : 'Credit to', M);
  const lines = [
    b.name,
    b.company,
    b.address,
    b.email,
    b.phone,
    b.poNumber ? `PO number: ${b.poNumber}` : null,
  ].filter((l): l is string => Boolean(l));
  doc
    .font('regular')
    .fontSize(10)
    .text(lines.join('\n'), M, doc.y + 2, { width: W / 2 });
  doc.moveDown(1.5);
}

function row(doc: PDFKit.PDFDocument, cells: string[], font: 'regular' | 'bold') {
  doc.font(font).fontSize(10).fillColor('black');
  const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: COLS[i]!.w })));
  if (doc.y + height > BOTTOM - 80) doc.addPage();
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

function lines(doc: PDFKit.PDFDocument, s: InvoiceSnapshot) {
  const amount = s.kind === 'invoice' ? 'Amount' : 'Credited';
  row(doc, ['SKU', 'Description', 'Qty', 'Unit price', amount], 'bold');
  rule(doc);
  for (const l of s.lines)
    row(
      doc,
      [l.sku ?? '', l.description, String(l.quantity), money(l.unitPriceCents), money(l.totalCents)],
      'regular',
    );
  rule(doc);
  // Documents issued before shipping and tax (migration 0019) print their total alone, as they did.
  if (s.subtotalCents !== undefined) {
    const shipping = s.shippingMethod ? `Shipping (${s.shippingMethod})` : 'Shipping';
    const tax = s.taxExemptionNumber
      ? `Sales tax (exempt: certificate ${s.taxExemptionNumber})`
      : 'Sales tax';
    row(doc, ['', 'Subtotal', '', '', money(s.subtotalCents)], 'regular');
    row(doc, ['', shipping, '', '', money(s.shippingCents ?? 0)], 'regular');
    row(doc, ['', tax, '', '', money(s.taxCents ?? 0)], 'regular');
  }
  row(doc, ['', s.kind === 'invoice' ? 'Total paid' : 'Total credited', '', '', money(s.totalCents)], 'bold');
}

function footer(doc: PDFKit.PDFDocument, s: InvoiceSnapshot) {
  const notes =
    s.kind === 'invoice'
      ? [`Paid in full by card, ${s.currency}. Transaction: ${s.transactionId ?? '—'}.`]
      : [
          `Given back to the card that paid transaction ${s.transactionId ?? '—'}.`,
          `Refund: ${s.refundId ?? '—'}.`,
          `This credit note corrects invoice ${s.refersTo?.number ?? '—'}.`,
        ];
  doc.moveDown(1);
  doc.font('regular').fontSize(9).fillColor(GREY).text(notes.join('\n'), M, doc.y, { width: W });
}

/** The document as a PDF (A4), from its snapshot. */
export async function renderInvoicePdf(s: InvoiceSnapshot): Promise<Buffer> {
  const { regular, bold } = await loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: M,
    info: {
      Title: `${documentTitle(s)} ${s.number}`,
      Author: s.shop.name,
      CreationDate: new Date(s.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  header(doc, s);
  buyer(doc, s);
  lines(doc, s);
  footer(doc, s);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
