import type { Db, Tx } from '../../infra/db';
import { loadPricing, shippingProfiles, type ProductPricing } from '../catalogue/index';
import { loadRateTables, type RateTables } from '../shipping/index';
import { activeExemptions, loadTaxRates } from '../tax/index';
import {
  priceSale,
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
 * whose every line has an agreed price reads no prices at all.
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
  /** The catalogue's rows behind the facts (stock, pack sizes, archived), for the caller's own checks. */
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

export async function loadSaleFacts(
  db: Db | Tx,
  buyerId: string | null,
  request: Pick<SaleRequest, 'lines' | 'destination'>,
  /** Certificates the sale inherits after the buyer's own (a company location's, decision 039). */
  inherited: readonly Exemption[] = [],
): Promise<SaleFactsWithPricing> {
  const ids = request.lines.map((l) => l.productId);
  const agreed = request.lines.every((l) => l.unitPriceCents !== undefined);
  const pricing = agreed ? new Map<string, ProductPricing>() : await loadPricing(db, ids, buyerId);
  const facts = goodsFacts(pricing);
  if (request.destination === undefined) return { ...facts, pricing, exemptions: [...inherited] };
  const products = new Map(facts.products);
  for (const [id, s] of await shippingProfiles(db, ids)) {
    const p = products.get(id);
    const ships = { unitWeightGrams: s.unitWeightGrams, shipsAs: s.shipsAs, freightClass: s.freightClass };
    products.set(
      id,
      p ? { ...p, ...ships } : { ...ships, name: s.name, priceCents: 0, breaks: [], contractCents: null },
    );
  }
  const rates = await loadRateTables(db);
  const taxRates = await loadTaxRates(db);
  const own = buyerId ? await activeExemptions(db, buyerId, today()) : [];
  return { pricing, products, rates, taxRates, exemptions: [...own, ...inherited] };
}

/** Loads the facts and prices the sale: what a caller without facts of its own calls. */
export async function priceSaleIn(
  db: Db | Tx,
  buyerId: string | null,
  request: SaleRequest,
  inherited: readonly Exemption[] = [],
): Promise<{ sale: PricedSale; facts: SaleFactsWithPricing }> {
  const facts = await loadSaleFacts(db, buyerId, request, inherited);
  return { sale: priceSale(facts, request), facts };
}
