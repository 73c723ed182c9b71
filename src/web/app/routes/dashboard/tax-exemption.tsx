import { exemptionVerifyFirst } from '@shared/tax/tax-exemptions.schema';
import { VerifyFirst } from '@/components/ui/verify-first';
import { useSession } from '@/features/accounts/api/get-session';
import {
  MyExemptionsList,
  UploadExemptionForm,
} from '@/features/tax-exemptions/components/my-tax-exemptions';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /dashboard/tax-exemption: the customer's sales tax exemption certificates, and the form to upload one. */
export function Component() {
  useDocumentTitle('Tax exemption');
  // RequireAuth loaded the session; while it has not, the form shows (the server refuses an unverified upload).
  const user = useSession().data?.user;
  const email = user?.email ?? '';
  return (
    <section>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Tax exemption</h1>
      <p className="mt-2 text-base-content/75">
        Buying for resale or for an exempt organisation? Upload your exemption certificate. Once we approve
        it, orders shipped to the states it covers are not charged sales tax until it expires.
      </p>
      {/* An upload mails the staff, so it needs a verified address (403 otherwise). */}
      {user?.emailVerified !== false ? (
        <UploadExemptionForm email={email} />
      ) : (
        <VerifyFirst message={exemptionVerifyFirst} />
      )}
      <MyExemptionsList email={email} />
    </section>
  );
}
