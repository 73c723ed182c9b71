import { useNavigate, useParams } from 'react-router';
import { messages } from '@shared/messages';
import { useSession } from '@/features/accounts/api/get-session';
import { useCheckout, usePayCheckout } from '@/features/checkout/api/checkout';
import { CheckoutView } from '@/features/checkout/components/checkout-view';
import { PayOnAccount } from '@/features/credit/components/pay-on-account';
import { checkoutPaymentIntent } from '@/features/payments/api/create-payment-intent';
import { CardPayment } from '@/features/payments/components/payment-panel';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';

function PayCheckoutPage({ id, customer }: { id: string; customer: { name: string; email: string } }) {
  const checkout = useCheckout(id);
  const payCheckout = usePayCheckout();
  const navigate = useNavigate();
  return (
    <CheckoutView
      checkout={checkout}
      payment={(c) => (
        <div className="flex flex-col gap-6">
          <PayOnAccount
            checkoutId={c._id}
            onPaid={async (invoice) => {
              void notify('success', `Paid on account: invoice ${invoice.number}, due ${invoice.dueDate}.`);
              await navigate(paths.myOrders);
            }}
          />
          <CardPayment
            intent={checkoutPaymentIntent(c._id)}
            billing={{ name: customer.name, email: customer.email, phone: c.number }}
            what="your checkout"
            onPaid={async (transactionId) => {
              await payCheckout.mutateAsync({ id: c._id, transactionId });
              void notify('success', messages.paymentDone);
              // My Orders repeats the congratulations, so they stay on screen with the toast.
              navigate(paths.myOrders, { state: { paid: { transactionId } } });
            }}
          />
        </div>
      )}
    />
  );
}

/** /dashboard/pay-checkout/{id}: the checkout (orders) and its one card payment (payments). */
export function Component() {
  const { id = '' } = useParams();
  const user = useSession().data?.user;
  if (!user) return null;
  return <PayCheckoutPage key={id} id={id} customer={{ name: user.name, email: user.email }} />;
}
