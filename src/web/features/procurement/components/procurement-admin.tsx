import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { useConnections, useDeleteConnection, useDocuments, useResendDocument } from '../api/procurement';
import { ConnectionForm } from './connection-form';

function Connections({ companyId }: { companyId: string }) {
  const list = useConnections(companyId);
  const remove = useDeleteConnection(companyId);
  const [confirm, setConfirm] = useState<string>();
  if (list.isPending) return <Spinner label="Loading the connections" />;
  if (list.isError) return <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />;
  return (
    <>
      {list.data.length === 0 ? (
        <p className="mt-2 text-base-content/75">No buyer system is connected.</p>
      ) : (
        <ul className="mt-2 divide-y divide-base-300">
          {list.data.map((c) => (
            <li key={c._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <strong>{c.systemName}</strong> (
                {c.protocol === 'cxml'
                  ? `cXML ${c.fromDomain}/${c.fromIdentity}`
                  : `OCI user ${c.ociUsername}`}
                ), acting as {c.defaultMemberEmail}
              </span>
              <button
                type="button"
                className="btn btn-sm btn-error btn-outline"
                onClick={() => setConfirm(c._id)}
              >
                Disconnect {c.systemName}
              </button>
            </li>
          ))}
        </ul>
      )}
      {confirm && (
        <ConfirmDialog
          title="Disconnect this buyer system?"
          confirmLabel="Disconnect"
          busy={remove.isPending}
          error={remove.error?.message}
          onClose={() => setConfirm(undefined)}
          onConfirm={() => remove.mutate(confirm, { onSuccess: () => setConfirm(undefined) })}
        >
          It can no longer punch out or send orders; its documents are deleted with it.
        </ConfirmDialog>
      )}
    </>
  );
}

function DocumentLog({ companyId }: { companyId: string }) {
  const docs = useDocuments(companyId);
  const resend = useResendDocument(companyId);
  if (docs.isPending) return <Spinner label="Loading the documents" />;
  if (docs.isError) return <ErrorState message={docs.error.message} onRetry={() => void docs.refetch()} />;
  const items = docs.data.pages.flatMap((p) => p.items);
  if (!items.length) return <p className="mt-2 text-base-content/75">No documents yet.</p>;
  return (
    <>
      <ul className="mt-2 divide-y divide-base-300">
        {items.map((d) => (
          <li key={d._id} className="py-2">
            <details>
              <summary className="cursor-pointer">
                {new Date(d.createdAt).toLocaleString()} · {d.direction === 'in' ? 'from' : 'to'}{' '}
                {d.systemName} · {d.docType} · {d.status}
                {d.answerCode !== null && ` (${d.answerCode})`}
              </summary>
              {d.prunedAt ? (
                <p className="mt-2 text-sm text-base-content/75">
                  Its content was removed on {new Date(d.prunedAt).toLocaleDateString()}: the log keeps
                  documents whole for a limited time, then only this summary.
                </p>
              ) : (
                <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all text-xs">
                  {d.body}
                </pre>
              )}
              {d.answer && (
                <pre className="mt-2 max-h-32 overflow-auto whitespace-pre-wrap break-all text-xs">
                  {d.answer}
                </pre>
              )}
            </details>
            {d.direction === 'out' && !d.prunedAt && (
              <button
                type="button"
                className="btn btn-xs mt-1"
                disabled={resend.isPending}
                onClick={() =>
                  resend.mutate(d._id, { onSuccess: () => void notify('success', 'Queued to send again.') })
                }
              >
                Resend {d.docType}
              </button>
            )}
          </li>
        ))}
      </ul>
      {docs.hasNextPage && (
        <button
          type="button"
          className="btn btn-sm mt-2"
          disabled={docs.isFetchingNextPage}
          onClick={() => void docs.fetchNextPage()}
        >
          Show more documents
        </button>
      )}
    </>
  );
}

/** The company's procurement page (shop admin): buyer-system connections and the document log (decision 063). */
export function ProcurementAdmin({ companyId }: { companyId: string }) {
  return (
    <>
      <section
        aria-labelledby="procurement-connections"
        className="mt-6 rounded-box border border-base-300 p-4"
      >
        <h2 id="procurement-connections" className="text-xl font-semibold">
          Connections
        </h2>
        <Connections companyId={companyId} />
        <h3 className="mt-6 text-lg font-semibold">Connect a buyer system</h3>
        <ConnectionForm companyId={companyId} />
      </section>
      <section
        aria-labelledby="procurement-documents"
        className="mt-6 rounded-box border border-base-300 p-4"
      >
        <h2 id="procurement-documents" className="text-xl font-semibold">
          Document log
        </h2>
        <DocumentLog companyId={companyId} />
      </section>
    </>
  );
}
