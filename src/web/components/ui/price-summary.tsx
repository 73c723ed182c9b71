import { formatPrice } from '@/lib/format';

/**
 * A sale's price, line by line: goods, shipping (with its method), tax (or the exemption that waives it) and the
 * total. `shipping` left out means it is not known yet (no method chosen).
 */
export function PriceSummary({
  subtotal,
  shipping,
  shippingMethod,
  tax,
  exemptionNumber,
  total,
  label = 'Price summary',
  className = '',
}: {
  subtotal: number;
  shipping?: number | undefined;
  shippingMethod?: string | null | undefined;
  tax?: number | undefined;
  exemptionNumber?: string | null | undefined;
  total: number;
  /** The list's accessible name. */
  label?: string;
  className?: string;
}) {
  return (
    <dl aria-label={label} className={`grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 ${className}`}>
      <dt>Subtotal</dt>
      <dd className="text-right whitespace-nowrap">{formatPrice(subtotal)}</dd>
      <dt>{shippingMethod ? `Shipping (${shippingMethod})` : 'Shipping'}</dt>
      <dd className="text-right whitespace-nowrap">
        {shipping === undefined ? '—' : shipping === 0 ? 'Free' : formatPrice(shipping)}
      </dd>
      <dt>{exemptionNumber ? `Tax exempt (certificate ${exemptionNumber})` : 'Tax'}</dt>
      <dd className="text-right whitespace-nowrap">{tax === undefined ? '—' : formatPrice(tax)}</dd>
      <dt className="border-t border-base-300 pt-1 font-semibold">Total</dt>
      <dd className="border-t border-base-300 pt-1 text-right font-bold whitespace-nowrap">
        {formatPrice(total)}
      </dd>
    </dl>
  );
}

/** Whether an order or a checkout charges more than its goods (then its price is worth itemising). */
export const chargesDelivery = (o: { shipping: number; tax: number }) => o.shipping > 0 || o.tax > 0;
