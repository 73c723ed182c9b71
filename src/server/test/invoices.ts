import type { FastifyInstance } from 'fastify';
import type { Invoice } from '@shared/invoices/invoices.schema';
import type { TimelineEntry } from '@shared/invoices/timeline.schema';
import type { Client } from './auth';

/** The text of a PDF, page by page, read back with PDF.js the way a reader or an accountant's tool extracts it. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(
      content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''),
    );
  }
  await doc.destroy();
  return pages.join('\n');
}

/** GET /api/order/{id}/invoices as `client`. */
export async function documentsOf(app: FastifyInstance, client: Client, orderId: string) {
  const res = await app.inject({ url: `/api/order/${orderId}/invoices`, headers: client.headers });
  if (res.statusCode !== 200) throw new Error(`invoices: ${res.statusCode} ${res.body}`);
  return res.json() as Invoice[];
}

/** GET /api/order/{id}/timeline as `client`. */
export async function timelineOf(app: FastifyInstance, client: Client, orderId: string) {
  const res = await app.inject({ url: `/api/order/${orderId}/timeline`, headers: client.headers });
  if (res.statusCode !== 200) throw new Error(`timeline: ${res.statusCode} ${res.body}`);
  return (res.json() as { entries: TimelineEntry[] }).entries;
}

/** Downloads a document's PDF as `client` (any answer: tests check refusals too). */
export const downloadPdf = (app: FastifyInstance, client: Client | undefined, id: string) =>
  app.inject({ url: `/api/invoices/${id}/pdf`, headers: client?.headers ?? {} });
