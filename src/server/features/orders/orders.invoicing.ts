import type { Tx } from '../../infra/db';
import { issueCreditNote, issueInvoice, type IssuedDocument } from '../invoices/invoices.service';
import type { OrderDeps, OrderRow } from './orders.model';

/** Issues the invoice of an order just marked paid, in that transaction (the invoices feature numbers it). */
export function invoiceOrder(tx: Tx, deps: Pick<OrderDeps, 'shop'>, row: OrderRow): Promise<IssuedDocument> {
  return issueInvoice(tx, {
    userId: row.userId,
    orderId: row.id,
    checkoutId: null,
    buyer: {
      name: row.name,
      email: row.email,
      company: null,
      poNumber: null,
      address: row.address,
      phone: row.phone ?? row.number,
    },
    lines: [
      {
        orderId: row.id,
        description: row.productName,
        quantity: row.quantity,
        unitPriceCents: row.unitPriceCents,
      },
    ],
    transactionId: row.transactionId!,
    shop: deps.shop,
  });
}

/**
 * Issues the credit note of an order whose refund the provider just confirmed, in the transaction that marks it
 * refunded; undefined when the order was never invoiced (a payment that arrived too late and was given back).
 */
export async function creditRefundedOrder(
  tx: Tx,
  deps: Pick<OrderDeps, 'shop'>,
  row: OrderRow,
): Promise<IssuedDocument | undefined> {
  const note = await issueCreditNote(tx, {
    orderId: row.id,
    checkoutId: row.checkoutId,
    refundId: row.refundId!,
    amountCents: row.refundAmountCents!,
    shop: deps.shop,
  });
  return note ?? undefined;
}
