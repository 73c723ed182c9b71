import { formatOrderNumber, formatOrderNumbers } from '@shared/orders/order-number';
import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { PagedList, ScrollTable } from '@/components/ui/paged-list';
import type { Page } from '@/lib/api-page';
import type { ListState } from '@/lib/use-list-state';
import type { Order } from '@shared/orders/orders.schema';
import { canShip } from '@shared/orders/order-status';
import { ShipmentTracking } from '@/components/shipment-tracking';
import { formatCount, formatDate } from '@/lib/format';
import { PaidBadge, RefundBadge, StatusBadge } from '@/components/order-badges';
import { CancelOrderDialog, DeliverOrderDialog } from './order-dialogs';
import { RefundCheckoutDialog, RefundOrderDialog } from './refund-dialogs';
import { DetailsLink } from './details-link';
import { OrderActions } from './all-orders-actions';

export { canDeliver } from './all-orders-actions';
import { formatCents } from '@shared/common/money';

/** An email that, when it must wrap, wraps at its @ first. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** Lines of one checkout that follow each other on the page are shown as one group; a single order is its own. */
interface RowGroup {
  key: string;
  checkoutId: string | null;
  lines: { order: Order; n: number }[];
}

function groupRows(items: Order[], offset: number): RowGroup[] {
  const groups: RowGroup[] = [];
  items.forEach((order, i) => {
    const last = groups.at(-1);
    const row = { order, n: offset + i + 1 };
    if (order.checkoutId && last?.checkoutId === order.checkoutId) last.lines.push(row);
    else groups.push({ key: order._id, checkoutId: order.checkoutId, lines: [row] });
  });
  return groups;
}

const COLUMNS = 9;

/**
 * Manage All Products: one page of the shop's orders, a checkout's lines grouped under its header (PO number and
 * the checkout's total), with Ship (given `shipDialog`), Delivery, Refund (paid; and the whole checkout for a
 * checkout's line) and Cancel (unpaid), rows and checkouts to select and ship at once, and the pager.
 */
export function AllOrdersTable({
  orders,
  list,
  limit,
  filtered,
  shipDialog,
}: {
  orders: UseQueryResult<Page<Order>>;
  list: Pick<ListState<string>, 'pageIndex' | 'hasPrevious' | 'cursor' | 'next' | 'previous' | 'first'>;
  limit: number;
  /** Search or filters are applied: an empty page says no order matches, not that there are none. */
  filtered: boolean;
  /** The Ship dialog for these lines (the fulfilment feature's, composed by the page); without it, no Ship action. */
  shipDialog?: (lines: Order[], onClose: () => void) => ReactNode;
}) {
  const [delivering, setDelivering] = useState<Order | null>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState<Order | null>(null);
  const [refundingCheckout, setRefundingCheckout] = useState<Order | null>(null);
  const [shipping, setShipping] = useState<Order[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const shippable = (o: Order) => Boolean(shipDialog) && canShip(o);
  const toggle = (ids: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  return (
    <PagedList
      query={orders}
      noun="orders"
      limit={limit}
      list={list}
      empty={
        <p className="mt-6 text-base-content/75">
          {filtered ? 'No order matches this search and these filters.' : 'There are no orders yet.'}
        </p>
      }
    >
      {(items, offset) => {
        const chosen = items.filter((o) => selected.has(o._id) && shippable(o));
        return (
          <>
            {shipDialog && (
              <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1">
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  disabled={chosen.length === 0}
                  onClick={() => setShipping(chosen)}
                >
                  Ship selected{chosen.length > 0 && ` (${chosen.length})`}
                </button>
                <span className="text-sm text-base-content/75">
                  Select paid lines or whole checkouts to ship them at once.
                </span>
              </div>
            )}
            <ScrollTable label="Orders table" caption="Orders of the shop">
              <thead>
                <tr>
                  <th scope="col">SL</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Product</th>
                  <th scope="col">PO</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Total</th>
                  <th scope="col">Payment</th>
                  <th scope="col">Status</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              {groupRows(items, offset).map((g) => {
                const open = g.lines.map((l) => l.order).filter(shippable);
                const first = g.lines[0]!.order;
                const numbers = formatOrderNumbers(g.lines.map((l) => l.order.orderNumber));
                const label = g.checkoutId ? `checkout ${numbers}` : '';
                return (
                  <tbody key={g.key}>
                    {g.checkoutId && (
                      <tr className="bg-base-200/60">
                        <th scope="rowgroup" colSpan={COLUMNS} className="font-normal">
                          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                            {open.length > 0 && (
                              <input
                                type="checkbox"
                                className="checkbox checkbox-sm"
                                aria-label={`Select ${label} for ${first.name}`}
                                checked={open.every((o) => selected.has(o._id))}
                                onChange={(e) =>
                                  toggle(
                                    open.map((o) => o._id),
                                    e.target.checked,
                                  )
                                }
                              />
                            )}
                            <span className="font-semibold">Checkout {numbers}</span>
                            {first.poNumber && <span>PO {first.poNumber}</span>}
                            <span>
                              {formatCount(g.lines.length)} line{g.lines.length === 1 ? '' : 's'}
                            </span>
                            {first.checkoutTotalCents != null && (
                              <span>Checkout total {formatCents(first.checkoutTotalCents)}</span>
                            )}
                            {open.length > 1 && (
                              <button
                                type="button"
                                className="btn btn-xs btn-outline"
                                aria-label={`Ship ${label} for ${first.name}`}
                                onClick={() => setShipping(open)}
                              >
                                Ship checkout
                              </button>
                            )}
                          </div>
                        </th>
                      </tr>
                    )}
                    {g.lines.map(({ order: o, n }) => (
                      <tr key={o._id}>
                        <td data-label="SL">
                          <div className="flex items-center gap-2">
                            {shippable(o) && (
                              <input
                                type="checkbox"
                                className="checkbox checkbox-sm"
                                aria-label={`Select ${o.productName} for ${o.name}`}
                                checked={selected.has(o._id)}
                                onChange={(e) => toggle([o._id], e.target.checked)}
                              />
                            )}
                            {n}
                          </div>
                        </td>
                        {/* Long names, emails and ids wrap: the table fits beside the dashboard menu on a laptop. */}
                        <td data-label="Customer" className="wrap-anywhere">
                          <div className="font-medium">{o.name}</div>
                          <div className="text-sm text-base-content/75">
                            <BreakableEmail email={o.email} />
                          </div>
                        </td>
                        <td data-label="Product">
                          <div className="min-w-32 font-medium">{o.productName}</div>
                          <div className="whitespace-nowrap text-sm text-base-content/75">
                            Order {formatOrderNumber(o.orderNumber)}
                          </div>
                          <div className="whitespace-nowrap text-sm text-base-content/75">
                            <time dateTime={o.createdAt}>{formatDate(o.createdAt)}</time>
                          </div>
                          <DetailsLink order={o} withCustomer />
                        </td>
                        <td data-label="PO" className="wrap-anywhere">
                          {o.poNumber ?? (
                            <>
                              <span aria-hidden="true">—</span>
                              <span className="sr-only">None</span>
                            </>
                          )}
                        </td>
                        <td data-label="Quantity">
                          {formatCount(o.quantity)}
                          {(o.shippedQuantity ?? 0) > 0 && (o.shippedQuantity ?? 0) < o.quantity && (
                            <div className="text-xs whitespace-nowrap text-base-content/75">
                              {formatCount(o.shippedQuantity!)} shipped
                            </div>
                          )}
                        </td>
                        <td data-label="Total" className="whitespace-nowrap">
                          {formatCents(o.totalCents)}
                        </td>
                        <td data-label="Payment">
                          {o.refundStatus ? (
                            <RefundBadge order={o} />
                          ) : (
                            <PaidBadge paid={o.paymentStatus} onAccount={o.onAccount} />
                          )}
                        </td>
                        <td data-label="Status">
                          <StatusBadge order={o} />
                          <ShipmentTracking order={o} packingSlips />
                        </td>
                        <td data-label="Action">
                          <OrderActions
                            order={o}
                            shippable={shippable(o)}
                            on={{
                              ship: () => setShipping([o]),
                              deliver: () => setDelivering(o),
                              refund: () => setRefunding(o),
                              refundCheckout: () => setRefundingCheckout(o),
                              cancel: () => setCancelling(o),
                            }}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                );
              })}
            </ScrollTable>
            {delivering && <DeliverOrderDialog order={delivering} onClose={() => setDelivering(null)} />}
            {cancelling && <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} />}
            {refunding && <RefundOrderDialog order={refunding} onClose={() => setRefunding(null)} />}
            {refundingCheckout && (
              <RefundCheckoutDialog order={refundingCheckout} onClose={() => setRefundingCheckout(null)} />
            )}
            {shipping &&
              shipDialog?.(shipping, () => {
                setShipping(null);
                setSelected(new Set());
              })}
          </>
        );
      }}
    </PagedList>
  );
}
