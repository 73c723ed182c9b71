import { Gate } from '../../infra/gate';
import type { Db } from '../../infra/db';

/**
 * The one lock order of a sale (docs/decisions/074-one-sale-lock-order.md). Every sale — Order Now, the cart's
 * checkout, an accepted quote, a punch-out purchase order, a warranty replacement — takes its rows in this order
 * and no other, inside placeSale's one transaction:
 *
 * 1. the entry point's own record, read in `frame.lines`: the buyer's cart (an advisory lock keyed by the buyer),
 *    the quote's row, the punch-out order's row — each one buyer's, so it orders nothing between buyers;
 * 2. the buyer's user row (`lockCustomer`, for no key update): the buyer's other sales queue here, so the unpaid
 *    holds are counted after the one before committed;
 * 3. the buyer's company membership (`lockBuyerLimits`, for update): the spending limits, likewise;
 * 4. the order-number counter, taken by the order lines' insert (its column default, decision 049): from here to
 *    the commit every sale of the shop is one after another;
 * 5. the sale's products, in product-id order, in the sale's last statements (`reserveSale`, decision 068) — but
 *    before a replacement's settlement, which numbers its invoice: an invoice number is always taken after the
 *    products, as a late payment takes them.
 *
 * The paths that change a placed sale's stock (cancel, pay late, expire, approve, reject, refund, return) lock the
 * sale's own record (checkout, then its lines by product id, or the order) and then products in id order, and take
 * no buyer, membership or order-number lock after a product (paying numbers its invoice after the products, and
 * nothing takes a product after an invoice number): no two of them, and no one of them and a sale, wait in a
 * circle. A sale's foreign keys share-lock the buyer and product rows it references; the sale itself locks those
 * rows `for no key update`, never `for update`, which would wait on the other buyers' share locks as they wait on
 * it.
 *
 * Since step 4 makes sales queue one after another, many sales at once would each borrow a pool connection only to
 * wait there, and every other request of the instance would find the pool empty (503 after the pool's wait). The
 * sale gate keeps at most SALE_PLACES sale transactions open per instance; the rest wait in memory, in arrival order,
 * for up to SALE_WAIT_MS.
 */
export const SALE_PLACES = 5;
export const SALE_WAIT_MS = 30_000;

const gates = new WeakMap<Db, Gate>();

/** The instance's sale gate: one per database handle, so every entry point of an app shares it. */
export function saleGate(db: Db): Gate {
  let gate = gates.get(db);
  if (!gate) {
    gate = new Gate(SALE_PLACES, SALE_WAIT_MS);
    gates.set(db, gate);
  }
  return gate;
}
