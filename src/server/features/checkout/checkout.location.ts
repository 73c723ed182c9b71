import type { Db, Tx } from '../../infra/db';
import { locationForSale, type ShipToLocation } from '../companies/index';
import type { OrderDeps } from '../orders/index';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A member checking out to one of the company's locations (docs/decisions/039-trade-accounts.md, addendum): the sale
 * ships to the location's address, and the deps it is priced with carry the location's certificate, which
 * `priceSale` applies wherever it covers the state taxed (a pickup elsewhere is taxed there) and the buyer has no
 * certificate of their own.
 * Without `locationId`, the deps and ship-to as given.
 */
export async function deliveryToLocation(
  db: Db | Tx,
  deps: OrderDeps,
  userId: string,
  locationId: string | undefined,
): Promise<{ deps: OrderDeps; location: ShipToLocation | null }> {
  if (!locationId) return { deps, location: null };
  const location = await locationForSale(db, userId, locationId, today());
  const { exemption } = location;
  if (!exemption) return { deps, location };
  // After the buyer's own: a buyer's certificate for the state taxed wins over the location's.
  const exemptions = [
    ...(deps.delivery.exemptions ?? []),
    { number: exemption.number, states: exemption.states },
  ];
  return { location, deps: { ...deps, delivery: { ...deps.delivery, exemptions } } };
}
