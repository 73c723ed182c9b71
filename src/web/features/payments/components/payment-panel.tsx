import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import type { Order } from '@shared/orders/orders.schema';
import { messages } from '@shared/messages';
import type { PaymentIntent } from '@shared/payments/payments.schema';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { notify } from '@/lib/notify';
import { usePayOrder } from '../api/pay-order';
import { createPaymentIntent, paymentIntentQueryOptions } from '../api/create-payment-intent';
import { PayButton, TestCardForm, TestModeNotice } from './test-card-form';
import type { CardFormProps } from './card-form-props';

// Stripe.js and its React bindings load only when the server's provider is Stripe.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

/** What a card payment needs from the page: how to get its intent, and how to record it once the card is charged. */
export interface CardPaymentProps {
  /** The intent's query: its key (one payment attempt per visit) and the request that makes it. */
  intent: { queryKey: readonly unknown[]; create: () => Promise<PaymentIntent> };
  billing: CardFormProps['billing'];
  /**
   * Records the payment with the shop and goes on (a toast, another page). When it throws, its message is shown
   * with a retry: the card is charged already, only the record is missing.
   */
  onPaid: (transactionId: string) => Promise<void>;
  /** What is being paid for, in the words of that failure ("the order", "your checkout"). */
  what: string;
}

/**
 * Payment flow: requests the intent as soon as the page has it, keeps Pay disabled until the client secret
 * exists, and on success shows "Congrats! Payment is done" with the transaction id while `onPaid` records it.
 */
export function CardPayment({ intent: intentQuery, billing, onPaid, what }: CardPaymentProps) {
  const intent = useQuery({
    queryKey: intentQuery.queryKey,
    queryFn: intentQuery.create,
    // A client secret belongs to one payment attempt: never reuse one from an earlier visit.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [transactionId, setTransactionId] = useState<string | null>(null);
  const [recordError, setRecordError] = useState('');
  const [recording, setRecording] = useState(false);

  const record = async (txn: string) => {
    setRecording(true);
    setRecordError('');
    try {
      await onPaid(txn);
    } catch (e) {
      setRecordError((e as Error).message);
      setRecording(false);
    }
  };

  const onSucceeded = (txn: string) => {
    setTransactionId(txn);
    void record(txn);
  };

  if (transactionId)
    return (
      <div className="flex flex-col gap-4">
        <div role="status" className="alert alert-success alert-soft flex flex-col items-start gap-1">
          <p className="flex items-center gap-2 text-lg font-semibold">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            {messages.paymentCongrats}
          </p>
          <p className="break-all">
            Your transaction id: <span className="font-mono font-semibold">{transactionId}</span>
          </p>
        </div>
        {recording && <Spinner label={`Updating ${what}`} />}
        {recordError && (
          <ErrorState
            message={`Your card was charged, but we could not update ${what} yet. ${recordError}`}
            onRetry={() => void record(transactionId)}
          />
        )}
      </div>
    );

  if (intent.isError)
    return (
      <ErrorState
        message={`We could not start the payment. ${intent.error.message}`}
        onRetry={() => void intent.refetch()}
      />
    );

  if (!intent.data)
    return (
      <form aria-busy="true" onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-4">
        <Spinner label="Preparing the payment" />
        <div aria-hidden="true" className="skeleton h-10 w-full" />
        <div aria-hidden="true" className="grid grid-cols-2 gap-4">
          <div className="skeleton h-10" />
          <div className="skeleton h-10" />
        </div>
        <PayButton disabled />
      </form>
    );

  const { provider, clientSecret, publishableKey } = intent.data;
  if (provider === 'test')
    return (
      <div className="flex flex-col gap-6">
        <TestModeNotice />
        <TestCardForm clientSecret={clientSecret} billing={billing} onSucceeded={onSucceeded} />
      </div>
    );
  if (!publishableKey)
    return <ErrorState message="Card payments are not configured for this shop. Please try again later." />;
  return (
    <div className="flex flex-col gap-6">
      {publishableKey.startsWith('pk_test_') && <TestModeNotice />}
      <Suspense fallback={<Spinner label="Loading the card form" />}>
        <StripeCardForm
          publishableKey={publishableKey}
          clientSecret={clientSecret}
          billing={billing}
          onSucceeded={onSucceeded}
        />
      </Suspense>
    </div>
  );
}

/** The single order's payment: its intent from the order, recorded on the order, then My Orders. */
export function PaymentPanel({
  order,
  customer,
}: {
  order: Pick<Order, '_id' | 'total' | 'number'>;
  customer: { name: string; email: string };
}) {
  const payOrder = usePayOrder();
  const navigate = useNavigate();
  const billing = { name: customer.name, email: customer.email, phone: order.number };
  const intent = paymentIntentQueryOptions(order._id, order.total);
  return (
    <CardPayment
      intent={{ queryKey: intent.queryKey, create: () => createPaymentIntent(order._id, order.total) }}
      billing={billing}
      what="the order"
      onPaid={async (txn) => {
        await payOrder(order._id, { ...billing, total: order.total, transactionId: txn });
        void notify('success', messages.paymentDone);
        // My Orders repeats the congratulations, so they stay on screen with the toast.
        navigate(paths.myOrders, { state: { paid: { transactionId: txn } } });
      }}
    />
  );
}
