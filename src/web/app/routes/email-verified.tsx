import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/accounts/components/auth-card';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * Where a verification link lands. Verifying never signs anyone in: the link proves the mailbox, not the password.
 * Better Auth appends `?error=…` when the link is invalid or expired.
 */
export function Component() {
  const failed = new URLSearchParams(useLocation().search).has('error');
  const title = failed ? 'Verification link not valid' : 'Email verified';
  useDocumentTitle(title);
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <AuthCard title={title}>
        {failed ? (
          <p role="alert" className="alert alert-error alert-soft">
            This verification link is invalid or has expired. Log in and ask for a new one, or register again.
          </p>
        ) : (
          <Verified />
        )}
        {/* Either way the next step is to log in. */}
        <p>
          <Link to={paths.login} className="btn btn-primary">
            Login
          </Link>
        </p>
      </AuthCard>
    </div>
  );
}

function Verified() {
  return (
    <>
      <p role="status" className="alert alert-success alert-soft">
        Your email is verified. Please log in.
      </p>
      <p className="text-base-content/75">
        Opened this link on another device or browser than the one you registered in? For your safety, the
        password chosen at registration no longer works: choose a new one with{' '}
        <Link to={paths.passwordReset} className="link link-primary">
          Forget Password
        </Link>
        .
      </p>
    </>
  );
}
