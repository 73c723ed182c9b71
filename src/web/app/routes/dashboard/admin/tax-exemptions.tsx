import { ManageExemptionsList } from '@/features/tax-exemptions/components/manage-tax-exemptions';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/tax-exemptions (admins): review customers' exemption certificates. */
export function Component() {
  useDocumentTitle('Tax exemptions');
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Tax exemptions</h1>
      <p className="mt-2 text-base-content/75">
        Check each certificate's PDF against its number, states and expiry date, then approve it, or reject it
        with a reason the customer reads.
      </p>
      <ManageExemptionsList />
    </section>
  );
}
