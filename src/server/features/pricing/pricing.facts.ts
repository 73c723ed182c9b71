import type { Db, Tx } from '../../infra/db';
import { loadPricing, shippingProfiles, type ProductPricing } from '../catalogue/index';
import { loadRateTables, type RateTables } from '../shipping/index';
import { activeExemptions, loadTaxRates } from '../tax/index';
import {
  priceSale,
  type Exemption,
  type PricedSale,
  type ProductFacts,
  type SaleFacts,
  type SaleRequest,
} from './pricing.sale';

/**
 * The loader half of `priceSale`: gathers the facts a sale is priced from in the caller's connection or transaction
 * (on PGlite a query outside an open transaction waits for it). Only what the request needs is read: a goods-only
 * sale (no destination) reads the products and the buyer's contract prices and nothing of shipping or tax.
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

export async function loadSaleFacts(
  db: Db | Tx,
  buyerId: string | null,
  request: Pick<SaleRequest, 'lines' | 'destination'>,
  /** Certificates the sale inherits after the buyer's own (a company location's, decision 039). */
  inherited: readonly Exemption[] = [],
): Promise<SaleFactsWithPricing> {
  const ids = request.lines.map((l) => l.productId);
  const pricing = await loadPricing(db, ids, buyerId);
  const ships = request.destination !== undefined;
  const profiles = ships ? await shippingProfiles(db, ids) : new Map();
  const products = new Map<string, ProductFacts>();
  for (const [id, p] of pricing) {
    const s = profiles.get(id);
    products.set(id, {
      name: p.name,
      priceCents: p.priceCents,
      breaks: p.breaks,
      contractCents: p.contractCents,
      unitWeightGrams: s ? s.unitWeightGrams : 0,
      shipsAs: s?.shipsAs ?? 'parcel',
      freightClass: s?.freightClass ?? null,
    });
  }
  if (!ships) return { pricing, products, rates: noRates, taxRates: [], exemptions: [...inherited] };
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
