import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from './error-state';

interface Waiting {
  /** Read by screen readers while loading, e.g. "Loading users…". */
  loadingLabel: string;
  /** What failed to load, e.g. "the users" → "We could not load the users. <server message>". */
  what: string;
  /** Skeleton rows shown while loading. */
  skeleton: { count: number; className: string };
}

/** A list's query before it has data: skeleton rows while loading, or the error with a retry. */
export function ListWaiting({
  query,
  loadingLabel,
  what,
  skeleton,
}: Waiting & { query: Pick<UseQueryResult<unknown>, 'isPending' | 'error' | 'refetch'> }) {
  if (query.isPending) {
    return (
      <div role="status" className="mt-6 space-y-3">
        <span className="sr-only">{loadingLabel}</span>
        {Array.from({ length: skeleton.count }, (_, i) => (
          <div key={i} aria-hidden="true" className={`skeleton w-full ${skeleton.className}`} />
        ))}
      </div>
    );
  }
  return (
    <ErrorState
      message={`We could not load ${what}. ${query.error?.message}`}
      onRetry={() => void query.refetch()}
    />
  );
}

interface QueryListProps<T> extends Omit<Waiting, 'skeleton'> {
  query: UseQueryResult<T[]>;
  skeleton?: Waiting['skeleton'];
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** The loading, error (with retry) and empty states every dashboard list needs; renders the list when there is data. */
export function QueryList<T>({
  query,
  loadingLabel,
  what,
  skeleton = { count: 4, className: 'h-10' },
  empty,
  children,
}: QueryListProps<T>) {
  if (query.isPending || query.isError) {
    return <ListWaiting query={query} loadingLabel={loadingLabel} what={what} skeleton={skeleton} />;
  }
  if (query.data.length === 0) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
