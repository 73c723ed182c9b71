import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/accounts/components/auth-card';
import { NewPasswordForm } from '@/features/accounts/components/new-password-form';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';

const PASSWORD_CHANGED = 'Your password has been changed. You can now log in with your new password.';

/** Where the mailed link lands: /reset-password?token=… (or ?error=INVALID_TOKEN when it expired). */
export function Component() {
  useDocumentTitle('Choose a new password');
  const params = new URLSearchParams(useLocation().search);
  const token = params.get('token');
  const [status, setStatus] = useState<'form' | 'invalid' | 'done'>(
    token && !params.get('error') ? 'form' : 'invalid',
  );

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <AuthCard title="Choose a new password">
        {status === 'form' && token && (
          <NewPasswordForm
            token={token}
            onSuccess={() => {
              setStatus('done');
              void notify('success', 'Your password has been changed.');
            }}
            onInvalidToken={() => setStatus('invalid')}
          />
        )}
        {status === 'invalid' && (
          <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-2">
            <p>
              This password reset link is invalid or has expired. Links work once and only for a limited time.
            </p>
            <Link to={paths.passwordReset} className="link font-semibold">
              Ask for a new link
            </Link>
          </div>
        )}
        {status === 'done' && (
          <div role="status" className="alert alert-success alert-soft flex flex-col items-start gap-2">
            <p>{PASSWORD_CHANGED}</p>
            <Link to={paths.login} className="link font-semibold">
              Login
            </Link>
          </div>
        )}
      </AuthCard>
    </div>
  );
}
