import { useSession } from '@/features/accounts/api/get-session';
import {
  MyExemptionsList,
  UploadExemptionForm,
} from '@/features/tax-exemptions/components/my-tax-exemptions';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/tax-exemption: the customer's sales tax exemption certificates, and the form to upload one. */
export function Component() {
  useDocumentTitle('Tax exemption');
  // RequireAuth loaded the session.
  const email = useSession().data?.user.email ?? '';
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Tax exemption</h1>
      <p className="mt-2 text-base-content/75">
        Buying for resale or for an exempt organisation? Upload your exemption certificate. Once we approve
        it, orders shipped to the states it covers are not charged sales tax until it expires.
      </p>
      <UploadExemptionForm email={email} />
      <MyExemptionsList email={email} />
    </section>
  );
}
