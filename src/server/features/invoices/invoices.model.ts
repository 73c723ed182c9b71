import { invoiceFileName, type Invoice, type InvoiceKind } from '@shared/invoices/invoices.schema';
import type { invoices } from '../../db/schema';
import type { ShopDetails } from '../../infra/config-shop';
import { centsToDollars } from '@shared/common/money';

/** Rows stay inside the invoices feature; what leaves it is the API shape or an `IssuedDocument`. */
export type InvoiceRow = typeof invoices.$inferSelect;

export interface InvoiceBuyer {
  name: string;
  email: string;
  company: string | null;
  poNumber: string | null;
  address: string;
  phone: string | null;
}

export interface InvoiceLine {
  /** The order this line is (a checkout's invoice has one line per order). */
  orderId: string;
  /** The order's short number (docs/decisions/049-order-numbers.md; absent on documents issued before it). */
  orderNumber?: number;
  /** The product's SKU when issued (documents issued before migration 0019 have none). */
  sku?: string;
  description: string;
  quantity: number;
  unitPriceCents: number;
  /** The goods: quantity × unit price. */
  totalCents: number;
  /** The line's shares of the sale's shipping and tax (absent on documents issued before 0019: none). */
  shippingCents?: number;
  taxCents?: number;
}

/**
 * Everything an issued document prints, exactly as it was when it was issued (stored as jsonb and never changed):
 * the PDF is made from this alone, so a later change of the shop's details, the customer's name or a product's
 * price never changes an invoice.
 */
export interface InvoiceSnapshot {
  kind: InvoiceKind;
  number: string;
  issuedAt: string;
  currency: 'USD';
  shop: ShopDetails;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  /** Goods, shipping and tax, adding up to `totalCents` (absent on documents issued before migration 0019). */
  subtotalCents?: number;
  shippingCents?: number;
  taxCents?: number;
  /** How it shipped, and the exemption certificate that made it tax-free. */
  shippingMethod?: string | null;
  taxExemptionNumber?: string | null;
  totalCents: number;
  /** The payment the invoice was paid by (a credit note: the payment given back). */
  transactionId: string | null;
  /** A credit note's refund at the payment provider. */
  refundId: string | null;
  /** A credit note's invoice. */
  refersTo: { id: string; number: string; issuedAt: string } | null;
  /** An invoice bought on account: its terms and the UTC day it is due (absent: paid by card when issued). */
  account?: { netDays: number; dueDate: string };
}

const prefixes: Record<InvoiceKind, string> = { invoice: 'INV', credit_note: 'CN' };

/** INV-2026-000123: kind, year, and the number within that year (six digits, more once past 999999). */
export const documentNumber = (kind: InvoiceKind, year: number, seq: number) =>
  `${prefixes[kind]}-${year}-${String(seq).padStart(6, '0')}`;

export const pdfUrl = (id: string) => `/api/invoices/${id}/pdf`;

export function toInvoice(row: InvoiceRow): Invoice {
  const s = row.snapshot as InvoiceSnapshot;
  return {
    _id: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    total: centsToDollars(row.totalCents),
    orderId: row.orderId,
    checkoutId: row.checkoutId,
    refersTo: s.refersTo && { _id: s.refersTo.id, number: s.refersTo.number },
    transactionId: s.transactionId,
    refundId: s.refundId,
    poNumber: s.buyer.poNumber,
    dueDate: s.account?.dueDate ?? null,
    pdfUrl: pdfUrl(row.id),
  };
}

export { invoiceFileName };

/** A line's whole amount: goods + its shipping + its tax. */
export const lineAmountCents = (l: InvoiceLine) => l.totalCents + (l.shippingCents ?? 0) + (l.taxCents ?? 0);

/** The subtotal, shipping and tax of a set of lines, and their total. */
export function amountsOf(lines: InvoiceLine[]) {
  const subtotalCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
  const shippingCents = lines.reduce((sum, l) => sum + (l.shippingCents ?? 0), 0);
  const taxCents = lines.reduce((sum, l) => sum + (l.taxCents ?? 0), 0);
  return { subtotalCents, shippingCents, taxCents, totalCents: subtotalCents + shippingCents + taxCents };
}
