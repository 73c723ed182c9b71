import type { Cart, CartLine } from '@shared/cart/cart.schema';
import type { Rates, ShippingOptionView } from '@shared/orders/delivery.schema';
import type { Quote } from '@shared/quotes/quotes.schema';
import { dollarsToCents } from '@shared/common/money';

/**
 * Test data answers with their `…Cents` twins filled from the dollars the fixture gives (as the server answers both,
 * docs/decisions/050-one-money-type.md), so a fixture states each figure once and the two never disagree.
 */

type LineCents = 'basePriceCents' | 'unitPriceCents' | 'lineTotalCents' | 'savingCents';
export const cartLineCents = (l: Omit<CartLine, LineCents>): CartLine => ({
  ...l,
  basePriceCents: dollarsToCents(l.basePrice),
  unitPriceCents: dollarsToCents(l.unitPrice),
  lineTotalCents: dollarsToCents(l.lineTotal),
  savingCents: dollarsToCents(l.saving),
});

export const cartCents = (
  c: Omit<Cart, 'totalCents' | 'savingCents' | 'lines'> & { lines: CartLine[] },
): Cart => ({
  ...c,
  totalCents: dollarsToCents(c.total),
  savingCents: dollarsToCents(c.saving),
});

export const optionCents = (
  o: Omit<ShippingOptionView, 'shippingCents' | 'taxCents' | 'totalCents'>,
): ShippingOptionView => ({
  ...o,
  shippingCents: dollarsToCents(o.shipping),
  taxCents: dollarsToCents(o.tax),
  totalCents: dollarsToCents(o.total),
});

type RatesInput = Omit<Rates, 'subtotalCents' | 'freightExtras' | 'options'> & {
  freightExtras: { liftgate: number; residential: number } | null;
  options: Parameters<typeof optionCents>[0][];
};
export const ratesCents = (r: RatesInput): Rates => ({
  ...r,
  subtotalCents: dollarsToCents(r.subtotal),
  options: r.options.map(optionCents),
  freightExtras: r.freightExtras && {
    ...r.freightExtras,
    liftgateCents: dollarsToCents(r.freightExtras.liftgate),
    residentialCents: dollarsToCents(r.freightExtras.residential),
  },
});

type QuoteLine = Quote['lines'][number];
export const quoteLineCents = (l: Omit<QuoteLine, 'listPriceCents' | 'unitPriceCents'>): QuoteLine => ({
  ...l,
  listPriceCents: dollarsToCents(l.listPrice),
  unitPriceCents: l.unitPrice === null ? null : dollarsToCents(l.unitPrice),
});
