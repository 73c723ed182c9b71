import type { PriceBreakCents } from '@shared/catalogue/pricing';
import type { RateRequest, RateTables, ShippingOption } from '../shipping/index';
import type { TaxRateRow } from '../tax/index';

/** The facts `priceSale` is given and the priced sale it returns (pricing.sale.ts). */

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
  quoted?: {
    shipment: RateRequest;
    options: readonly ShippingOption[];
    /** Nothing delivers this parcel shipment only because of its weight (decision 077). */
    tooHeavy?: boolean;
  };
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
