import type { SessionUser } from '../../http/auth-guard';
import { loadPricing } from '../catalogue/index';
import { announceOrders, countOrderPlaced, deliveryOf, type OrderDeps } from '../orders/index';
import { priceStep, validateStep } from './place.price';
import { insertStep, limitsStep, mayBackorder, notifyStep, reserveStep } from './place.write';
import { saleGate } from './place.locks';
import type { PlacedSale, Sale, SaleFrame } from './place.types';
import type { Tx } from '../../infra/db';

export type { PlacedSale, Sale, SaleDelivery, SaleFrame, SaleLine, SaleSource } from './place.types';

/**
 * The one way a sale is placed (docs/decisions/051-one-placement-pipeline.md): validate → price → limits and
 * approval → insert → reserve → notify, in one transaction, so a refusal at any step writes nothing — no row, no
 * order number, no reservation, no mail. Every source takes its rows in the one lock order of place.locks.ts (the
 * entry point's record, the customer's row, their company membership, the order-number counter, then the products
 * in product-id order), inside the instance's sale gate. When no line may go on backorder, the reservation runs
 * after notify and the frame's `done` (it changes nothing they write), so the products' rows stay locked for the
 * shortest time.
 */
export async function placeSale(
  deps: OrderDeps,
  customer: SessionUser,
  sale: Sale,
  frame: SaleFrame,
): Promise<PlacedSale> {
  const placed = await saleGate(deps.db).run(() => placeInTransaction(deps, customer, sale, frame));
  for (const line of placed.lines) countOrderPlaced(line);
  return placed;
}

function placeInTransaction(
  deps: OrderDeps,
  customer: SessionUser,
  sale: Sale,
  frame: SaleFrame,
): Promise<PlacedSale> {
  return deps.db.transaction(async (tx) => {
    const lines = await frame.lines(tx);
    // Read in the reservation's transaction: the price, the rules and the stock taken commit together.
    const pricing = await loadPricing(
      tx,
      lines.map((l) => l.productId),
      customer.id,
    );
    validateStep(sale, lines, pricing);
    const priced = await priceStep(tx, deps, customer, sale, lines, pricing);
    const approval = await limitsStep(tx, deps, customer, sale, priced);
    const inserted = await insertStep(tx, customer, sale, priced, approval);
    const written = { co: inserted.co, lines: inserted.lines, savings: priced.savings };
    // Without a backorder, taking the stock changes no row of the sale: the stock is then taken last, so every other
    // buyer of these products waits on their rows for the stock updates and the commit only (decision 068). A
    // refusal there still rolls back the mail, the events and the frame's work written before it.
    // A replacement's `done` settles it, numbering its invoice: the invoice number comes after the products in the
    // lock order (place.locks.ts), as when a late payment takes stock, so its stock is taken first.
    if (!mayBackorder(priced) && sale.source !== 'replacement') {
      await finishStep(tx, deps, customer, frame, written);
      await reserveStep(tx, deps, sale, priced, inserted.lines);
      return written;
    }
    const reserved = await reserveStep(tx, deps, sale, priced, inserted.lines);
    const result = { ...written, lines: reserved };
    await finishStep(tx, deps, customer, frame, result);
    return result;
  });
}

/** What a placed sale writes after its rows: the mail, the order.created events, then the entry point's own work. */
async function finishStep(
  tx: Tx,
  deps: OrderDeps,
  customer: SessionUser,
  frame: SaleFrame,
  placed: PlacedSale,
): Promise<void> {
  await notifyStep(tx, deps, customer, placed);
  const delivery = deliveryOf(placed.co);
  await announceOrders(
    tx,
    'order.created',
    placed.lines.map((l) => ({ ...l, delivery })),
    deps.expiryMs,
  );
  await frame.done?.(tx, placed);
}
