import { useParams } from 'react-router';
import { useSession } from '@/features/accounts/api/get-session';
import { useOrder } from '@/features/orders/api/get-order';
import { OrderPayment } from '@/features/payments/components/order-payment';

function PaymentPage({ id, customer }: { id: string; customer: { name: string; email: string } }) {
  const order = useOrder(id);
  return <OrderPayment order={order} customer={customer} />;
}

/** /dashboard/payment/{id}: the order (orders) and its card payment (payments). */
export function Component() {
  const { id = '' } = useParams();
  const user = useSession().data?.user;
  if (!user) return null;
  return <PaymentPage key={id} id={id} customer={{ name: user.name, email: user.email }} />;
}
