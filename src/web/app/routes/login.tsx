import { Link, useLocation, useNavigate } from 'react-router';
import { messages } from '@shared/messages';
import { paths } from '@/config/paths';
import { AuthCard, OrDivider } from '@/features/accounts/components/auth-card';
import { LoginForm } from '@/features/accounts/components/login-form';
import { returnPath, type FromState } from '@/features/accounts/components/redirect-target';
import { SocialSignIn } from '@/features/accounts/components/social-sign-in';
import { notify } from '@/lib/notify';
import { useDocumentTitle } from '@/lib/use-document-title';

export function Component() {
  useDocumentTitle('Login');
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as FromState | null;
  const from = returnPath(state);
  // The register page gets the same origin, so a new customer also comes back to it.
  const keepFrom: FromState | null = state?.from ? { from: state.from } : null;
  // A failed social sign-in comes back here as /login?error=… (the errorCallbackURL).
  const socialError = new URLSearchParams(location.search).has('error');

  const onSuccess = () => {
    void notify('success', messages.loginSuccess);
    navigate(from, { replace: true });
  };

  return (
    <div className="mx-auto grid max-w-5xl items-start gap-6 px-4 py-10 md:grid-cols-[3fr_2fr]">
      <AuthCard title="Login" intro="Log in to order tools, pay and follow your orders.">
        {socialError && (
          <p role="alert" className="alert alert-error alert-soft">
            Signing in with google did not work. Please try again, or log in with your email and password.
          </p>
        )}
        {state?.reason === 'admin' && (
          <p className="alert alert-info alert-soft">
            That page is for admins only. Log in with an admin account to open it.
          </p>
        )}
        <LoginForm onSuccess={onSuccess} />
        <p>
          <Link to={paths.passwordReset} className="link link-primary">
            Forget Password
          </Link>
        </p>
        <OrDivider />
        <SocialSignIn from={from} />
      </AuthCard>
      <section aria-labelledby="new-customer" className="card border border-base-300 bg-base-200 shadow-sm">
        <div className="card-body gap-4 p-5 sm:p-8">
          <h2 id="new-customer" className="text-xl font-bold">
            New Customer
          </h2>
          <p className="text-base-content/80">
            Create an account to order in bulk, pay by card, follow your orders and review the tools you
            bought.
          </p>
          <Link to={paths.register} state={keepFrom} className="btn btn-outline btn-primary">
            Let&apos;s Register
          </Link>
        </div>
      </section>
    </div>
  );
}
