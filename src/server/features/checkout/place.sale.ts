import type { SessionUser } from '../../http/auth-guard';
import { loadPricing } from '../catalogue/index';
import { announceOrders, countOrderPlaced, deliveryOf, type OrderDeps } from '../orders/index';
import { priceStep, validateStep } from './place.price';
import { insertStep, limitsStep, notifyStep, reserveStep } from './place.write';
import type { PlacedSale, Sale, SaleFrame } from './place.types';

export type { PlacedSale, Sale, SaleDelivery, SaleFrame, SaleLine, SaleSource } from './place.types';

/**
 * The one way a sale is placed (docs/decisions/051-one-placement-pipeline.md): validate → price → limits and
 * approval → insert → reserve → notify, in one transaction, so a refusal at any step writes nothing — no row, no
 * order number, no reservation, no mail. The lock order is the same for every source: the customer's row, their
 * company membership, the order-number counter, then each product's stock in product-id order.
 */
export async function placeSale(
  deps: OrderDeps,
  customer: SessionUser,
  sale: Sale,
  frame: SaleFrame,
): Promise<PlacedSale> {
  const placed = await deps.db.transaction(async (tx) => {
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
    const reserved = await reserveStep(tx, deps, sale, priced, inserted.lines);
    const result = { co: inserted.co, lines: reserved, savings: priced.savings };
    await notifyStep(tx, deps, customer, result);
    const delivery = deliveryOf(result.co);
    await announceOrders(
      tx,
      'order.created',
      result.lines.map((l) => ({ ...l, delivery })),
      deps.expiryMs,
    );
    await frame.done?.(tx, result);
    return result;
  });
  for (const line of placed.lines) countOrderPlaced(line);
  return placed;
}
