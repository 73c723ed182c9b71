import { useState } from 'react';
import type { WebhookDelivery } from '@shared/webhooks/webhooks.schema';
import { ErrorState } from '@/components/ui/error-state';
import { notify } from '@/lib/notify';
import { useDeliveries, useResend } from '../api/webhooks';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : '—');

function lastTry(d: WebhookDelivery) {
  const t = d.tries[0];
  if (!t) return 'Not tried yet';
  return `${t.status ?? 'No answer'}${t.error ? ` (${t.error})` : ''} at ${when(t.attemptedAt)}`;
}

/** One delivery: event and id, status, tries (each in a disclosure), next try, and Resend once settled. */
function DeliveryRow({ d, busy, onResend }: { d: WebhookDelivery; busy: boolean; onResend: () => void }) {
  return (
    <tr>
      <td>
        <code>{d.eventType}</code>
        <div className="text-xs text-base-content/70">{d.eventId}</div>
      </td>
      <td>{d.status}</td>
      <td>{d.attempts}</td>
      <td>
        {lastTry(d)}
        {d.tries.length > 1 && (
          <details>
            <summary className="cursor-pointer text-xs">Every try</summary>
            <ul className="text-xs">
              {d.tries.map((t) => (
                <li key={t.attemptedAt}>
                  {when(t.attemptedAt)}: {t.status ?? 'No answer'} {t.error ?? ''} ({t.durationMs} ms)
                </li>
              ))}
            </ul>
          </details>
        )}
      </td>
      <td>{when(d.nextAttemptAt)}</td>
      <td>
        {d.status !== 'pending' && (
          <button
            type="button"
            className="btn btn-xs"
            disabled={busy}
            aria-label={`Resend ${d.eventType} ${d.eventId}`}
            onClick={onResend}
          >
            Resend
          </button>
        )}
      </td>
    </tr>
  );
}

/** One endpoint's deliveries, newest first, paged: event, tries, each try's outcome, the next try; Resend. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const query = useDeliveries(endpointId, cursors.at(-1));
  const resend = useResend();
  const again = (deliveryId: string) =>
    resend.mutate(
      { id: endpointId, deliveryId },
      {
        onSuccess: () => void notify('success', 'Sent again.'),
        onError: (e) => void notify('error', e.message),
      },
    );

  if (query.isPending) return <p role="status">Loading the delivery log…</p>;
  if (query.isError)
    return (
      <ErrorState message="The delivery log could not be loaded." onRetry={() => void query.refetch()} />
    );
  const { items, nextCursor, total } = query.data;
  return (
    <section aria-label="Delivery log" className="mt-3">
      <p role="status" className="text-sm text-base-content/75">
        {total === 0 ? 'No deliveries yet.' : `${total} deliveries`}
      </p>
      {items.length > 0 && (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Deliveries table">
          <table className="table table-sm">
            <caption className="sr-only">Deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Tries</th>
                <th scope="col">Last try</th>
                <th scope="col">Next try</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((d) => (
                <DeliveryRow key={d.id} d={d} busy={resend.isPending} onResend={() => again(d.id)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages of deliveries" className="mt-2 flex gap-2">
        {cursors.length > 1 && (
          <button type="button" className="btn btn-xs" onClick={() => setCursors((c) => c.slice(0, -1))}>
            Previous page
          </button>
        )}
        {nextCursor && (
          <button type="button" className="btn btn-xs" onClick={() => setCursors((c) => [...c, nextCursor])}>
            Next page
          </button>
        )}
      </nav>
    </section>
  );
}
