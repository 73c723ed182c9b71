import { savingsCentsAt, unitPriceCentsAt, type PriceBreakCents } from '@shared/catalogue/pricing';
import { shippingNeedsQuote } from '@shared/orders/delivery.schema';
import { MAX_ORDER_TOTAL_CENTS, linesTotalProblem, totalProblem } from '@shared/orders/orders.schema';
import {
  allocate,
  tableOptions,
  type RateRequest,
  type RateTables,
  type ShippingOption,
} from '../shipping/index';
import { rateFor, taxOf, type TaxRateRow } from '../tax/index';

/**
 * `priceSale`: the one function that prices a sale (docs/decisions/052-one-pricing-function.md). Pure: facts in
 * (products' prices and weights, the buyer's contract prices and certificates, the shipping and tax tables), a priced
 * sale out. The rules are decision 037's (shipping, tax, shares), 022's (breaks) and 039's (contract prices).
 */

/** What pricing needs of one product: its price rules and how it ships. */
export interface ProductFacts {
  name: string;
  priceCents: number;
  /** Sorted by minimum quantity; empty when the product has one price. */
  breaks: readonly PriceBreakCents[];
  /** The buyer's contract unit price, or null. */
  contractCents: number | null;
  /** One unit's weight (shipping weight, else its weight spec); null when unknown (decision 046). */
  unitWeightGrams: number | null;
  shipsAs: 'parcel' | 'freight';
  freightClass: string | null;
}

/** An approved, unexpired tax exemption certificate: the first one covering the state taxed applies. */
export interface Exemption {
  number: string;
  states: readonly string[];
}

export interface SaleFacts {
  products: ReadonlyMap<string, ProductFacts>;
  /** The shop's active shipping methods, zones, rate rows and pickup locations. */
  rates: RateTables;
  /**
   * The ways to ship as a shipping provider quoted them for one shipment (`rateRequestOf`), used instead of `rates`:
   * what the loader fetches. A sale whose shipment is another one is a caller's mistake, and throws.
   */
  quoted?: { shipment: RateRequest; options: readonly ShippingOption[] };
  taxRates: readonly TaxRateRow[];
  /** The buyer's certificates first, then any the sale inherits (a company location's), in the order they apply. */
  exemptions: readonly Exemption[];
}

export interface Destination {
  state: string;
  zip: string;
  /** Where it came from: the structured address, the free text, or the shop's own (the documented fallback). */
  from: 'address' | 'text' | 'shop';
}

export interface SaleLine {
  productId: string;
  quantity: number;
  /** A price agreed beforehand (a quote's): taken as is, breaks and contract prices do not apply. */
  unitPriceCents?: number;
}

export interface SaleRequest {
  lines: readonly SaleLine[];
  /** Without one the sale is goods only (the cart): no options, no shipping, no tax. */
  destination?: Destination;
  liftgate?: boolean;
  residential?: boolean;
  /**
   * Price the sale with a way to ship: the option named, or with `{}` the documented fallback (the cheapest option
   * that delivers, never pickup unasked; no shipping charge when none can). Without it, lines carry no shipping or
   * tax and only `options` price the ways to ship.
   */
  choose?: { optionId?: string | undefined };
  /**
   * The shop bears the delivery (a warranty replacement, decision 065's addendum): the chosen way to ship is kept for
   * fulfilment, but no line carries a shipping share, so the tax on it is 0 too. Goods keep their own prices.
   */
  noCharge?: boolean;
}

/** What a line saves against the base price, by where the saving comes from, for the whole line. */
export interface Savings {
  quantityCents: number;
  contractCents: number;
}

export interface PricedLine {
  productId: string;
  quantity: number;
  basePriceCents: number;
  unitPriceCents: number;
  /** Where the unit price comes from: the list (base or a break), the buyer's contract, or an agreed (quoted) price. */
  priceFrom: 'list' | 'contract' | 'agreed';
  goodsCents: number;
  savings: Savings;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** Why this line alone is too large for one card payment (goods only), or null. */
  capProblem: string | null;
}

/** A way to ship the sale, priced: its cost, the tax with it and the sale's total, in cents. */
export interface PricedOption extends ShippingOption {
  taxCents: number;
  totalCents: number;
}

/** Why the chosen way to ship cannot be used: a 400 (named option not available) or 409 (weight unknown). */
export interface ChoiceProblem {
  code: 'bad_request' | 'conflict';
  field: 'shippingOption';
  message: string;
}

export interface PricedSale {
  destination: Destination | null;
  lines: PricedLine[];
  goodsCents: number;
  savings: Savings;
  /** Every way the sale can ship to the destination, each with its tax and total, in the tables' order. */
  options: PricedOption[];
  /** Why delivery is not offered (a product without a shipping weight needs a quote), else null. */
  notice: string | null;
  /** The certificate that applies at the destination, whatever the option (what the rates call shows). */
  destinationExemption: string | null;
  /** The option taken when `choose` was asked (null: none, or no way to ship and no charge). */
  chosen: ShippingOption | null;
  choiceProblem: ChoiceProblem | null;
  /** The tax actually charged: its rate (0 when exempt), and the certificate that made it 0. */
  taxRatePpm: number;
  exemptionNumber: string | null;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  /** Why the sale (goods, shipping and tax) is more than one card payment can take, or null. */
  capProblem: string | null;
}

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

/** The ways the goods can ship; with a product of unknown weight only pickup, and `notice` says why. */
function shippingOptions(facts: SaleFacts, request: SaleRequest, goodsCents: number) {
  const unweighed = new Set<string>();
  for (const l of request.lines) {
    const p = facts.products.get(l.productId);
    if (p && p.unitWeightGrams === null) unweighed.add(p.name);
  }
  const shipment = rateRequestOf(facts, request, goodsCents);
  const all = facts.quoted ? quotedFor(facts.quoted, shipment) : tableOptions(facts.rates, shipment);
  if (unweighed.size === 0) return { options: all, notice: null };
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
