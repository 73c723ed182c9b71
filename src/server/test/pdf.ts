import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real one-page PDF, made with pdf-lib, with the given text on it. */
export async function makePdf(text = 'Datasheet'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}
