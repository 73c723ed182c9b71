import type { ProductPricingFields } from '@shared/catalogue/catalogue.schema';
import { formatCount, formatPrice } from '@/lib/format';

/**
 * "1–9", "10–49", "50+": the quantities each unit price applies to, from the base price's row on. Quantities below
 * the minimum order cannot be ordered, so a row wholly below it is left out and the first row starts at it.
 */
export function priceBreakRows(price: number, breaks: ProductPricingFields['priceBreaks'], minOrder = 1) {
  const sorted = [...breaks].sort((a, b) => a.minQuantity - b.minQuantity);
  const starts = [{ minQuantity: 1, price }, ...sorted];
  return starts.flatMap((b, i) => {
    const next = starts[i + 1];
    if (next && next.minQuantity - 1 < minOrder) return [];
    const from = Math.max(b.minQuantity, minOrder);
    return [
      {
        quantity: next
          ? `${formatCount(from)}–${formatCount(next.minQuantity - 1)}`
          : `${formatCount(from)}+`,
        price: b.price,
      },
    ];
  });
}

/**
 * How the product is sold beyond its one price: whole packs, and cheaper per unit from a quantity on. Renders
 * nothing for a product sold singly at one price (or when the API did not send these fields).
 */
export function ProductPricing({
  price,
  packSize = 1,
  priceBreaks = [],
  minOrder = 1,
}: {
  price: number;
  /** The product's minimum order: the table starts there. */
  minOrder?: number;
  packSize?: number | undefined;
  priceBreaks?: ProductPricingFields['priceBreaks'] | undefined;
}) {
  if (packSize <= 1 && priceBreaks.length === 0) return null;
  return (
    <div className="flex flex-col gap-3">
      {packSize > 1 && <p className="font-semibold">Sold in packs of {formatCount(packSize)}</p>}
      {priceBreaks.length > 0 && (
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table">
            <caption className="px-4 pt-3 text-left font-semibold">Price per unit by quantity</caption>
            <thead>
              <tr>
                <th scope="col">Quantity</th>
                <th scope="col">Unit price</th>
              </tr>
            </thead>
            <tbody>
              {priceBreakRows(price, priceBreaks, minOrder).map((row) => (
                <tr key={row.quantity}>
                  <td>{row.quantity}</td>
                  <td>{formatPrice(row.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
