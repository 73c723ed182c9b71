import type { Db, Tx } from '../../infra/db';
import { rateFor } from './tax.rates';
import { loadTaxRates } from './tax.tables';

/** The sales tax rate at one place: parts per million, and whether shipping is taxed there. */
export interface TaxRate {
  ratePpm: number;
  shippingTaxable: boolean;
}

/**
 * Where sales tax rates come from (docs/decisions/052-one-pricing-function.md, addendum): the rate at each place a
 * sale can be taxed (its destination, a pickup location), in the order asked, null where no tax applies — what a tax
 * service answers per destination. Certificates stay the shop's (the tax feature's exemptions). `db` is the caller's
 * connection or transaction, where the built-in provider reads the rate table.
 */
export interface TaxProvider {
  rates(db: Db | Tx, places: readonly { state: string; zip: string }[]): Promise<(TaxRate | null)[]>;
}

/** The built-in provider: the admin's rate table, the longest matching ZIP prefix of the state (one query). */
export const tableTaxProvider: TaxProvider = {
  rates: async (db, places) => {
    const rows = await loadTaxRates(db);
    return places.map((p) => {
      const row = rateFor(rows, p);
      return row ? { ratePpm: row.ratePpm, shippingTaxable: row.shippingTaxable } : null;
    });
  },
};
