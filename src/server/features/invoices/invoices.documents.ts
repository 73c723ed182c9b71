import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { InvoiceKind } from '@shared/invoices/invoices.schema';
import { checkouts, invoices, orders } from '../../db/schema';
import type { Tx } from '../../infra/db';
import type { MailAttachmentRef } from '../../infra/mail';
import { documentNumber, toInvoice, type InvoiceRow, type InvoiceSnapshot } from './invoices.model';
import { nextSeq } from './invoices.numbering';
import { recordEvent } from '../webhooks/index';

// How every document is numbered and stored: invoices and both kinds of credit notes issue through here.

/** The mail attachment source of documents' PDFs (made when the mail job runs, from the stored snapshot). */
export const INVOICE_PDF = 'invoice-pdf';

/** What the caller learns of a document it issued: enough to name it in a mail and attach its PDF. */
export interface IssuedDocument {
  id: string;
  number: string;
  attachment: MailAttachmentRef;
}

export const issued = (row: InvoiceRow): IssuedDocument => ({
  id: row.id,
  number: row.number,
  attachment: { source: INVOICE_PDF, id: row.id },
});

/** Numbers a document, in the caller's transaction, and stores it with what it prints. */
export async function insertDocument(
  tx: Tx,
  kind: InvoiceKind,
  about: Pick<InvoiceRow, 'userId' | 'orderId' | 'checkoutId' | 'refersTo'>,
  printed: Omit<InvoiceSnapshot, 'kind' | 'number' | 'issuedAt' | 'currency'>,
): Promise<IssuedDocument> {
  const issuedAt = new Date();
  const year = issuedAt.getUTCFullYear();
  const seq = await nextSeq(tx, kind, year);
  const number = documentNumber(kind, year, seq);
  const snapshot: InvoiceSnapshot = {
    kind,
    number,
    issuedAt: issuedAt.toISOString(),
    currency: 'USD',
    ...printed,
  };
  const [row] = await tx
    .insert(invoices)
    .values({
      kind,
      number,
      year,
      seq,
      ...about,
      // The company the order or checkout was placed for (docs/decisions/039-trade-accounts.md).
      companyId: about.checkoutId
        ? sql<
            string | null
          >`(select ${checkouts.companyId} from ${checkouts} where ${checkouts.id} = ${about.checkoutId})`
        : sql<
            string | null
          >`(select ${orders.companyId} from ${orders} where ${orders.id} = ${about.orderId})`,
      totalCents: snapshot.totalCents,
      issuedAt,
      snapshot,
    })
    .returning();
  const type = kind === 'invoice' ? 'invoice.issued' : 'credit_note.issued';
  await recordEvent(tx, { type, companyId: row!.companyId, data: toInvoice(row!) });
  return issued(row!);
}

export const invoiceOf = (p: { orderId: string | null; checkoutId: string | null }): SQL =>
  and(
    eq(invoices.kind, 'invoice'),
    p.checkoutId ? eq(invoices.checkoutId, p.checkoutId) : eq(invoices.orderId, p.orderId!),
  )!;
