import { useParams } from 'react-router';
import { useSession } from '../../../features/accounts/api/get-session';
import { OrderPayment } from '../../../features/payments/components/order-payment';

export function Component() {
  const { id = '' } = useParams();
  const user = useSession().data?.user;
  if (!user) return null;
  return <OrderPayment key={id} orderId={id} customer={{ name: user.name, email: user.email }} />;
}
