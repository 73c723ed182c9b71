import { inArray } from 'drizzle-orm';
import { products } from '../../db/schema';
import type { Tx } from '../../infra/db';
import { issueCreditNote, issueInvoice, type IssuedDocument } from '../invoices/invoices.service';
import { checkoutOfLine, type OrderDeps, type OrderRow } from './orders.model';
import type { OrderLine } from './orders.line-delivery';

/** Issues the invoice of an order just marked paid, in that transaction (the invoices feature numbers it). */
export async function invoiceOrder(
  tx: Tx,
  deps: Pick<OrderDeps, 'shop'>,
  row: OrderLine,
): Promise<IssuedDocument> {
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
    lines: await invoiceLines(tx, [row]),
    transactionId: row.transactionId!,
    shop: deps.shop,
    shippingMethod: row.delivery.shippingMethodName,
    taxExemptionNumber: row.delivery.taxExemptionNumber,
  });
}

/** Order rows as invoice lines: SKU (as the catalogue has it now, frozen by the invoice), goods, shipping, tax. */
export async function invoiceLines(tx: Tx, rows: OrderRow[]) {
  const ids = [...new Set(rows.map((r) => r.productId))];
  const skus = new Map(
    (
      await tx.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.id, ids))
    ).map((p) => [p.id, p.sku]),
  );
  return rows.map((r) => ({
    orderId: r.id,
    orderNumber: r.orderNumber,
    sku: skus.get(r.productId) ?? '',
    description: r.productName,
    quantity: r.quantity,
    unitPriceCents: r.unitPriceCents,
    shippingCents: r.shippingCents,
    taxCents: r.taxCents,
  }));
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
    checkoutId: checkoutOfLine(row),
    refundId: row.refundId!,
    amountCents: row.refundAmountCents!,
    shop: deps.shop,
  });
  return note ?? undefined;
}
