import { useState } from 'react';
import type { WebhookEndpoint } from '@shared/webhooks/webhooks.schema';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { useConfirmTarget } from '@/components/ui/use-confirmed-action';
import { notify } from '@/lib/notify';
import {
  useDeleteEndpoint,
  useEndpoints,
  useRotateSecret,
  useSendTest,
  useUpdateEndpoint,
} from '../api/webhooks';
import { DeliveryLog } from './delivery-log';
import { EndpointForm, SecretOnce } from './endpoint-form';

type Confirm = { endpoint: WebhookEndpoint; action: 'delete' | 'rotate' };

function EndpointCard({ ep, onConfirm }: { ep: WebhookEndpoint; onConfirm: (c: Confirm) => void }) {
  const [open, setOpen] = useState(false);
  const sendTest = useSendTest();
  const update = useUpdateEndpoint();
  const fail = (e: Error) => void notify('error', e.message);
  return (
    <li className="card border border-base-300 p-4">
      <h3 className="font-semibold break-all">{ep.url}</h3>
      {ep.description && <p className="text-sm">{ep.description}</p>}
      <p className="text-sm">
        {ep.enabled ? 'Enabled' : `Disabled${ep.disabledReason ? `: ${ep.disabledReason}` : ''}`}
        {ep.failingSince && ` · failing since ${new Date(ep.failingSince).toLocaleString('en-US')}`}
        {ep.previousSecretExpiresAt &&
          ` · the previous secret signs too until ${new Date(ep.previousSecretExpiresAt).toLocaleString('en-US')}`}
      </p>
      <p className="text-sm text-base-content/75">Events: {ep.events.join(', ')}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-sm"
          disabled={sendTest.isPending || !ep.enabled}
          onClick={() =>
            sendTest.mutate(ep.id, {
              onSuccess: () => void notify('success', 'Test event queued.'),
              onError: fail,
            })
          }
        >
          Send test
        </button>
        <button
          type="button"
          className="btn btn-sm"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: ep.id, body: { enabled: !ep.enabled } }, { onError: fail })}
        >
          {ep.enabled ? 'Disable' : 'Enable'}
        </button>
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => onConfirm({ endpoint: ep, action: 'rotate' })}
        >
          Rotate secret
        </button>
        <button
          type="button"
          className="btn btn-sm btn-error"
          onClick={() => onConfirm({ endpoint: ep, action: 'delete' })}
        >
          Delete
        </button>
        <button
          type="button"
          className="btn btn-sm btn-ghost"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Hide delivery log' : 'Delivery log'}
        </button>
      </div>
      {open && <DeliveryLog endpointId={ep.id} />}
    </li>
  );
}

/** The admin's Webhooks page: add endpoints, see them, test, rotate, delete, read each one's delivery log. */
export function WebhooksAdmin() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const query = useEndpoints(cursors.at(-1));
  const [secret, setSecret] = useState<string | null>(null);
  const confirm = useConfirmTarget<Confirm>();
  const remove = useDeleteEndpoint();
  const rotate = useRotateSecret();

  const onConfirm = () =>
    confirm.confirm(
      async ({ endpoint, action }) => {
        if (action === 'delete') return remove.mutateAsync(endpoint.id);
        setSecret((await rotate.mutateAsync(endpoint.id)).secret);
      },
      confirm.target?.action === 'delete' ? 'Endpoint deleted.' : 'Secret rotated.',
    );

  return (
    <>
      <h2 className="mt-6 text-xl font-semibold">Add an endpoint</h2>
      <EndpointForm onCreated={setSecret} />
      {secret && <SecretOnce secret={secret} onDone={() => setSecret(null)} />}
      <h2 className="mt-8 text-xl font-semibold">Endpoints</h2>
      {query.isPending ? (
        <p role="status">Loading endpoints…</p>
      ) : query.isError ? (
        <ErrorState message="The endpoints could not be loaded." onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <p className="mt-2">No endpoints yet: add one above.</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-3" aria-label="Endpoints">
          {query.data.items.map((ep) => (
            <EndpointCard key={ep.id} ep={ep} onConfirm={confirm.ask} />
          ))}
        </ul>
      )}
      {query.data?.nextCursor && (
        <button
          type="button"
          className="btn btn-sm mt-3"
          onClick={() => setCursors((c) => [...c, query.data!.nextCursor!])}
        >
          Next page
        </button>
      )}
      {cursors.length > 1 && (
        <button
          type="button"
          className="btn btn-sm mt-3 ml-2"
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          Previous page
        </button>
      )}
      {confirm.target && (
        <ConfirmDialog
          title={confirm.target.action === 'delete' ? 'Delete this endpoint?' : 'Rotate the signing secret?'}
          confirmLabel={confirm.target.action === 'delete' ? 'Delete endpoint' : 'Rotate secret'}
          busy={confirm.busy}
          error={confirm.error}
          onConfirm={onConfirm}
          onClose={confirm.close}
        >
          {confirm.target.action === 'delete'
            ? `${confirm.target.endpoint.url} stops receiving events, and its delivery log is deleted.`
            : 'A new secret is shown once; the current one keeps signing for 24 hours so the receiver can switch.'}
        </ConfirmDialog>
      )}
    </>
  );
}
