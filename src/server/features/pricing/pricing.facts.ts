import type { Db, Tx } from '../../infra/db';
import { loadPricing, shippingProfiles, type ProductPricing } from '../catalogue/index';
import {
  shipmentOf,
  tableRatesProvider,
  type RateRequest,
  type RateTables,
  type ShippingOption,
  type ShippingRatesProvider,
} from '../shipping/index';
import { activeExemptions, tableTaxProvider, type TaxProvider, type TaxRateRow } from '../tax/index';
import {
  priceSale,
  rateRequestOf,
  type Exemption,
  type PricedLine,
  type PricedSale,
  type ProductFacts,
  type SaleFacts,
  type SaleRequest,
} from './pricing.sale';

/**
 * The loader half of `priceSale`: gathers the facts a sale is priced from in the caller's connection or transaction
 * (on PGlite a query outside an open transaction waits for it). Only what the request needs is read: a goods-only
 * sale (no destination) reads the products and the buyer's contract prices and nothing of shipping or tax; a sale
 * whose every line has an agreed price reads no prices at all. The ways to ship and the tax rates come from the
 * providers the app was built with (`orderDeps` chooses them; the built-in ones read the admin's tables).
 */

const today = () => new Date().toISOString().slice(0, 10);

const noRates: RateTables = {
  methods: [],
  zones: new Map(),
  parcel: new Map(),
  freight: new Map(),
  pickups: [],
};

export interface SaleFactsWithPricing extends SaleFacts {
  /**
   * The catalogue's rows behind the facts (stock, pack sizes, archived), for the caller's own checks. Empty when
   * every line has an agreed price: nothing was read, and a caller that needs stock reads it itself.
   */
  pricing: Map<string, ProductPricing>;
}

/** A catalogue row's price rules as pricing facts (shipping unknown: for a goods-only sale). */
export const productFactsOf = (p: ProductPricing): ProductFacts => ({
  name: p.name,
  priceCents: p.priceCents,
  breaks: p.breaks,
  contractCents: p.contractCents,
  unitWeightGrams: 0,
  shipsAs: 'parcel',
  freightClass: null,
});

/** Facts for a goods-only sale from catalogue rows a caller already holds (the cart, a quote's list prices). */
export const goodsFacts = (pricing: ReadonlyMap<string, ProductPricing>): SaleFacts => ({
  products: new Map([...pricing].map(([id, p]) => [id, productFactsOf(p)])),
  rates: noRates,
  taxRates: [],
  exemptions: [],
});

/** One line priced goods-only from a catalogue row the caller holds: its unit price, savings and cap. */
export const priceGoodsLine = (quantity: number, p: ProductPricing): PricedLine =>
  priceSale(goodsFacts(new Map([[p.id, p]])), { lines: [{ productId: p.id, quantity }] }).lines[0]!;

/** Where a sale's shipping and tax facts come from, and the certificates it inherits after the buyer's own. */
export interface SaleProviders {
  shipping: ShippingRatesProvider;
  tax: TaxProvider;
  /** A company location's certificates (decision 039), applied after the buyer's own. */
  exemptions?: readonly Exemption[] | undefined;
}

/** The built-in providers: the admin's shipping and tax tables. */
export const tableProviders: SaleProviders = { shipping: tableRatesProvider, tax: tableTaxProvider };

type FactsRequest = Pick<SaleRequest, 'lines' | 'destination' | 'liftgate' | 'residential'>;

export async function loadSaleFacts(
  db: Db | Tx,
  buyerId: string | null,
  request: FactsRequest,
  providers: SaleProviders,
): Promise<SaleFactsWithPricing> {
  const ids = request.lines.map((l) => l.productId);
  const agreed = request.lines.every((l) => l.unitPriceCents !== undefined);
  const pricing = agreed ? new Map<string, ProductPricing>() : await loadPricing(db, ids, buyerId);
  const goods = { ...goodsFacts(pricing), pricing, exemptions: [...(providers.exemptions ?? [])] };
  return request.destination ? withDelivery(db, buyerId, goods, request, providers) : goods;
}

/**
 * Adds what a sale with a destination is priced from to goods facts already loaded (the rates call drops archived
 * lines in between): the weights, the providers' ways to ship this very shipment, their tax rates wherever the sale
 * can be taxed (the destination and each pickup location offered), and the buyer's certificates then the inherited.
 */
export async function withDelivery(
  db: Db | Tx,
  buyerId: string | null,
  goods: SaleFactsWithPricing,
  request: FactsRequest,
  providers: SaleProviders,
): Promise<SaleFactsWithPricing> {
  const ids = request.lines.map((l) => l.productId);
  const products = new Map(goods.products);
  for (const [id, s] of await shippingProfiles(db, ids)) {
    const p = products.get(id);
    const ships = { unitWeightGrams: s.unitWeightGrams, shipsAs: s.shipsAs, freightClass: s.freightClass };
    products.set(
      id,
      p ? { ...p, ...ships } : { ...ships, name: s.name, priceCents: 0, breaks: [], contractCents: null },
    );
  }
  const weighed = { ...goods, products };
  const goodsCents = priceSale(weighed, { lines: request.lines }).goodsCents;
  const shipment = rateRequestOf(weighed, request, goodsCents);
  const options = await providers.shipping.rates(db, shipment);
  const tooHeavy = await weightIsWhyNot(db, providers, shipment, options);
  const places = [
    shipment.destination,
    ...options.flatMap((o) => (o.pickupLocation ? [o.pickupLocation] : [])),
  ];
  const rates = await providers.tax.rates(db, places);
  // One row per place, keyed by its whole ZIP: `rateFor`'s longest prefix then picks exactly the rate asked for it.
  const taxRates: TaxRateRow[] = places.flatMap((p, i) => {
    const r = rates[i];
    return r ? [{ state: p.state, zipPrefix: p.zip, ...r }] : [];
  });
  const own = buyerId ? await activeExemptions(db, buyerId, today()) : [];
  return {
    ...weighed,
    quoted: { shipment, options, ...(tooHeavy && { tooHeavy }) },
    taxRates,
    exemptions: [...own, ...(providers.exemptions ?? [])],
  };
}

/**
 * Whether a parcel shipment gets no delivery only because of its weight: asked once more as if each unit weighed a
 * gram, the provider then delivers (decision 077). Any provider's limit counts; only asked when nothing delivers.
 */
async function weightIsWhyNot(
  db: Db | Tx,
  providers: SaleProviders,
  shipment: RateRequest,
  options: readonly ShippingOption[],
): Promise<boolean> {
  if (options.some((o) => o.kind !== 'pickup')) return false;
  const { grams, freight } = shipmentOf(shipment.items);
  if (freight || grams === 0) return false;
  const light = { ...shipment, items: shipment.items.map((i) => ({ ...i, unitWeightGrams: 1 })) };
  return (await providers.shipping.rates(db, light)).some((o) => o.kind !== 'pickup');
}

/** Loads the facts and prices the sale: what a caller without facts of its own calls. */
export async function priceSaleIn(
  db: Db | Tx,
  buyerId: string | null,
  request: SaleRequest,
  providers: SaleProviders,
): Promise<{ sale: PricedSale; facts: SaleFactsWithPricing }> {
  const facts = await loadSaleFacts(db, buyerId, request, providers);
  return { sale: priceSale(facts, request), facts };
}
