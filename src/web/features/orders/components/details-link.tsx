import { Link } from 'react-router';
import type { Order } from '@shared/orders/orders.schema';
import { paths } from '@/config/paths';

/**
 * A row's link to the order's details page (history, invoice, credit notes), named for screen readers. Underlined in
 * the link colour at rest, not only on hover: among a row's badges and buttons it must read as a link at a glance.
 */
export function DetailsLink({
  order,
  withCustomer = false,
}: {
  order: Pick<Order, '_id' | 'productName' | 'name'>;
  /** The admins' list names the customer too: several customers order the same product. */
  withCustomer?: boolean;
}) {
  return (
    <Link
      to={paths.orderDetails(order._id)}
      className="link link-primary text-sm"
      aria-label={`Details of ${order.productName}${withCustomer ? ` for ${order.name}` : ''}`}
    >
      Details
    </Link>
  );
}
