import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/accounts/components/auth-card';
import { PasswordResetForm } from '@/features/accounts/components/password-reset-form';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  useDocumentTitle('Reset your password');
  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <AuthCard
        title="Reset your password"
        intro="Enter the email of your account and we will send you a link to choose a new password."
      >
        <PasswordResetForm />
        <p>
          Remembered it?{' '}
          <Link to={paths.login} className="link link-primary">
            Login
          </Link>
        </p>
      </AuthCard>
    </div>
  );
}
