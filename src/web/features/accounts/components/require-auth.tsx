import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useIsAdmin } from '../api/get-user-role';
import { useSession } from '../api/get-session';
import { Redirect } from './redirect';
import type { FromState } from './redirect-target';

function ToLogin({ reason }: { reason?: FromState['reason'] }) {
  const location = useLocation();
  const from = location.pathname + location.search;
  return <Redirect to={paths.login} state={reason ? { from, reason } : { from }} />;
}

/**
 * Lets logged-in users through: a spinner while the session loads,
 * anonymous visitors go to /login carrying where they wanted to go.
 * Renders `children`, or the nested routes when used as a layout route.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <PageSpinner />;
  if (session.isError)
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <ErrorState
          message="We could not check whether you are logged in."
          onRetry={() => void session.refetch()}
        />
      </div>
    );
  if (!session.data) return <ToLogin />;
  return children ?? <Outlet />;
}

/** Lets admins through (the role comes from GET /api/user/{email}); others go to /login. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const session = useSession();
  const email = session.data?.user.email;
  const role = useIsAdmin(email);
  if (session.isPending || (email && role.isPending)) return <PageSpinner />;
  // Network trouble or a server error is not an answer about the role: offer to ask again.
  const err = role.error as { status?: number } | null;
  if (err && !(err.status && err.status >= 400 && err.status < 500))
    return (
      <ErrorState message="We could not check your account's role." onRetry={() => void role.refetch()} />
    );
  if (!email || !role.isAdmin) return <ToLogin reason="admin" />;
  return children ?? <Outlet />;
}
