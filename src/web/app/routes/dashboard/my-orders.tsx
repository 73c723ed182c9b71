import { useLocation } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { messages } from '@shared/messages';
import { useSession } from '@/features/accounts/api/get-session';
import { OrderAgainButton } from '@/features/cart/components/order-again-button';
import { InvoiceLink } from '@/features/invoices/components/invoice-link';
import { MyOrdersList } from '@/features/orders/components/my-orders-list';
import { ReviewForm } from '@/features/reviews/components/review-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Where the payment page sends the customer after a successful payment. */
export interface PaidState {
  paid?: { transactionId: string };
}

export function Component() {
  useDocumentTitle('My Orders');
  // RequireAuth has loaded the session before this page renders.
  const user = useSession().data?.user;
  const paid = (useLocation().state as PaidState | null)?.paid;
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Orders</h1>
      <p className="mt-2 text-base-content/75">
        Pay or cancel unpaid orders, follow their delivery and review what you received.
      </p>
      {paid && (
        <div role="status" className="alert alert-success alert-soft mt-4 flex flex-col items-start gap-1">
          <p className="flex items-center gap-2 font-semibold">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            {messages.paymentCongrats}
          </p>
          <p className="break-all">
            Transaction id: <span className="font-mono">{paid.transactionId}</span>
          </p>
        </div>
      )}
      {user && (
        <MyOrdersList
          customer={{ name: user.name, email: user.email }}
          reviewDialog={(order, onClose) => (
            <ReviewForm order={order} customer={{ name: user.name, email: user.email }} onClose={onClose} />
          )}
          orderAgain={(order) => (
            <OrderAgainButton target={{ orderId: order._id }} email={user.email} label={order.productName} />
          )}
          invoiceLink={(order) => <InvoiceLink order={order} />}
        />
      )}
    </section>
  );
}
