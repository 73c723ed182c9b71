import type { Order } from '@shared/orders/orders.schema';
import { packingSlipPath } from '@shared/fulfilment/fulfilment.calls';
import { formatCount } from '@/lib/format';

/**
 * A line's shipments under its status: how many units each holds, the carrier and tracking number with a link to
 * the carrier's page, or "ready for pickup"; for an admin, each shipment's packing slip too.
 */
export function ShipmentTracking({
  order,
  packingSlips = false,
}: {
  order: Pick<Order, 'productName' | 'shipments'>;
  packingSlips?: boolean;
}) {
  if (!order.shipments?.length) return null;
  return (
    <ul className="mt-1 flex flex-col gap-1 text-sm" aria-label={`Shipments of ${order.productName}`}>
      {order.shipments.map((s) => (
        <li key={s._id} className="wrap-anywhere">
          {s.kind === 'pickup' ? (
            <span>{formatCount(s.quantity)} ready for pickup</span>
          ) : (
            <span>
              {formatCount(s.quantity)} shipped · {s.carrier} {s.trackingNumber}
              {s.trackingUrl && (
                <>
                  {' '}
                  <a
                    href={s.trackingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="link"
                    aria-label={`Track ${order.productName} with ${s.carrier} (opens in a new tab)`}
                  >
                    Track
                  </a>
                </>
              )}
            </span>
          )}
          {packingSlips && (
            <>
              {' '}
              <a
                href={packingSlipPath(s._id)}
                download
                className="link whitespace-nowrap"
                aria-label={`Packing slip of the shipment of ${order.productName} (${formatCount(s.quantity)})`}
              >
                Packing slip
              </a>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
