import { desc, eq } from 'drizzle-orm';
import { stateOfZip } from '@shared/common/us-address';
import type { DestinationRatesRequest, RatesRequest, Rates } from '@shared/orders/delivery.schema';
import { addresses } from '../../db/schema';
import { notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { cartRows } from '../cart/index';
import type { GoodsLine, OrderDeps } from '../orders/index';
import {
  loadSaleFacts,
  priceSale,
  priceSaleIn,
  withDelivery,
  type Destination,
  type PricedSale,
} from '../pricing/index';
import { deliveryToLocation } from './checkout.location';
import { centsToDollars } from '@shared/common/money';

/**
 * The ways the caller's cart, or one product line (the Order Now form), can ship to a ZIP, each priced with its tax
 * and the sale's total, cheapest total first: `priceSale` prices them as it prices the order, so the cart's estimate
 * and the checkout's choice read the same figures the order will be charged.
 */
export async function shippingRates(
  deps: OrderDeps,
  customer: SessionUser,
  req: RatesRequest,
): Promise<Rates> {
  const wanted = req.productId
    ? [{ productId: req.productId, quantity: req.quantity! }]
    : await cartRows(deps.db, customer.id);
  // Rated at the company location's address, taxed with its certificate as the checkout will be (decision 039).
  const at = await deliveryToLocation(deps.db, deps, customer.id, req.locationId);
  const to = at.location ? { ...req, ...at.location.shipTo } : req;
  const destination = destinationOfRequest(to);
  const goods = await loadSaleFacts(deps.db, customer.id, { lines: wanted }, at.deps.delivery);
  if (req.productId && !goods.pricing.get(req.productId)) throw notFound('Product');
  const lines = wanted.filter((w) => goods.pricing.get(w.productId)?.archived === false);
  const request = { lines, destination, liftgate: to.liftgate, residential: to.residential };
  const facts = await withDelivery(deps.db, customer.id, goods, request, at.deps.delivery);
  return ratesOf(priceSale(facts, request));
}

const destinationOfRequest = (to: DestinationRatesRequest): Destination => {
  const zip = to.zip.slice(0, 5);
  return { state: to.state ?? stateOfZip(zip)!, zip, from: 'address' };
};

/** The surcharges the freight options would add (the dearest, so the price shown is never below the charge). */
function freightExtrasOf(options: { kind: string; liftgateCents?: number; residentialCents?: number }[]) {
  const freight = options.filter((o) => o.kind === 'freight');
  if (freight.length === 0) return null;
  const most = (pick: (o: (typeof freight)[number]) => number | undefined) =>
    Math.max(...freight.map((o) => pick(o) ?? 0));
  const liftgateCents = most((o) => o.liftgateCents);
  const residentialCents = most((o) => o.residentialCents);
  return {
    liftgate: centsToDollars(liftgateCents),
    residential: centsToDollars(residentialCents),
    liftgateCents,
    residentialCents,
  };
}

/**
 * The ways these goods (at the prices given: an accepted quote's) ship to a destination, each priced with its tax
 * and the sale's total, cheapest total first.
 */
export async function ratesOfLines(
  deps: OrderDeps,
  customerId: string,
  lines: GoodsLine[],
  to: DestinationRatesRequest,
): Promise<Rates> {
  const request = {
    lines,
    destination: destinationOfRequest(to),
    liftgate: to.liftgate ?? false,
    residential: to.residential ?? false,
  };
  const { sale } = await priceSaleIn(deps.db, customerId, request, deps.delivery);
  return ratesOf(sale);
}

/** The rates call's answer (the spec's dollars, converted here at the contract's edge). */
function ratesOf(sale: PricedSale): Rates {
  const { state, zip } = sale.destination!;
  return {
    destination: { state, zip },
    subtotal: centsToDollars(sale.goodsCents),
    subtotalCents: sale.goodsCents,
    exemptionNumber: sale.destinationExemption,
    notice: sale.notice,
    freightExtras: freightExtrasOf(sale.options),
    options: [...sale.options]
      .sort((a, b) => a.totalCents - b.totalCents)
      .map((o) => ({
        optionId: o.optionId,
        kind: o.kind,
        name: o.name,
        shipping: centsToDollars(o.cents),
        tax: centsToDollars(o.taxCents),
        total: centsToDollars(o.totalCents),
        shippingCents: o.cents,
        taxCents: o.taxCents,
        totalCents: o.totalCents,
        minDays: o.minDays,
        maxDays: o.maxDays,
        liftgate: o.liftgate,
        residential: o.residential,
        pickupLocation: o.pickupLocation
          ? {
              _id: o.pickupLocation.id,
              name: o.pickupLocation.name,
              street: o.pickupLocation.street,
              city: o.pickupLocation.city,
              state: o.pickupLocation.state,
              zip: o.pickupLocation.zip,
              readyHours: o.pickupLocation.readyHours,
            }
          : null,
      })),
  };
}

/** The customer's saved addresses, most recently used first (the ten latest). */
export async function savedAddresses(deps: OrderDeps, userId: string) {
  const rows = await deps.db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.usedAt))
    .limit(10);
  return rows.map((a) => ({ _id: a.id, street: a.street, city: a.city, state: a.state, zip: a.zip }));
}
