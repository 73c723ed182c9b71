import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { messages } from '@shared/messages';
import { useSession } from '@/features/accounts/api/get-session';
import { useCheckout, usePayCheckout } from '@/features/checkout/api/checkout';
import { useOrderNowCheckout } from '@/features/checkout/api/order-now';
import { PayView } from '@/features/checkout/components/pay-view';
import { PayOnAccount } from '@/features/credit/components/pay-on-account';
import { checkoutPaymentIntent } from '@/features/payments/api/create-payment-intent';
import { CardPayment, PaymentPanel } from '@/features/payments/components/payment-panel';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';

type Customer = { name: string; email: string };

/** A cart's (or a quote's) checkout: on account when the company may, else one card payment for every line. */
function CheckoutPayment({ checkout, customer }: { checkout: Checkout; customer: Customer }) {
  const payCheckout = usePayCheckout();
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-6">
      <PayOnAccount
        checkoutId={checkout._id}
        onPaid={async (invoice) => {
          void notify('success', `Paid on account: invoice ${invoice.number}, due ${invoice.dueDate}.`);
          await navigate(paths.myOrders);
        }}
      />
      <CardPayment
        intent={checkoutPaymentIntent(checkout._id)}
        billing={{ name: customer.name, email: customer.email, phone: checkout.number }}
        what="your checkout"
        onPaid={async (transactionId) => {
          await payCheckout.mutateAsync({ id: checkout._id, transactionId });
          void notify('success', messages.paymentDone);
          // My Orders repeats the congratulations, so they stay on screen with the toast.
          navigate(paths.myOrders, { state: { paid: { transactionId } } });
        }}
      />
    </div>
  );
}

/**
 * The one pay page (issue 38): the same summary, card panel and closed states for every checkout. Only how its
 * card payment is recorded differs: an Order Now line by the spec's `PUT /api/order/{id}`, a checkout by its own call.
 */
function PayPage({
  checkout,
  orderNow,
  payment,
}: {
  checkout: UseQueryResult<Checkout>;
  orderNow?: boolean;
  payment: (checkout: Checkout, customer: Customer) => ReactNode;
}) {
  const user = useSession().data?.user;
  if (!user) return null;
  const customer = { name: user.name, email: user.email };
  return <PayView checkout={checkout} orderNow={orderNow} payment={(c) => payment(c, customer)} />;
}

function CheckoutPage({ id }: { id: string }) {
  return (
    <PayPage
      checkout={useCheckout(id)}
      payment={(c, customer) => <CheckoutPayment checkout={c} customer={customer} />}
    />
  );
}

function OrderNowPage({ id }: { id: string }) {
  return (
    <PayPage
      checkout={useOrderNowCheckout(id)}
      orderNow
      payment={(c, customer) => <PaymentPanel order={c} customer={customer} />}
    />
  );
}

/** /dashboard/pay-checkout/{id}: a cart's or a quote's checkout, paid once for every line. */
export function Component() {
  const { id = '' } = useParams();
  return <CheckoutPage key={id} id={id} />;
}

/** /dashboard/payment/{id} (the spec's): an Order Now sale, its one-line checkout paid by `PUT /api/order/{id}`. */
export function OrderNow() {
  const { id = '' } = useParams();
  return <OrderNowPage key={id} id={id} />;
}
