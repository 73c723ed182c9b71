import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * What the shop's PDFs (invoices, credit notes, packing slips) share: A4 with 50 pt margins, DejaVu Sans embedded as
 * `regular` and `bold` (the PDF standard fonts cover only Western European letters, and a buyer named Łukasz or
 * Дмитрий must come out as written; PDFKit subsets it and writes a ToUnicode map, so the text can be extracted),
 * tables drawn row by row, and the finished document as one buffer.
 */
const require = createRequire(import.meta.url);
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
const loadFonts = () =>
  (fonts ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold })));

const PAGE = { width: 595.28, height: 841.89 };
/** The margin, the writable width and the lowest line a row may reach. */
export const M = 50;
export const W = PAGE.width - 2 * M;
export const BOTTOM = PAGE.height - M;
export const GREY = '#4b5563';

export type Column = { readonly x: number; readonly w: number; readonly align: 'left' | 'right' };

/** One table row in `columns`, on a new page when it would pass `bottom`; the cursor moves below it. */
export function tableRow(
  doc: PDFKit.PDFDocument,
  columns: readonly Column[],
  cells: string[],
  font: 'regular' | 'bold',
  bottom = BOTTOM,
) {
  doc.font(font).fontSize(10).fillColor('black');
  const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: columns[i]!.w })));
  if (doc.y + height > bottom) doc.addPage();
  const y = doc.y;
  cells.forEach((c, i) => doc.text(c, columns[i]!.x, y, { width: columns[i]!.w, align: columns[i]!.align }));
  doc.y = y + height + 6;
}

/** A thin line across the page under the cursor. */
export function rule(doc: PDFKit.PDFDocument) {
  doc
    .moveTo(M, doc.y)
    .lineTo(M + W, doc.y)
    .lineWidth(0.5)
    .strokeColor('#9ca3af')
    .stroke();
  doc.y += 6;
}

/** A4 document with the shop's fonts: `draw` writes it, the result is the whole file. */
export async function renderPdf(
  info: { Title: string; Author: string; CreationDate: Date },
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const { regular, bold } = await loadFonts();
  const doc = new PDFDocument({ size: 'A4', margin: M, info });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  draw(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
