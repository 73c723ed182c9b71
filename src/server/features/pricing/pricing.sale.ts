import { savingsCentsAt, unitPriceCentsAt } from '@shared/catalogue/pricing';
import { gramsToLb } from '@shared/catalogue/product-shipping';
import { shippingNeedsQuote, shippingTooHeavy } from '@shared/orders/delivery.schema';
import { MAX_ORDER_TOTAL_CENTS, linesTotalProblem, totalProblem } from '@shared/orders/orders.schema';
import {
  allocate,
  parcelLimitGrams,
  shipmentOf,
  tableOptions,
  type RateRequest,
  type ShippingOption,
} from '../shipping/index';
import { rateFor, taxOf } from '../tax/index';
import type {
  ProductFacts,
  Exemption,
  SaleFacts,
  SaleLine,
  SaleRequest,
  PricedLine,
  PricedOption,
  ChoiceProblem,
  PricedSale,
} from './pricing.types';

/**
 * `priceSale`: the one function that prices a sale (docs/decisions/052-one-pricing-function.md). Pure: facts in
 * (products' prices and weights, the buyer's contract prices and certificates, the shipping and tax tables), a priced
 * sale out. The rules are decision 037's (shipping, tax, shares), 022's (breaks) and 039's (contract prices).
 */

export type * from './pricing.types';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

const exemptionIn = (exemptions: readonly Exemption[], state: string) =>
  exemptions.find((e) => e.states.includes(state.toUpperCase()))?.number ?? null;

function priceLine(line: SaleLine, p: ProductFacts | undefined) {
  if (line.unitPriceCents !== undefined) {
    // Measured against itself: a quote's saving is the quote's business, not the list's.
    return {
      basePriceCents: line.unitPriceCents,
      unitPriceCents: line.unitPriceCents,
      priceFrom: 'agreed' as const,
      savings: { quantityCents: 0, contractCents: 0 },
    };
  }
  if (!p) throw new Error(`priceSale: no facts for product ${line.productId}`);
  const unit = unitPriceCentsAt(line.quantity, p.priceCents, p.breaks, p.contractCents);
  const savings = savingsCentsAt(line.quantity, p.priceCents, p.breaks, p.contractCents);
  return {
    basePriceCents: p.priceCents,
    unitPriceCents: unit,
    priceFrom: savings.contractCents > 0 ? ('contract' as const) : ('list' as const),
    savings,
  };
}

/** Shipping shared over the goods (by value), and the tax on both, sold at `taxedAt`. */
function taxed(
  facts: SaleFacts,
  goods: number[],
  shippingCents: number,
  taxedAt: { state: string; zip: string },
) {
  const shares = allocate(shippingCents, goods);
  const tax = taxOf(rateFor([...facts.taxRates], taxedAt), {
    destination: { state: taxedAt.state, zip: taxedAt.zip },
    lines: goods.map((g, i) => ({ goodsCents: g, shippingCents: shares[i]! })),
    exemptionNumber: exemptionIn(facts.exemptions, taxedAt.state),
  });
  return { shares, tax };
}

/** The shipment a sale's lines make, as the shipping tables or a carrier rate it (`goodsCents` for free shipping). */
export function rateRequestOf(facts: SaleFacts, request: SaleRequest, goodsCents: number): RateRequest {
  return {
    items: request.lines.map((l) => {
      const p = facts.products.get(l.productId);
      return {
        quantity: l.quantity,
        unitWeightGrams: p?.unitWeightGrams ?? 0,
        shipsAs: p?.shipsAs ?? ('parcel' as const),
        freightClass: p?.freightClass ?? null,
      };
    }),
    destination: { state: request.destination!.state, zip: request.destination!.zip },
    subtotalCents: goodsCents,
    liftgate: request.liftgate ?? false,
    residential: request.residential ?? false,
  };
}

function quotedFor(quoted: NonNullable<SaleFacts['quoted']>, shipment: RateRequest): ShippingOption[] {
  if (JSON.stringify(quoted.shipment) !== JSON.stringify(shipment))
    throw new Error('priceSale: the shipping was quoted for another shipment');
  return [...quoted.options];
}

/**
 * A parcel shipment no parcel band of the shop's tables holds can only be picked up: without a notice, a sale with
 * no choice would be delivered with no shipping charged, as if it weighed nothing (decision 077). A provider's quote
 * says so itself (`withDelivery` asks it).
 */
function tooHeavyNotice(facts: SaleFacts, shipment: RateRequest): string | null {
  const { grams, freight } = shipmentOf(shipment.items);
  const limit = parcelLimitGrams(facts.rates);
  const tooHeavy = facts.quoted ? facts.quoted.tooHeavy : limit !== null && !freight && grams > limit;
  return tooHeavy ? shippingTooHeavy(gramsToLb(grams)) : null;
}

/** The ways the goods can ship; with a product of unknown weight only pickup, and `notice` says why. */
function shippingOptions(facts: SaleFacts, request: SaleRequest, goodsCents: number) {
  const unweighed = new Set<string>();
  for (const l of request.lines) {
    const p = facts.products.get(l.productId);
    if (p && p.unitWeightGrams === null) unweighed.add(p.name);
  }
  const shipment = rateRequestOf(facts, request, goodsCents);
  const all = facts.quoted ? quotedFor(facts.quoted, shipment) : tableOptions(facts.rates, shipment);
  if (unweighed.size === 0) return { options: all, notice: tooHeavyNotice(facts, shipment) };
  const options = all.filter((o) => o.kind === 'pickup');
  return { options, notice: options.length < all.length ? shippingNeedsQuote([...unweighed]) : null };
}

function choose(
  options: ShippingOption[],
  notice: string | null,
  optionId: string | undefined,
): { chosen: ShippingOption | null; problem: ChoiceProblem | null } {
  if (optionId) {
    const chosen = options.find((o) => o.optionId === optionId) ?? null;
    if (chosen) return { chosen, problem: null };
    const message = notice ?? 'is not a way this order can ship to this address';
    return { chosen: null, problem: { code: 'bad_request', field: 'shippingOption', message } };
  }
  // Delivered free because its weight is unknown would be the same mistake as priced at no weight.
  if (notice)
    return { chosen: null, problem: { code: 'conflict', field: 'shippingOption', message: notice } };
  const cheapest = options.filter((o) => o.kind !== 'pickup').sort((a, b) => a.cents - b.cents)[0];
  return { chosen: cheapest ?? null, problem: null };
}

/** Prices a sale: unit prices, goods, savings, every way to ship with its tax, the chosen one's shares, the caps. */
export function priceSale(facts: SaleFacts, request: SaleRequest): PricedSale {
  const priced = request.lines.map((l) => ({ line: l, ...priceLine(l, facts.products.get(l.productId)) }));
  const goods = priced.map((p) => p.line.quantity * p.unitPriceCents);
  const goodsCents = sum(goods);
  const savings = {
    quantityCents: sum(priced.map((p) => p.savings.quantityCents)),
    contractCents: sum(priced.map((p) => p.savings.contractCents)),
  };
  const destination = request.destination ?? null;
  let options: PricedOption[] = [];
  let notice: string | null = null;
  let chosen: ShippingOption | null = null;
  let choiceProblem: ChoiceProblem | null = null;
  let shares = goods.map(() => 0);
  let taxes = goods.map(() => 0);
  let taxRatePpm = 0;
  let exemptionNumber: string | null = null;
  if (destination) {
    const shipping = shippingOptions(facts, request, goodsCents);
    notice = shipping.notice;
    options = shipping.options.map((o) => {
      const { tax } = taxed(facts, goods, o.cents, o.pickupLocation ?? destination);
      return { ...o, taxCents: tax.totalCents, totalCents: goodsCents + o.cents + tax.totalCents };
    });
    if (request.choose) {
      ({ chosen, problem: choiceProblem } = choose(shipping.options, notice, request.choose.optionId));
      if (!choiceProblem) {
        const charged = request.noCharge ? 0 : (chosen?.cents ?? 0);
        const t = taxed(facts, goods, charged, chosen?.pickupLocation ?? destination);
        shares = t.shares;
        taxes = t.tax.lineCents;
        taxRatePpm = t.tax.ratePpm;
        exemptionNumber = t.tax.exemptionNumber;
      }
    }
  }
  const lines: PricedLine[] = priced.map((p, i) => ({
    productId: p.line.productId,
    quantity: p.line.quantity,
    basePriceCents: p.basePriceCents,
    unitPriceCents: p.unitPriceCents,
    priceFrom: p.priceFrom,
    goodsCents: goods[i]!,
    savings: p.savings,
    shippingCents: shares[i]!,
    taxCents: taxes[i]!,
    totalCents: goods[i]! + shares[i]! + taxes[i]!,
    capProblem: totalProblem(p.line.quantity, p.unitPriceCents),
  }));
  const shippingCents = sum(shares);
  const taxCents = sum(taxes);
  const totalCents = goodsCents + shippingCents + taxCents;
  return {
    destination,
    lines,
    goodsCents,
    savings,
    options,
    notice,
    destinationExemption: destination ? exemptionIn(facts.exemptions, destination.state) : null,
    chosen,
    choiceProblem,
    taxRatePpm,
    exemptionNumber,
    shippingCents,
    taxCents,
    totalCents,
    capProblem: totalCents > MAX_ORDER_TOTAL_CENTS ? linesTotalProblem([], totalCents) : null,
  };
}
