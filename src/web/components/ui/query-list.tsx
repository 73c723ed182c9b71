import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from './error-state';

interface QueryListProps<T> {
  query: UseQueryResult<T[]>;
  /** Read by screen readers while loading, e.g. "Loading users…". */
  loadingLabel: string;
  /** What failed to load, e.g. "the users" → "We could not load the users. <server message>". */
  what: string;
  /** Skeleton rows shown while loading. */
  skeleton?: { count: number; className: string };
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
  if (query.isError) {
    return (
      <ErrorState
        message={`We could not load ${what}. ${query.error.message}`}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
