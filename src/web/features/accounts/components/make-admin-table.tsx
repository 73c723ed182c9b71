import { useState } from 'react';
import type { UserSummary } from '@shared/accounts/accounts.schema';
import { messages } from '@shared/messages';
import { ErrorState } from '../../../components/ui/error-state';
import { notify } from '../../../lib/notify';
import { useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { ConfirmDialog } from './confirm-dialog';

/** SPEC §4/§6: every user with their role; a non-admin can be promoted (the button is hidden for admins). */
export function MakeAdminTable() {
  const users = useUsers();
  const makeAdmin = useMakeAdmin();
  const [target, setTarget] = useState<UserSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    setError('');
    try {
      await makeAdmin(target.email);
      void notify('success', messages.madeAdmin);
      setTarget(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (users.isPending)
    return (
      <div role="status" className="mt-6 space-y-3">
        <span className="sr-only">Loading users…</span>
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} aria-hidden="true" className="skeleton h-10 w-full" />
        ))}
      </div>
    );
  if (users.isError)
    return (
      <ErrorState
        message={`We could not load the users. ${users.error.message}`}
        onRetry={() => void users.refetch()}
      />
    );
  if (users.data.length === 0) return <p className="mt-6 text-base-content/75">There are no users yet.</p>;

  return (
    <>
      <div className="mt-6 overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table">
          <caption className="sr-only">All users and their roles</caption>
          <thead>
            <tr>
              <th scope="col">SL</th>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Status</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((u, i) => (
              <tr key={u._id}>
                <td>{i + 1}</td>
                <td className="whitespace-nowrap">{u.name}</td>
                <td className="whitespace-nowrap">{u.email}</td>
                <td>
                  <span className={`badge badge-soft ${u.role === 'admin' ? 'badge-primary' : ''}`}>
                    {u.role}
                  </span>
                </td>
                <td>
                  {u.role === 'admin' ? (
                    <span className="text-base-content/60">
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">Already an admin</span>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-sm btn-primary whitespace-nowrap"
                      // Starts with the visible text (WCAG 2.5.3) and tells the rows' buttons apart.
                      aria-label={`Make admin ${u.name}`}
                      onClick={() => {
                        setError('');
                        setTarget(u);
                      }}
                    >
                      Make admin
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {target && (
        <ConfirmDialog
          title="Make admin?"
          confirmLabel="Make admin"
          busy={busy}
          onConfirm={() => void confirm()}
          onClose={() => setTarget(null)}
        >
          <p>
            <span className="font-semibold">{target.name}</span> ({target.email}) will be able to manage all
            orders, products and other users&apos; roles.
          </p>
          {error && (
            <p role="alert" className="mt-3 text-sm text-error">
              {error}
            </p>
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
