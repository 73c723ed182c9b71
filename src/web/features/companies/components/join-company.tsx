import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ErrorState } from '@/components/ui/error-state';
import { FormError } from '@/components/ui/error-text';
import { Spinner } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useAcceptInvitation, useInvitation } from '../api/companies';
import { rolesText, useSubmit } from './company-parts';

/**
 * Where a mailed invitation lands. The dashboard sends a visitor to log in (or register, from there) and back here
 * with the token, so the link survives sign-up.
 */
export function JoinCompany({ token }: { token: string }) {
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  const s = useSubmit();
  if (!token)
    return <p className="mt-4">This link holds no invitation. Please open the link from your mail again.</p>;
  if (invitation.isPending) return <Spinner label="Loading the invitation" />;
  if (invitation.isError)
    return <ErrorState message={invitation.error.message} onRetry={() => void invitation.refetch()} />;
  const i = invitation.data;
  return (
    <form
      noValidate
      aria-labelledby="join-heading"
      className="mt-4 flex max-w-xl flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
      onSubmit={s.run(async () => {
        await accept.mutateAsync(token);
        void notify('success', `Welcome to ${i.companyName}`);
        await navigate(paths.company);
      })}
    >
      <h2 id="join-heading" className="text-xl font-semibold">
        Join {i.companyName}
      </h2>
      <p>
        You are invited as {rolesText(i.roles)}. The invitation, for {i.email}, is valid until{' '}
        {formatDate(i.expiresAt)}.
      </p>
      {i.problem ? (
        <p role="alert" className="font-medium text-error">
          {i.problem}
        </p>
      ) : (
        <div>
          <SubmitButton busy={s.busy}>Accept the invitation</SubmitButton>
        </div>
      )}
      <FormError message={s.error?.message} />
      <Link to={paths.company} className="link">
        My company
      </Link>
    </form>
  );
}
