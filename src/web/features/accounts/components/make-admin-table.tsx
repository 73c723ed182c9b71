import { PagedList, ScrollTable } from '@/components/ui/paged-list';
import type { UserSummary } from '@shared/accounts/accounts.schema';
import { messages } from '@shared/messages';
import { useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useConfirmTarget } from '@/components/ui/use-confirmed-action';
import { MakeAdminToolbar, useUserListState } from './make-admin-toolbar';

/**
 * The shop's users with their role, a page at a time (search, role, sort and page in the URL); a non-admin can be
 * promoted (the button is hidden for admins).
 */
export function MakeAdminTable() {
  const { state, params } = useUserListState();
  const users = useUsers(params);
  const makeAdmin = useMakeAdmin();
  const promoting = useConfirmTarget<UserSummary>();

  return (
    <>
      <MakeAdminToolbar state={state} params={params} />
      <PagedList
        query={users}
        noun="users"
        limit={Number(params.limit)}
        list={state}
        skeleton={{ count: 4, className: 'h-10' }}
        empty={
          <p className="mt-6 text-base-content/75">
            {params.q || params.role ? 'No user matches this search.' : 'There are no users yet.'}
          </p>
        }
      >
        {(items, offset) => (
          <>
            <ScrollTable label="Users table" caption="Users and their roles">
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
                {items.map((u, i) => (
                  <tr key={u._id}>
                    <td data-label="SL">{offset + i + 1}</td>
                    <td data-label="Name" className="whitespace-nowrap">
                      {u.name}
                    </td>
                    <td data-label="Email" className="whitespace-nowrap">
                      {u.email}
                    </td>
                    <td data-label="Status">
                      <span className={`badge badge-soft ${u.role === 'admin' ? 'badge-primary' : ''}`}>
                        {u.role}
                      </span>
                    </td>
                    <td data-label="Action">
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
                          onClick={() => promoting.ask(u)}
                        >
                          Make admin
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
            {promoting.target && (
              <ConfirmDialog
                title="Make admin?"
                confirmLabel="Make admin"
                busy={promoting.busy}
                error={promoting.error}
                onConfirm={() => promoting.confirm((u) => makeAdmin.mutateAsync(u.email), messages.madeAdmin)}
                onClose={promoting.close}
              >
                <p>
                  <span className="font-semibold">{promoting.target.name}</span> ({promoting.target.email})
                  will be able to manage all orders, products and other users&apos; roles.
                </p>
              </ConfirmDialog>
            )}
          </>
        )}
      </PagedList>
    </>
  );
}
