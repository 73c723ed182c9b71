import type { ShopDetails } from '../../infra/config-shop';
import type { Tx } from '../../infra/db';
import { invoices } from '../../db/schema';
import { amountsOf, type InvoiceLine, type InvoiceSnapshot } from './invoices.model';
import { insertDocument, invoiceOf, type IssuedDocument } from './invoices.documents';

/** One line of a refund as its credit note prints it (the orders feature plans it; see refund-plan.ts). */
export interface RefundNoteLine {
  orderId: string;
  orderNumber?: number | undefined;
  sku?: string | undefined;
  description: string;
  /** Units refunded; 0 for a share of an amount refund. */
  quantity: number;
  unitPriceCents: number;
  goodsCents: number;
  shippingCents: number;
  taxCents: number;
  /** Part of these units' value already given back by an earlier amount refund. */
  lessEarlierCents: number;
  amountCents: number;
  /** A return's restocking fee kept of these units (issue 43), printed as a line of its own. */
  restockingFeeCents?: number | undefined;
  restockingFeePercent?: number | undefined;
}

export interface RefundCreditNoteInput {
  /** The order it credits (a single order, or the one line of a checkout it touches), or null for several lines. */
  orderId: string | null;
  checkoutId: string | null;
  refundId: string;
  amountCents: number;
  kind: 'lines' | 'amount';
  lines: RefundNoteLine[];
  shop: ShopDetails;
}

/**
 * Issues the credit note of one confirmed refund of a sale (docs/decisions/053-partial-refunds.md), in the
 * transaction that marks it refunded, referring to the sale's invoice: each line with the units and unit price
 * refunded and its shipping and tax shares, less what an earlier amount refund gave back of them, or one amount line
 * per line of an amount refund. Its total is the refund. Null when the sale was never invoiced.
 */
export async function issueRefundCreditNote(
  tx: Tx,
  input: RefundCreditNoteInput,
): Promise<IssuedDocument | null> {
  const [invoice] = await tx.select().from(invoices).where(invoiceOf(input));
  if (!invoice) return null;
  const printed = invoice.snapshot as InvoiceSnapshot;
  const lines: InvoiceLine[] = input.lines.flatMap((l) => {
    const who = {
      orderId: l.orderId,
      ...(l.orderNumber !== undefined && { orderNumber: l.orderNumber }),
    };
    if (l.quantity === 0)
      return [
        {
          ...who,
          description: `Refund of an amount: ${l.description}`,
          quantity: 1,
          unitPriceCents: l.amountCents,
          totalCents: l.amountCents,
        },
      ];
    const units: InvoiceLine = {
      ...who,
      ...(l.sku !== undefined && { sku: l.sku }),
      description: l.description,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      totalCents: l.goodsCents,
      shippingCents: l.shippingCents,
      taxCents: l.taxCents,
    };
    const less = (description: string, cents: number): InvoiceLine => ({
      ...who,
      description,
      quantity: 1,
      unitPriceCents: -cents,
      totalCents: -cents,
    });
    return [
      units,
      ...(l.lessEarlierCents
        ? [less(`Less already refunded as an amount: ${l.description}`, l.lessEarlierCents)]
        : []),
      ...(l.restockingFeeCents
        ? [
            less(
              `Less restocking fee (${l.restockingFeePercent ?? 0}%): ${l.description}`,
              l.restockingFeeCents,
            ),
          ]
        : []),
    ];
  });
  const amounts = amountsOf(lines);
  if (amounts.totalCents !== input.amountCents)
    throw new Error(`credit note lines add up to ${amounts.totalCents}, the refund is ${input.amountCents}`);
  return insertDocument(
    tx,
    'credit_note',
    { userId: invoice.userId, orderId: input.orderId, checkoutId: invoice.checkoutId, refersTo: invoice.id },
    {
      shop: input.shop,
      buyer: printed.buyer,
      lines,
      ...amounts,
      shippingMethod: printed.shippingMethod ?? null,
      taxExemptionNumber: printed.taxExemptionNumber ?? null,
      transactionId: printed.transactionId,
      refundId: input.refundId,
      refersTo: { id: invoice.id, number: invoice.number, issuedAt: printed.issuedAt },
    },
  );
}
