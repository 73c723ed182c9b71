import { GREY, M, W, renderPdf, rule, tableRow, BOTTOM, type Column } from '../../infra/pdf';
import type { InvoiceSnapshot } from './invoices.model';
import { formatCents } from '@shared/common/money';

/** PDFs of invoices and credit notes, made with PDFKit (infra/pdf.ts) from the stored snapshot only. */
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const date = (iso: string) => day.format(new Date(iso));

// Table columns: SKU, description, quantity, unit price, amount: the description keeps what the amounts leave.
const COLS: Column[] = [
  { x: M, w: 80, align: 'left' },
  { x: M + 85, w: W - 300, align: 'left' },
  { x: M + W - 210, w: 40, align: 'right' },
  { x: M + W - 165, w: 75, align: 'right' },
  { x: M + W - 85, w: 85, align: 'right' },
];

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
    // An invoice paid on account (docs/decisions/041-paying-on-account.md) names its terms and due date.
    ...(s.account ? [`Terms: Net ${s.account.netDays}`, `Due date: ${date(s.account.dueDate)}`] : []),
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

// A row leaves room for the footer below the table.
const row = (doc: PDFKit.PDFDocument, cells: string[], font: 'regular' | 'bold') =>
  tableRow(doc, COLS, cells, font, BOTTOM - 80);

function lines(doc: PDFKit.PDFDocument, s: InvoiceSnapshot) {
  const amount = s.kind === 'invoice' ? 'Amount' : 'Credited';
  row(doc, ['SKU', 'Description', 'Qty', 'Unit price', amount], 'bold');
  rule(doc);
  for (const l of s.lines)
    row(
      doc,
      [
        l.sku ?? '',
        // The order's number, as the buyer's order list and mails show it (documents before it had none).
        l.orderNumber === undefined ? l.description : `${l.description} (order #${l.orderNumber})`,
        String(l.quantity),
        formatCents(l.unitPriceCents),
        formatCents(l.totalCents),
      ],
      'regular',
    );
  rule(doc);
  // Documents issued before shipping and tax (migration 0019) print their total alone, as they did.
  if (s.subtotalCents !== undefined) {
    const shipping = s.shippingMethod ? `Shipping (${s.shippingMethod})` : 'Shipping';
    const tax = s.taxExemptionNumber
      ? `Sales tax (exempt: certificate ${s.taxExemptionNumber})`
      : 'Sales tax';
    row(doc, ['', 'Subtotal', '', '', formatCents(s.subtotalCents)], 'regular');
    row(doc, ['', shipping, '', '', formatCents(s.shippingCents ?? 0)], 'regular');
    row(doc, ['', tax, '', '', formatCents(s.taxCents ?? 0)], 'regular');
  }
  const totalLabel = s.kind === 'invoice' ? (s.account ? 'Total due' : 'Total paid') : 'Total credited';
  row(doc, ['', totalLabel, '', '', formatCents(s.totalCents)], 'bold');
}

function footer(doc: PDFKit.PDFDocument, s: InvoiceSnapshot) {
  const notes =
    s.kind === 'invoice'
      ? s.account
        ? [
            `Bought on account, ${s.currency}: payment of ${formatCents(s.totalCents)} is due by ${date(s.account.dueDate)} (Net ${s.account.netDays}).`,
          ]
        : [`Paid in full by card, ${s.currency}. Transaction: ${s.transactionId ?? '—'}.`]
      : [
          `Given back to the card that paid transaction ${s.transactionId ?? '—'}.`,
          `Refund: ${s.refundId ?? '—'}.`,
          `This credit note corrects invoice ${s.refersTo?.number ?? '—'}.`,
        ];
  doc.moveDown(1);
  doc.font('regular').fontSize(9).fillColor(GREY).text(notes.join('\n'), M, doc.y, { width: W });
}

/** The document as a PDF (A4), from its snapshot. */
export function renderInvoicePdf(s: InvoiceSnapshot): Promise<Buffer> {
  const info = {
    Title: `${documentTitle(s)} ${s.number}`,
    Author: s.shop.name,
    CreationDate: new Date(s.issuedAt),
  };
  return renderPdf(info, (doc) => {
    header(doc, s);
    buyer(doc, s);
    lines(doc, s);
    footer(doc, s);
  });
}
