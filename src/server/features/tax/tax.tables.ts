import { taxRates } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import { rateFor, taxOf, type TaxRateRow, type TaxRequest, type TaxResult } from './tax.rates';

/** Every rate row (one per state and ZIP prefix: a few hundred at most). */
export const loadTaxRates = (db: Db | Tx): Promise<TaxRateRow[]> => db.select().from(taxRates);

/** Sales tax for a sale. Stripe Tax or another service can implement it; `db` is the caller's connection. */
export interface TaxProvider {
  tax(request: TaxRequest, db: Db | Tx): Promise<TaxResult>;
}

/** The built-in provider: the admin's rate table. */
export const tableTaxProvider: TaxProvider = {
  tax: async (request, db) => taxOf(rateFor(await loadTaxRates(db), request.destination), request),
};
