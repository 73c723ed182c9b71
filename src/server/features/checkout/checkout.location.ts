import type { Db, Tx } from '../../infra/db';
import { locationForSale, type ShipToLocation } from '../companies/index';
import type { OrderDeps } from '../orders/index';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A member checking out to one of the company's locations (docs/decisions/039-trade-accounts.md, addendum): the sale
 * ships to the location's address, and the deps it is priced with tax it with the location's certificate wherever
 * that covers the state taxed (a pickup elsewhere is taxed there) and the buyer has no certificate of their own.
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
  const tax = deps.delivery.tax;
  return {
    location,
    deps: {
      ...deps,
      delivery: {
        ...deps.delivery,
        tax: {
          tax: (request, on) =>
            tax.tax(
              request.exemptionNumber === null && exemption.states.includes(request.destination.state)
                ? { ...request, exemptionNumber: exemption.number }
                : request,
              on,
            ),
        },
      },
    },
  };
}

/** The location's certificate number when it covers this state (what the rates call shows beside its options). */
export const locationExemptionIn = (location: ShipToLocation | null, state: string) =>
  location?.exemption?.states.includes(state) ? location.exemption.number : null;
