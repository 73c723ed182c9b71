import { useId } from 'react';
import type { CartLine } from '@shared/cart/cart.schema';
import { savingsWords } from '@shared/catalogue/pricing';
import { formatCents } from '@shared/common/money';
import { shippingCost } from '@/lib/shipping-rates';

/** A way to ship as the rates call priced it, with the sale's shipping, tax and total. */
interface PricedOption {
  name: string;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * The unit price the server reached at this quantity and what it saves, by source ("you save $24.00: $12.00
 * quantity price, $12.00 contract price"); nothing when nothing is saved or the server has not answered for it.
 */
export function SavingNote({ line }: { line: CartLine | undefined }) {
  const words =
    line &&
    savingsWords({ quantityCents: line.quantitySavingCents, contractCents: line.contractSavingCents });
  if (!line || !words) return null;
  return (
    <p className="rounded-box bg-success/10 px-4 py-3">
      Unit price {formatCents(line.unitPriceCents)} at this quantity — {words}
    </p>
  );
}

/** The dialog's Total: with a way to ship chosen, what the payment page will charge (goods, shipping and tax). */
export function OrderTotal({
  goodsCents,
  chosen,
}: {
  goodsCents: number | null;
  chosen: PricedOption | undefined;
}) {
  const totalId = useId();
  return (
    <>
      <p className="flex items-baseline justify-between gap-3 rounded-box bg-base-200 px-4 py-3">
        <span id={totalId} className="font-medium">
          Total
        </span>
        <output aria-labelledby={totalId} aria-live="polite" className="text-xl font-bold text-primary">
          {goodsCents === null ? '—' : chosen ? formatCents(chosen.totalCents) : formatCents(goodsCents)}
        </output>
      </p>
      {goodsCents !== null && chosen && chosen.totalCents !== goodsCents && (
        <p className="-mt-3 text-right text-sm text-base-content/75">
          Goods {formatCents(goodsCents)}, shipping {shippingCost(chosen.shippingCents)}, tax{' '}
          {formatCents(chosen.taxCents)}
        </p>
      )}
    </>
  );
}

/** What the chosen method adds: shipping and tax, charged with the goods on the payment page. */
export function ShippingNote({ to, option }: { to: { state: string; zip: string }; option: PricedOption }) {
  return (
    <p role="status" className="text-sm text-base-content/75">
      {`Shipping to ${to.state} ${to.zip}: ${shippingCost(option.shippingCents)} (${option.name}), tax ${formatCents(option.taxCents)}; total ${formatCents(option.totalCents)} on the payment page.`}
    </p>
  );
}
