import { Link, useLocation, useNavigate } from 'react-router';
import { messages } from '@shared/messages';
import { paths } from '@/config/paths';
import { AuthCard, OrDivider } from '@/features/accounts/components/auth-card';
import { returnPath, type FromState } from '@/features/accounts/components/redirect-target';
import { RegisterForm } from '@/features/accounts/components/register-form';
import { SocialSignIn } from '@/features/accounts/components/social-sign-in';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  useDocumentTitle('Register');
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as FromState | null;
  const from = returnPath(state);
  const keepFrom: FromState | null = state?.from ? { from: state.from } : null;

  const onSuccess = () => {
    void notify('success', messages.registerSuccess);
    navigate(from, { replace: true });
  };

  return (
    <div className="mx-auto max-w-lg px-4 py-10">
      <AuthCard
        title="Register"
        intro="Create your Toolhouse account. We will send you a link to verify your email."
      >
        <RegisterForm onSuccess={onSuccess} />
        <div className="flex flex-col gap-2">
          <p>
            Already have an account?{' '}
            <Link to={paths.login} state={keepFrom} className="link link-primary">
              Login
            </Link>
          </p>
          <p>
            <Link to={paths.passwordReset} className="link link-primary">
              Forget Password
            </Link>
          </p>
        </div>
        <OrDivider />
        <SocialSignIn from={from} />
      </AuthCard>
    </div>
  );
}
