import { useRef } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/features/accounts/api/get-session';
import { useMyCompany } from '@/features/companies/api/companies';
import { startCardPayment, useConfirmCardPayment } from '@/features/credit/api/credit';
import { Statement, type PaySelection } from '@/features/credit/components/statement';
import { CardPayment } from '@/features/payments/components/payment-panel';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { creditKeys } from '@/lib/query-keys/credit';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';

/** One card payment of the selected invoices: its intent from the account (credit), the card form (payments). */
function PayInvoicesByCard({ companyId, selection }: { companyId: string; selection: PaySelection }) {
  const user = useSession().data?.user;
  const confirm = useConfirmCardPayment(companyId);
  const paymentId = useRef('');
  const key = selection.allocations.map((a) => `${a.invoiceId}:${a.amountCents}`).join(',');
  return (
    <CardPayment
      intent={{
        queryKey: creditKeys.cardPayment(companyId, key),
        create: async () => {
          const started = await startCardPayment(companyId, selection.allocations);
          paymentId.current = started.paymentId;
          return started.intent;
        },
      }}
      billing={{ name: user?.name ?? '', email: user?.email ?? '', phone: '' }}
      what="the invoices"
      onPaid={async (transactionId) => {
        await confirm.mutateAsync({ paymentId: paymentId.current, transactionId });
        void notify('success', 'Payment recorded on your account.');
        selection.done(transactionId);
      }}
    />
  );
}

/** /dashboard/company/statement: the company's account invoices, for its admins and buyers. */
export function Component() {
  useDocumentTitle('Account statement');
  const mine = useMyCompany();
  const company = mine.data?.company;
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Account statement</h1>
      {mine.isPending ? (
        <Spinner label="Loading your company" />
      ) : mine.isError ? (
        <ErrorState message={mine.error.message} onRetry={() => void mine.refetch()} />
      ) : !company ? (
        <p className="mt-3">
          You are not in a company.{' '}
          <Link to={paths.company} className="link">
            Create or join one
          </Link>
          .
        </p>
      ) : !company.myRoles.includes('admin') && !company.myRoles.includes('buyer') ? (
        <p className="mt-3">Only company admins and buyers can see the statement.</p>
      ) : (
        <>
          <p className="mt-2 text-base-content/75">{company.name}</p>
          <Statement
            companyId={company._id}
            mode="member"
            payByCard={(selection) => <PayInvoicesByCard companyId={company._id} selection={selection} />}
          />
        </>
      )}
    </section>
  );
}
