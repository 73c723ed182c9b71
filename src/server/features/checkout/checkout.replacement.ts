import type { Checkout } from '@shared/checkout/checkout.schema';
import type { SessionUser } from '../../http/auth-guard';
import type { Tx } from '../../infra/db';
import { markPaidIn, totalCents, type OrderDeps } from '../orders/index';
import { checkoutPayable } from './checkout.payment';
import { toCheckout } from './checkout.model';
import { placeSale } from './place.sale';
import type { SaleDelivery } from './place.types';

/** A unit to send again: the product and how many, at no charge. */
export interface ReplacementLine {
  productId: string;
  quantity: number;
}

/**
 * A warranty replacement (decision 065, addendum): the shop sells the buyer the same products again at an agreed
 * unit price of 0 through the one placement pipeline, so stock is reserved, the order is numbered, announced, shipped
 * and shown like any other. `priceSale` prices it with `noCharge` (the shop bears shipping, so no tax either); every
 * line totals $0.00 and the checkout is settled without a payment in the sale's own transaction, invoice included.
 * `lines(tx)` runs first in that transaction (the caller locks its own record there) and `done` last.
 */
export async function placeReplacement(
  deps: OrderDeps,
  buyer: SessionUser,
  delivery: SaleDelivery,
  reference: string,
  steps: { lines(tx: Tx): Promise<ReplacementLine[]>; done(tx: Tx, checkout: Checkout): Promise<void> },
): Promise<Checkout> {
  let settled: Checkout | undefined;
  await placeSale(
    deps,
    buyer,
    { source: 'replacement', delivery },
    {
      lines: async (tx) => (await steps.lines(tx)).map((l) => ({ ...l, unitPriceCents: 0 })),
      async done(tx, { co, lines }) {
        const charged = lines.reduce((sum, l) => sum + totalCents(l), 0);
        if (charged !== 0) throw new Error(`a replacement was priced at ${charged} cents`);
        const { head, lines: paid } = await markPaidIn(tx, deps, checkoutPayable(deps, co.id), {
          transactionId: reference,
          amountCents: 0,
        });
        settled = toCheckout(head, paid, deps.expiryMs);
        await steps.done(tx, settled);
      },
    },
  );
  return settled!;
}
