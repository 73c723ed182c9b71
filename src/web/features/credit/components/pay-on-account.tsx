import { ErrorText } from '@/components/ui/error-text';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { useAccountOption, usePayOnAccount } from '../api/credit';
import { formatCents } from '@shared/common/money';

/**
 * The pay page's second way to pay (docs/decisions/041-paying-on-account.md): shown to a member of a company with
 * terms. The button says why it cannot be used (over the credit, credit hold…); the server checks it all again.
 */
export function PayOnAccount({
  checkoutId,
  onPaid,
}: {
  checkoutId: string;
  onPaid: (invoice: { number: string; dueDate: string }) => void | Promise<void>;
}) {
  const option = useAccountOption(checkoutId);
  const pay = usePayOnAccount();
  if (!option.data?.offered) return null;
  const o = option.data;
  const reasonId = `account-reason-${checkoutId}`;
  return (
    <section aria-labelledby="pay-on-account" className="rounded-box border border-base-300 p-4">
      <h2 id="pay-on-account" className="text-lg font-semibold">
        Pay on account
      </h2>
      <p className="mt-1">
        Charge {formatCents(o.totalCents)} to your company account: the invoice is due in {o.netDays} days.
        Available credit: {formatCents(o.availableCents)}.
      </p>
      {o.reason && (
        <p id={reasonId} className="mt-2 font-medium">
          {o.reason}
        </p>
      )}
      <SubmitButton
        type="button"
        className="btn btn-secondary mt-3"
        busy={pay.isPending}
        disabled={!o.allowed}
        aria-describedby={o.reason ? reasonId : undefined}
        // The promise, not mutate's callbacks: the refresh after paying shows the checkout paid, which unmounts this
        // section, and React Query drops an unmounted caller's callbacks, so the page would never move on.
        onClick={() =>
          void pay.mutateAsync(checkoutId).then(
            (r) => onPaid(r.invoice),
            () => option.refetch(),
          )
        }
      >
        Pay on account
      </SubmitButton>
      {pay.error && (
        <ErrorText
          error={
            pay.error instanceof ApiError ? pay.error.message : 'Something went wrong. Please try again.'
          }
          alert
          className="mt-2"
        />
      )}
    </section>
  );
}
