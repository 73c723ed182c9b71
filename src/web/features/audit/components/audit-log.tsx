import { useId, useState } from 'react';
import { auditKinds, type AuditEntry, type AuditKind, type AuditSort } from '@shared/audit/audit.schema';
import { SearchBox } from '@/components/ui/paged-list';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField } from '@/components/ui/field';
import { useAudit } from '../api/get-audit';
import { SubmitButton } from '@/components/ui/submit-button';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const kindClass = (kind: AuditKind) =>
  kind.endsWith('.archived') || kind.endsWith('.deleted') || kind.endsWith('.cancelled')
    ? 'badge-error'
    : kind.endsWith('.created') || kind.endsWith('.delivered')
      ? 'badge-success'
      : kind === 'user.promoted'
        ? 'badge-warning'
        : 'badge-info';

function Json({ label, value }: { label: string; value: unknown }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="text-sm font-semibold">{label}</p>
      {value === null || value === undefined ? (
        <p className="mt-1 text-sm text-base-content/75">Nothing</p>
      ) : (
        // Long lines wrap (a phone never scrolls it sideways); a long value scrolls, so the keyboard can reach it.
        <pre
          tabIndex={0}
          className="mt-1 max-h-72 overflow-auto rounded-box bg-base-200 p-3 text-xs leading-relaxed break-words whitespace-pre-wrap"
        >
          {JSON.stringify(value, null, 2)}
        </pre>
      )}
    </div>
  );
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  return (
    <li className="rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/75">
        <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>
        <span className="break-all">{entry.actorEmail}</span>
        <span className={`badge badge-soft font-mono text-xs ${kindClass(entry.kind)}`}>{entry.kind}</span>
      </div>
      <p className="mt-2 break-words font-medium">{entry.summary}</p>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm font-medium">Details</summary>
        <p className="mt-2 text-sm text-base-content/75">
          {entry.entityType} <span className="font-mono break-all">{entry.entityId}</span>
        </p>
        <div className="mt-2 flex flex-col gap-3 md:flex-row">
          <Json label="Before" value={entry.before} />
          <Json label="After" value={entry.after} />
        </div>
      </details>
    </li>
  );
}

/** Every admin action, newest first, filtered by kind, a page at a time (GET /api/audit). */
export function AuditLog() {
  const [kind, setKind] = useState<AuditKind | ''>('');
  const [actor, setActor] = useState('');
  const [sort, setSort] = useState<AuditSort>('newest');
  const audit = useAudit(kind || undefined, actor || undefined, sort);
  const statusId = useId();
  const entries = audit.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <div className="mt-6 flex flex-col gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <SearchBox
          label="Search by admin"
          placeholder="Start of the admin's email"
          value={actor}
          onSearch={setActor}
        />
        <SelectField label="Order" value={sort} onChange={(e) => setSort(e.currentTarget.value as AuditSort)}>
          <option value="newest">Newest first</option>
          <option value="oldest">Oldest first</option>
        </SelectField>
        <SelectField
          label="Kind"
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value as AuditKind | '')}
        >
          <option value="">All</option>
          {auditKinds.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </SelectField>
      </div>

      {audit.isPending && (
        <div role="status" className="space-y-3">
          <span className="sr-only">Loading the audit log…</span>
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} aria-hidden="true" className="skeleton h-24 w-full" />
          ))}
        </div>
      )}
      {audit.isError && entries.length === 0 && (
        <ErrorState
          message={`We could not load the audit log. ${audit.error.message}`}
          onRetry={() => void audit.refetch()}
        />
      )}
      {audit.isSuccess && entries.length === 0 && (
        <p className="text-base-content/75">
          {kind ? `No ${kind} actions yet.` : 'No admin actions have been recorded yet.'}
        </p>
      )}
      {entries.length > 0 && (
        <>
          <p id={statusId} role="status" className="text-sm text-base-content/75">
            Showing {entries.length} {entries.length === 1 ? 'entry' : 'entries'}, {sort} first.
          </p>
          <ol aria-describedby={statusId} className="flex flex-col gap-3">
            {entries.map((e) => (
              <AuditItem key={e._id} entry={e} />
            ))}
          </ol>
          {audit.isFetchNextPageError && (
            <ErrorState
              message={`We could not load more entries. ${audit.error?.message ?? ''}`}
              onRetry={() => void audit.fetchNextPage()}
            />
          )}
          {audit.hasNextPage && (
            <div>
              <SubmitButton
                type="button"
                className="btn w-full sm:w-auto"
                busy={audit.isFetchingNextPage}
                onClick={() => void audit.fetchNextPage()}
              >
                Load more
              </SubmitButton>
            </div>
          )}
        </>
      )}
    </div>
  );
}
