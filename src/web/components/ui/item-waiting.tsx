import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { ErrorState } from './error-state';

/**
 * One item's query (an order, a checkout) before it has data: skeletons while loading; when the id is wrong or the
 * item is another account's (400, 403, 404), `notFound` with a way back; any other failure with a retry. Renders
 * nothing once there is data.
 */
export function ItemWaiting({
  query,
  what,
  loadingLabel,
  skeletons,
  notFound,
}: {
  query: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'refetch'>;
  /** "this order" → "We could not load this order. <server message>". */
  what: string;
  loadingLabel: string;
  /** One skeleton block per entry, by its height class. */
  skeletons: string[];
  notFound: ReactNode;
}) {
  if (query.isPending)
    return (
      <div role="status" className="space-y-4">
        <span className="sr-only">{loadingLabel}</span>
        {skeletons.map((height, i) => (
          <div key={i} aria-hidden="true" className={`skeleton w-full ${height}`} />
        ))}
      </div>
    );
  if (!query.isError) return null;
  const status = query.error instanceof ApiError ? query.error.status : 0;
  if (status === 400 || status === 403 || status === 404)
    return <div className="flex flex-col items-start gap-4">{notFound}</div>;
  return (
    <ErrorState
      message={`We could not load ${what}. ${query.error?.message}`}
      onRetry={() => void query.refetch()}
    />
  );
}
