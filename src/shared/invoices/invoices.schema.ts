import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';

export const invoiceKinds = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];

/** An issued invoice or credit note as the API lists it; its PDF is at `pdfUrl` (the owner or an admin). */
export const invoiceSchema = z.object({
  _id: idSchema,
  kind: z.enum(invoiceKinds),
  /** INV-2026-000123 or CN-2026-000045: gapless per kind and year. */
  number: z.string(),
  issuedAt: z.iso.datetime(),
  /** In dollars: what was paid (invoice) or given back (credit note). */
  total: z.number(),
  /** The single order it is for (a credit note: the refunded order, also when it is a line of a checkout). */
  orderId: idSchema.nullable(),
  /** The checkout it is for, when its lines were paid together. */
  checkoutId: idSchema.nullable(),
  /** A credit note's invoice. */
  refersTo: z.object({ _id: idSchema, number: z.string() }).nullable(),
  transactionId: z.string().nullable(),
  refundId: z.string().nullable(),
  poNumber: z.string().nullable(),
  /** An invoice bought on account: the day its payment is due (docs/decisions/041-paying-on-account.md). */
  dueDate: z.iso.date().nullable(),
  pdfUrl: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.array(invoiceSchema);

/** The file name of a document's PDF: its number. */
export const invoiceFileName = (number: string) => `${number}.pdf`;
