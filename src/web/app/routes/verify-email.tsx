import { useLocation } from 'react-router';
import { AuthCard } from '@/features/accounts/components/auth-card';
import { VerifyEmail } from '@/features/accounts/components/verify-email';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Where a verification link lands: /verify-email?token=… */
export function Component() {
  useDocumentTitle('Verify your email');
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <AuthCard title="Verify your email">
        {token ? (
          <VerifyEmail token={token} />
        ) : (
          <p role="alert" className="alert alert-error alert-soft">
            This link has no verification token. Open the link from the mail again.
          </p>
        )}
      </AuthCard>
    </div>
  );
}
