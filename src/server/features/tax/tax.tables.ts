import { taxRates } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import type { TaxRateRow } from './tax.rates';

/** Every rate row (one per state and ZIP prefix: a few hundred at most). */
export const loadTaxRates = (db: Db | Tx): Promise<TaxRateRow[]> => db.select().from(taxRates);
