import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Invoice } from '@shared/invoices/invoices.schema';
import { companyMembers, invoices } from '../../db/schema';
import { AppError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { ShopDetails } from '../../infra/config-shop';
import type { Db, Tx } from '../../infra/db';
import type { MailFile } from '../../infra/mail';
import {
  invoiceFileName,
  toInvoice,
  type InvoiceBuyer,
  amountsOf,
  lineAmountCents,
  type InvoiceLine,
  type InvoiceRow,
  type InvoiceSnapshot,
} from './invoices.model';
import { storedGoodsCents } from '../pricing/index';
import { insertDocument, invoiceOf, issued, type IssuedDocument } from './invoices.documents';
import { renderInvoicePdf } from './invoices.pdf';

export type { InvoiceBuyer, InvoiceLine } from './invoices.model';

export { INVOICE_PDF, type IssuedDocument } from './invoices.documents';
export { issueRefundCreditNote, type RefundNoteLine } from './invoices.refund-notes';

/** What an invoice is for and prints; the caller (orders) gives plain values, so invoices never reads orders. */
export interface InvoiceInput {
  /** The buyer's account: who may download it. */
  userId: string;
  /** Exactly one of the two: a single order, or a checkout whose lines were paid together. */
  orderId: string | null;
  checkoutId: string | null;
  buyer: InvoiceBuyer;
  lines: Omit<InvoiceLine, 'totalCents'>[];
  transactionId: string;
  shop: ShopDetails;
  shippingMethod?: string | null;
  taxExemptionNumber?: string | null;
  /** Bought on account: the terms and due date it prints. */
  account?: { netDays: number; dueDate: string };
}

/**
 * Issues the invoice of a payment, in the transaction that marks the order or checkout paid: its number is taken
 * there, so a payment that rolls back never uses one up. Idempotent: an order or checkout has one invoice, and
 * asking again answers it.
 */
export async function issueInvoice(tx: Tx, input: InvoiceInput): Promise<IssuedDocument> {
  if (!input.orderId === !input.checkoutId) throw new Error('an invoice is for one order or one checkout');
  const [existing] = await tx.select().from(invoices).where(invoiceOf(input));
  if (existing) return issued(existing);
  const lines = input.lines.map((l) => ({ ...l, totalCents: storedGoodsCents(l) }));
  const about = {
    userId: input.userId,
    orderId: input.checkoutId ? null : input.orderId,
    checkoutId: input.checkoutId,
    refersTo: null,
  };
  return insertDocument(tx, 'invoice', about, {
    shop: input.shop,
    buyer: input.buyer,
    lines,
    ...amountsOf(lines),
    shippingMethod: input.shippingMethod ?? null,
    taxExemptionNumber: input.taxExemptionNumber ?? null,
    transactionId: input.transactionId,
    refundId: null,
    refersTo: null,
    ...(input.account ? { account: input.account } : {}),
  });
}

export interface CreditNoteInput {
  /** The refunded order, and the checkout it is a line of (if any). */
  orderId: string;
  checkoutId: string | null;
  refundId: string;
  amountCents: number;
  shop: ShopDetails;
}

/**
 * Issues the credit note of a confirmed refund, in the transaction that marks the order refunded, referring to the
 * invoice of the order (or of its checkout) and printing the refunded line. Null when nothing was invoiced (a late
 * payment given back before it ever paid the order). Idempotent: one credit note per refunded order.
 */
export async function issueCreditNote(tx: Tx, input: CreditNoteInput): Promise<IssuedDocument | null> {
  const [existing] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.kind, 'credit_note'), eq(invoices.orderId, input.orderId)));
  if (existing) return issued(existing);
  const [invoice] = await tx.select().from(invoices).where(invoiceOf(input));
  if (!invoice) return null;
  const printed = invoice.snapshot as InvoiceSnapshot;
  const refunded = printed.lines.filter((l) => l.orderId === input.orderId);
  // A refund of a whole line prints that line; any other amount prints as one refund line.
  const whole = refunded.reduce((sum, l) => sum + lineAmountCents(l), 0) === input.amountCents;
  const lines: InvoiceLine[] = whole
    ? refunded
    : [
        {
          orderId: input.orderId,
          ...(refunded[0]?.orderNumber !== undefined && { orderNumber: refunded[0].orderNumber }),
          description: `Refund for ${refunded.map((l) => l.description).join(', ') || 'your order'}`,
          quantity: 1,
          unitPriceCents: input.amountCents,
          totalCents: input.amountCents,
        },
      ];
  const about = {
    userId: invoice.userId,
    orderId: input.orderId,
    checkoutId: invoice.checkoutId,
    refersTo: invoice.id,
  };
  return insertDocument(tx, 'credit_note', about, {
    shop: input.shop,
    buyer: printed.buyer,
    lines,
    ...amountsOf(lines),
    totalCents: input.amountCents,
    shippingMethod: printed.shippingMethod ?? null,
    taxExemptionNumber: printed.taxExemptionNumber ?? null,
    transactionId: printed.transactionId,
    refundId: input.refundId,
    refersTo: { id: invoice.id, number: invoice.number, issuedAt: printed.issuedAt },
  });
}

/** An order's documents, oldest first: its invoice (or its checkout's) and its credit note. */
export async function documentsOfOrder(
  db: Db,
  order: { id: string; checkoutId: string | null },
): Promise<Invoice[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(
      or(
        eq(invoices.orderId, order.id),
        order.checkoutId ? invoiceOf({ orderId: null, checkoutId: order.checkoutId }) : undefined,
        // A refund of several lines of its checkout credits them on one note.
        order.checkoutId
          ? and(
              eq(invoices.checkoutId, order.checkoutId),
              eq(invoices.kind, 'credit_note'),
              sql`${invoices.snapshot} -> 'lines' @> ${JSON.stringify([{ orderId: order.id }])}::jsonb`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(invoices.issuedAt), asc(invoices.kind), asc(invoices.seq));
  return rows.map(toInvoice);
}

/** A checkout's documents, oldest first: its invoice and the credit notes of its refunded lines. */
export async function documentsOfCheckout(db: Db, checkoutId: string): Promise<Invoice[]> {
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.checkoutId, checkoutId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.kind), asc(invoices.seq));
  return rows.map(toInvoice);
}

/** A document's PDF, made from its snapshot. */
async function pdfOf(row: InvoiceRow): Promise<MailFile> {
  return {
    filename: invoiceFileName(row.number),
    content: await renderInvoicePdf(row.snapshot as InvoiceSnapshot),
    contentType: 'application/pdf',
  };
}

/**
 * Whether the caller is a company admin or buyer of the company the document was issued for: they see its
 * statement (docs/decisions/041-paying-on-account.md), so they may read the invoices on it. Read on every call.
 */
async function paysForCompany(db: Db, actor: SessionUser, companyId: string | null) {
  if (!companyId) return false;
  const [m] = await db
    .select({ companyId: companyMembers.companyId })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.userId, actor.id),
        eq(companyMembers.companyId, companyId),
        or(eq(companyMembers.isAdmin, true), eq(companyMembers.isBuyer, true)),
      ),
    );
  return Boolean(m);
}

/** The PDF of a document, for its buyer, a company admin or buyer of its company, or an admin. */
export async function invoicePdf(db: Db, actor: SessionUser, id: string): Promise<MailFile> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw notFound('Invoice');
  if (actor.role !== 'admin' && row.userId !== actor.id && !(await paysForCompany(db, actor, row.companyId)))
    throw new AppError('forbidden', 'This document belongs to another customer.');
  return pdfOf(row);
}

/** The PDF a mail job attaches (the mail was queued in the transaction that issued the document). */
export async function invoiceAttachment(db: Db, id: string): Promise<MailFile> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  if (!row) throw notFound('Invoice');
  return pdfOf(row);
}
