import type { Db, Tx } from '../../infra/db';
import { tableOptions, type RateRequest, type ShippingOption } from './shipping.rates';
import { loadRateTables } from './shipping.tables';

/**
 * Where the ways to ship a sale come from (docs/decisions/052-one-pricing-function.md, addendum): one shipment in
 * (its items, destination, goods value, liftgate and residential), every way it can go with its price out — what a
 * carrier's rating API answers per shipment request. `db` is the caller's connection or transaction: the built-in
 * provider reads the admin's tables there (on PGlite a query outside an open transaction waits for it). An option's
 * `methodId` (and a pickup location's id) is stored on the order in a uuid column: a carrier's services map to the
 * shop's shipping method rows.
 */
export interface ShippingRatesProvider {
  rates(db: Db | Tx, shipment: RateRequest): Promise<ShippingOption[]>;
}

/** The built-in provider: the admin's rate tables and pickup locations, read per call (five small queries). */
export const tableRatesProvider: ShippingRatesProvider = {
  rates: async (db, shipment) => tableOptions(await loadRateTables(db), shipment),
};
