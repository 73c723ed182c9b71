import { backorderNote, type OrderCreate, type OrderCreated } from '@shared/orders/orders.schema';
import { formatCents } from '@shared/common/money';
import { savingsWords } from '@shared/catalogue/pricing';
import type { SessionUser } from '../../http/auth-guard';
import { addressTextOf, goodsCents, totalCents, type OrderDeps } from '../orders/index';
import { placeSale } from './place.sale';
import type { PlacedSale } from './place.types';

/** The acknowledgement's saving: " (you save $12.00 with the quantity price)", or nothing when nothing is saved. */
export function savingsText(savings: PlacedSale['savings']): string {
  const words = savingsWords(savings);
  return words ? ` (${words})` : '';
}

/**
 * Order Now (the spec's `POST /api/order/{email}`): one product, placed through the same pipeline as a checkout,
 * answered with the spec's acknowledgement. Name and unit price come from the catalogue, never from the caller.
 */
export async function placeOrderNow(
  deps: OrderDeps,
  customer: SessionUser,
  input: OrderCreate,
): Promise<OrderCreated> {
  const { productId, quantity, ...choice } = input;
  const delivery = { ...choice, address: addressTextOf(input.address, input.shipTo) };
  const { lines, savings } = await placeSale(
    deps,
    customer,
    { source: 'order_now', delivery },
    { lines: async () => [{ productId, quantity }] },
  );
  const row = lines[0]!;
  const saved = savingsText(savings);
  const extras =
    row.shippingCents + row.taxCents > 0
      ? `: ${formatCents(goodsCents(row))} goods + ${formatCents(row.shippingCents)} shipping + ${formatCents(row.taxCents)} tax`
      : '';
  const note = backorderNote(row);
  const backordered = note ? ` ${note[0]!.toUpperCase()}${note.slice(1)}.` : '';
  return {
    acknowledged: true,
    insertedId: row.id,
    message: `Your order for ${row.quantity} × ${row.productName} is placed at ${formatCents(row.unitPriceCents)} each, ${formatCents(totalCents(row))} in total${extras}${saved}.${backordered} Please pay for it to confirm it.`,
  };
}
