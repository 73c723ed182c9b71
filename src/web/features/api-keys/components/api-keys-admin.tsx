import type { ApiKey } from '@shared/api-keys/api-keys.schema';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PagedList } from '@/components/ui/paged-list';
import { useConfirmTarget } from '@/components/ui/use-confirmed-action';
import { formatDateTime } from '@/lib/format';
import { useListState } from '@/lib/use-list-state';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { CreateApiKey } from './create-api-key';

const limit = 25;

const statusLabel: Record<ApiKey['status'], string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
};
const statusClass: Record<ApiKey['status'], string> = {
  active: 'badge-success',
  expired: 'badge-warning',
  revoked: 'badge-error',
};

function KeysTable({ items, onRevoke }: { items: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  return (
    <div className="overflow-x-auto">
      <table className="table">
        <caption className="sr-only">API keys</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Scopes</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((key) => (
            <tr key={key._id}>
              <th scope="row">{key.name}</th>
              <td className="font-mono">{key.prefix}…</td>
              <td>{key.scopes.join(', ')}</td>
              <td>{formatDateTime(key.createdAt)}</td>
              <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Never'}</td>
              <td>
                <span className={`badge ${statusClass[key.status]}`}>{statusLabel[key.status]}</span>
                {key.expiresAt && key.status === 'active' && (
                  <span className="block text-sm text-base-content/75">
                    until {formatDateTime(key.expiresAt)}
                  </span>
                )}
              </td>
              <td>
                {key.status !== 'revoked' && (
                  <button
                    type="button"
                    className="btn btn-outline btn-error btn-sm"
                    aria-label={`Revoke key ${key.name}`}
                    onClick={() => onRevoke(key)}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** API keys (admins): create one (its secret shown once), see every key's use, revoke after a confirmation. */
export function ApiKeysAdmin() {
  const list = useListState({});
  const keys = useApiKeys({ limit: String(limit), cursor: list.cursor });
  const revoke = useRevokeApiKey();
  const revoking = useConfirmTarget<ApiKey>();
  return (
    <>
      <CreateApiKey />
      <h2 className="mt-10 text-lg font-semibold">Keys</h2>
      <PagedList
        query={keys}
        noun="keys"
        limit={limit}
        list={list}
        skeleton={{ count: 3, className: 'h-12' }}
        empty={<p className="mt-4">No API keys yet.</p>}
      >
        {(items) => <KeysTable items={items} onRevoke={revoking.ask} />}
      </PagedList>
      {revoking.target && (
        <ConfirmDialog
          title={`Revoke the key “${revoking.target.name}”?`}
          confirmLabel="Revoke key"
          cancelLabel="Keep key"
          busy={revoking.busy}
          error={revoking.error}
          onClose={revoking.close}
          onConfirm={() => revoking.confirm((k) => revoke.mutateAsync(k._id), 'Key revoked')}
        >
          <p>
            Every call made with {revoking.target.prefix}… is refused from now on. This cannot be undone: the
            system using it needs a new key.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
