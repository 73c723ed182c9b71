import { messages } from '@shared/messages';
import { cartMessages } from '@shared/cart/cart.schema';
import { checkoutMessages } from '@shared/checkout/checkout.schema';
import { linesTotalProblem, quantityProblem, totalProblem } from '@shared/orders/orders.schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Tx } from '../../infra/db';
import { orderableStock, type ProductPricing } from '../catalogue/index';
import { lineProblem } from '../cart/index';
import { priceDelivery, type GoodsLine, type OrderDeps } from '../orders/index';
import { goodsFacts, priceSale } from '../pricing/index';
import { deliveryToLocation } from './checkout.location';
import type { Sale, SaleLine } from './place.types';

/** One line the checkout refuses, and why: what the 409's `lines` list. */
export interface LineProblem {
  productId: string;
  name: string;
  problem: string;
}

/** A 409 that names every line at fault: its body is checkoutLinesProblemSchema (the error handler sends it). */
export class CheckoutLinesError extends AppError {
  constructor(readonly lines: LineProblem[]) {
    super('conflict', checkoutMessages.linesProblem, undefined, { statusCode: 409, lines });
  }
}

export type Pricing = Map<string, ProductPricing>;

/** Order Now's refusal when the stock is short: a conflict with the shop's state (409), named on the spec's field. */
export const soldOut = () => fieldError('conflict', 'quantity', messages.quantityAboveStock);

/** The lead time that backorders a line above the stock (the quote's, else a backorderable product's), or null. */
export function backorderLeadTime(line: SaleLine | undefined, p: ProductPricing): number | null {
  if (line?.leadTimeDays !== undefined && line.leadTimeDays !== null) return line.leadTimeDays;
  return orderableStock(p) > p.quantity ? p.leadTimeDays : null;
}

/** Why a cart or quote line cannot be ordered now: the cart's rules, or for a fixed price the stock and the cap. */
function problemOf(line: SaleLine, p: ProductPricing | undefined): string | null {
  if (!p) return cartMessages.discontinued;
  if (line.unitPriceCents === undefined) return lineProblem(line.quantity, p);
  // The quoted quantity was agreed by the shop: minimum and pack size no longer apply, the stock does.
  if (p.archived) return cartMessages.discontinued;
  if (line.quantity > p.quantity && backorderLeadTime(line, p) === null) return messages.quantityAboveStock;
  return totalProblem(line.quantity, line.unitPriceCents);
}

/**
 * Step 1, validate: every line can be ordered as asked (product sold, minimum, packs, stock or backorder). Order Now
 * answers as the spec's single order does (404 for an unknown product, 409/400 on `quantity`); the cart and a quote
 * answer one 409 naming every line at fault.
 */
export function validateStep(sale: Sale, lines: SaleLine[], pricing: Pricing): void {
  if (sale.source === 'order_now') {
    const [line] = lines;
    const product = pricing.get(line!.productId);
    if (!product || product.archived) throw notFound('Product');
    // A backorderable product may be ordered above its stock (decision 037); others keep the spec's stock message.
    const problem = quantityProblem(line!.quantity, { ...product, quantity: orderableStock(product) });
    if (problem === messages.quantityAboveStock) throw soldOut();
    if (problem) throw fieldError('bad_request', 'quantity', problem);
    return;
  }
  const problems: LineProblem[] = [];
  for (const line of lines) {
    const p = pricing.get(line.productId);
    const problem = problemOf(line, p);
    if (problem) problems.push({ productId: line.productId, name: p?.name ?? '', problem });
  }
  if (problems.length) throw new CheckoutLinesError(problems);
}

/** A priced sale: each line's unit price and shares of shipping and tax, the delivery's columns, the total. */
export interface PricedSale {
  pricing: Pricing;
  lines: SaleLine[];
  goods: GoodsLine[];
  delivery: Awaited<ReturnType<typeof priceDelivery>>;
  /** Whether it ships to a company location (whose address is not saved among the buyer's own). */
  atLocation: boolean;
  totalCents: number;
  savings: { quantityCents: number; contractCents: number };
}

/** The sale's cap, checked before anything is written: a sale one card payment cannot take could never be paid. */
function capProblem(sale: Sale, goods: GoodsLine[], extrasCents: number): AppError | null {
  if (sale.source === 'order_now') {
    const [g] = goods;
    const problem = totalProblem(g!.quantity, g!.unitPriceCents, extrasCents);
    return problem ? fieldError('bad_request', 'quantity', problem) : null;
  }
  const problem = linesTotalProblem(goods, extrasCents);
  return problem ? new AppError('bad_request', problem) : null;
}

/**
 * Step 2, price: unit prices, then the goods' cap, then shipping and tax for the chosen method and destination (a
 * company location brings its address and exemption), then the cap again with them — all by `priceSale`, the one
 * pricing function (priceDelivery prices the delivery through it). A sale's money is worked out here only.
 */
export async function priceStep(
  tx: Tx,
  deps: OrderDeps,
  customer: SessionUser,
  sale: Sale,
  lines: SaleLine[],
  pricing: Pricing,
): Promise<PricedSale> {
  // The one pricing function (decision 052) prices the goods from the catalogue rows read in this transaction:
  // breaks, contract prices, or the quote's agreed price taken as is.
  const goodsSale = priceSale(goodsFacts(pricing), {
    lines: lines.map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      ...(l.unitPriceCents !== undefined && { unitPriceCents: l.unitPriceCents }),
    })),
  });
  const goods: GoodsLine[] = goodsSale.lines.map((l) => ({
    productId: l.productId,
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
  }));
  const goodsCap = capProblem(sale, goods, 0);
  if (goodsCap) throw goodsCap;
  const input = sale.delivery;
  const at = await deliveryToLocation(tx, deps, customer.id, input.locationId);
  const delivery = await priceDelivery(tx, at.deps.delivery, customer.id, goods, {
    ...input,
    ...(at.location && { shipTo: at.location.shipTo }),
    addressText: input.address,
    ...(sale.source === 'replacement' && { noCharge: true }),
  });
  const extras = [...delivery.shippingCents, ...delivery.taxCents].reduce((a, b) => a + b, 0);
  const withExtras = capProblem(sale, goods, extras);
  if (withExtras) throw withExtras;
  return {
    pricing,
    lines,
    goods,
    delivery,
    atLocation: Boolean(at.location),
    totalCents: goodsSale.goodsCents + extras,
    savings: goodsSale.savings,
  };
}
