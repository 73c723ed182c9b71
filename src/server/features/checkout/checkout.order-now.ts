import { backorderNote, type OrderCreate, type OrderCreated } from '@shared/orders/orders.schema';
import { formatCents } from '@shared/common/money';
import type { SessionUser } from '../../http/auth-guard';
import { addressTextOf, goodsCents, totalCents, type OrderDeps } from '../orders/index';
import { placeSale } from './place.sale';
import type { PlacedSale } from './place.types';

/**
 * What the buyer saves and where it comes from, as priceSale counted it: " (you save $24.00: $12.00 quantity price,
 * $12.00 contract price)", one source named alone, nothing when nothing is saved.
 */
export function savingsText({ quantityCents, contractCents }: PlacedSale['savings']): string {
  const total = quantityCents + contractCents;
  if (total <= 0) return '';
  if (contractCents <= 0) return ` (you save ${formatCents(total)} with the quantity price)`;
  if (quantityCents <= 0) return ` (you save ${formatCents(total)} with your contract price)`;
  return ` (you save ${formatCents(total)}: ${formatCents(quantityCents)} quantity price, ${formatCents(contractCents)} contract price)`;
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
