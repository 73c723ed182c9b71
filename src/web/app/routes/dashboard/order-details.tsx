import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/features/accounts/api/get-session';
import { RegisterFromOrder } from '@/features/equipment/components/fit-notice';
import { OrderHistory } from '@/features/invoices/components/order-history';
import { useOrder } from '@/features/orders/api/get-order';
import { OrderSummary } from '@/features/orders/components/order-summary';
import { ReturnItemsButton } from '@/features/returns/components/return-dialog';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/orders/{id}: one order (orders), its history and its invoice and credit notes (invoices). */
export function Component() {
  useDocumentTitle('Order details');
  const { id = '' } = useParams();
  const order = useOrder(id);
  const admin = useSession().data?.user.role === 'admin';
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Order details</h1>
      <p className="mt-2 text-base-content/75">
        What happened to this order, and its invoice and credit notes to download.
      </p>
      <OrderSummary order={order} />
      {order.isSuccess && !admin && <RegisterFromOrder orderId={id} />}
      {order.isSuccess && <OrderHistory key={id} orderId={id} />}
      {!admin && order.data && <ReturnItemsButton order={order.data} />}
      <Link to={admin ? paths.allOrders : paths.myOrders} className="btn btn-ghost mt-6">
        Back to {admin ? 'all orders' : 'My Orders'}
      </Link>
    </section>
  );
}
