import { desc, eq } from 'drizzle-orm';
import { stateOfZip } from '@shared/common/us-address';
import { unitPriceCentsAt } from '@shared/catalogue/pricing';
import type { DestinationRatesRequest, RatesRequest, Rates } from '@shared/orders/delivery.schema';
import { addresses } from '../../db/schema';
import { notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { loadPricing } from '../catalogue/index';
import { cartRows } from '../cart/index';
import { quoteDelivery, type GoodsLine, type OrderDeps } from '../orders/index';
import { deliveryToLocation, locationExemptionIn } from './checkout.location';
import { centsToDollars } from '@shared/common/money';

/**
 * The ways the caller's cart, or one product line (the Order Now form), can ship to a ZIP, each priced with its tax
 * and the sale's total, cheapest total first: the cart's estimate and the checkout's choice read the same figures
 * the order will be charged.
 */
export async function shippingRates(
  deps: OrderDeps,
  customer: SessionUser,
  req: RatesRequest,
): Promise<Rates> {
  const wanted = req.productId
    ? [{ productId: req.productId, quantity: req.quantity! }]
    : await cartRows(deps.db, customer.id);
  const pricing = await loadPricing(
    deps.db,
    wanted.map((w) => w.productId),
    customer.id,
  );
  if (req.productId && !pricing.get(req.productId)) throw notFound('Product');
  const lines: GoodsLine[] = [];
  for (const w of wanted) {
    const p = pricing.get(w.productId);
    if (!p || p.archived) continue;
    lines.push({
      productId: p.id,
      quantity: w.quantity,
      unitPriceCents: unitPriceCentsAt(w.quantity, p.priceCents, p.breaks, p.contractCents),
    });
  }
  if (!req.locationId) return ratesOfLines(deps, customer.id, lines, req);
  // Rated at the company location's address, taxed with its exemption as the checkout will be (decision 039).
  const at = await deliveryToLocation(deps.db, deps, customer.id, req.locationId);
  const { state, zip } = at.location!.shipTo;
  const rates = await ratesOfLines(at.deps, customer.id, lines, { ...req, state, zip });
  return {
    ...rates,
    exemptionNumber: rates.exemptionNumber ?? locationExemptionIn(at.location, state),
  };
}

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
 * The ways these goods (at the prices given) ship to a destination, each priced with its tax and the sale's total,
 * cheapest total first: what the cart, one product line and an accepted quote are all charged by.
 */
export async function ratesOfLines(
  deps: OrderDeps,
  customerId: string,
  lines: GoodsLine[],
  to: DestinationRatesRequest,
): Promise<Rates> {
  const zip = to.zip.slice(0, 5);
  const state = to.state ?? stateOfZip(zip)!;
  const quote = await quoteDelivery(
    deps.db,
    deps.delivery,
    customerId,
    lines,
    { state, zip, from: 'address' },
    { liftgate: to.liftgate ?? false, residential: to.residential ?? false },
  );
  return {
    destination: { state, zip },
    subtotal: centsToDollars(quote.subtotalCents),
    subtotalCents: quote.subtotalCents,
    exemptionNumber: quote.exemptionNumber,
    notice: quote.notice,
    freightExtras: freightExtrasOf(quote.options),
    options: [...quote.options]
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
