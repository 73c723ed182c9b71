import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { verifyWithPasswordSchema, type VerificationState } from '@shared/accounts/email-verification.schema';
import { paths } from '@/config/paths';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { useApiForm } from '@/lib/use-api-form';
import { sameNames } from '@/lib/form-errors';
import { accountKeys } from '@/lib/query-keys/accounts';
import { declineAccount, useVerificationState, verifyEmail } from '../api/email-verification';

type Outcome = { kind: 'verified'; signedIn: boolean } | { kind: 'removed' };

/**
 * Where a verification link lands (/verify-email?token=…). Opening it changes nothing, since mail scanners open
 * links too; a click finishes. The password chosen at registration is kept only for someone who knows it: this
 * browser's session of the account, or the password typed here. Whoever does not know it (the mailbox owner, when
 * someone else registered the address) can remove the unverified account and register.
 */
export function VerifyEmail({ token }: { token: string }) {
  const state = useVerificationState(token);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const email = state.data?.email ?? '';

  if (outcome?.kind === 'removed') return <Removed email={email} />;
  if (outcome?.kind === 'verified') return <Verified signedIn={outcome.signedIn} />;
  if (state.isPending) return <Spinner label="Checking your link" />;
  if (state.isError) return <LinkProblem error={state.error} />;
  if (state.data.verified) return <Verified signedIn={state.data.signedIn} already />;
  return state.data.signedIn ? (
    <ConfirmInSession token={token} state={state.data} onDone={setOutcome} />
  ) : (
    <>
      <ConfirmWithPassword token={token} state={state.data} onDone={setOutcome} />
      <NotMine token={token} onDone={setOutcome} />
    </>
  );
}

function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.session });
}

/** The browser that registered (or any session of the account): one click. */
function ConfirmInSession({
  token,
  state,
  onDone,
}: {
  token: string;
  state: VerificationState;
  onDone: (o: Outcome) => void;
}) {
  const refreshSession = useRefreshSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await verifyEmail(token);
      await refreshSession();
      onDone({ kind: 'verified', signedIn: true });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <p>
        Confirm that <strong className="break-all">{state.email}</strong> is your email address.
      </p>
      <SubmitButton
        type="button"
        busy={busy}
        className="btn btn-primary w-full"
        onClick={() => void confirm()}
      >
        Verify my email
      </SubmitButton>
      <FormError message={error} />
    </div>
  );
}

/** Another browser or device: the password chosen at registration proves it is the same person. */
function ConfirmWithPassword({
  token,
  state,
  onDone,
}: {
  token: string;
  state: VerificationState;
  onDone: (o: Outcome) => void;
}) {
  const form = useApiForm(verifyWithPasswordSchema, {
    defaultValues: { password: '' },
    formField: sameNames(['password'] as const),
  });
  const onSubmit = form.submitWith(async ({ password }) => {
    await verifyEmail(token, password);
    onDone({ kind: 'verified', signedIn: false });
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p>
        To verify <strong className="break-all">{state.email}</strong> on this device, enter the password you
        chose when you registered.
      </p>
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <SubmitButton busy={isSubmitting} className="btn btn-primary w-full">
        Verify my email
      </SubmitButton>
      <FormError message={errors.root?.server?.message} />
    </form>
  );
}

/** For the mailbox owner when someone else registered the address: the unverified account goes. */
function NotMine({ token, onDone }: { token: string; onDone: (o: Outcome) => void }) {
  const refreshSession = useRefreshSession();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const remove = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await declineAccount(token);
      await refreshSession();
      onDone({ kind: 'removed' });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="not-mine" className="flex flex-col gap-3 border-t border-base-300 pt-4">
      <h2 id="not-mine" className="text-lg font-semibold">
        Didn&apos;t register here?
      </h2>
      <p className="text-base-content/75">
        If you did not create this account, or you do not know its password, remove it. Its password and
        sign-ins go with it, and you can then register this address with a password of your own.
      </p>
      <button type="button" className="btn btn-outline" onClick={() => setAsking(true)}>
        I didn&apos;t create this account
      </button>
      {asking && (
        <ConfirmDialog
          title="Remove this account?"
          confirmLabel="Remove the account"
          busy={busy}
          error={error}
          onConfirm={() => void remove()}
          onClose={() => setAsking(false)}
        >
          <p>The unverified account registered with this address will be removed. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function Verified({ signedIn, already = false }: { signedIn: boolean; already?: boolean }) {
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="alert alert-success alert-soft">
        {already ? 'This email address is already verified.' : 'Your email is verified.'}
        {signedIn ? '' : ' Please log in with your password.'}
      </p>
      <p>
        {signedIn ? (
          <Link to={paths.dashboard} className="btn btn-primary">
            Go to your dashboard
          </Link>
        ) : (
          <Link to={paths.login} className="btn btn-primary">
            Login
          </Link>
        )}
      </p>
    </div>
  );
}

function Removed({ email }: { email: string }) {
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="alert alert-success alert-soft">
        The account has been removed. You can now register {email || 'this address'} with a password of your
        own.
      </p>
      <p>
        <Link to={paths.register} className="btn btn-primary">
          Register
        </Link>
      </p>
    </div>
  );
}

function LinkProblem({ error }: { error: Error }) {
  const gone = error instanceof ApiError && error.status === 404;
  const invalid = error instanceof ApiError && error.status === 400;
  return (
    <div className="flex flex-col gap-4">
      <p role="alert" className="alert alert-error alert-soft">
        {invalid
          ? 'This verification link is invalid or has expired. To get a new one, register again with the same address.'
          : error.message}
      </p>
      <p>
        <Link to={gone ? paths.register : paths.login} className="btn btn-primary">
          {gone ? 'Register' : 'Login'}
        </Link>
      </p>
    </div>
  );
}
