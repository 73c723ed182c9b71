import { useLocation, useNavigate } from 'react-router';

/** The pages walked through to reach the current one (their cursors; '' is the first page), kept in history state. */
interface ListHistory {
  trail?: string[];
}

/**
 * A paged list's state, held in the URL so a reload or a shared link shows the same page: the filters, search and
 * sort given in `defaults` (a value equal to its default is left out of the URL) and the page's `cursor`. Changing
 * any of them goes back to the first page. The cursors of the pages before are kept in the history entry, so
 * Previous works after a reload too.
 */
export function useListState<K extends string>(defaults: Record<K, string>) {
  // useLocation and useNavigate rather than useSearchParams: the router's code is on the home page's first load.
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const trail = (location.state as ListHistory | null)?.trail ?? [];
  const cursor = params.get('cursor') ?? undefined;
  const values = Object.fromEntries(
    (Object.keys(defaults) as K[]).map((k) => [k, params.get(k) ?? defaults[k]]),
  ) as Record<K, string>;

  const go = (next: URLSearchParams, nextTrail: string[]) => {
    const search = next.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      { state: { trail: nextTrail } satisfies ListHistory },
    );
  };

  const withCursor = (c: string | undefined) => {
    const next = new URLSearchParams(params);
    if (c) next.set('cursor', c);
    else next.delete('cursor');
    return next;
  };

  return {
    values,
    cursor,
    /** How many pages come before this one, when known (0 for a link straight to a later page). */
    pageIndex: trail.length,
    hasPrevious: trail.length > 0,
    set(changes: Partial<Record<K, string>>) {
      const next = withCursor(undefined);
      for (const [k, v] of Object.entries(changes) as [K, string][]) {
        if (v === defaults[k] || v === '') next.delete(k);
        else next.set(k, v);
      }
      go(next, []);
    },
    next(nextCursor: string) {
      go(withCursor(nextCursor), [...trail, cursor ?? '']);
    },
    previous() {
      go(withCursor(trail.at(-1) || undefined), trail.slice(0, -1));
    },
    first() {
      go(withCursor(undefined), []);
    },
  };
}

export type ListState<K extends string> = ReturnType<typeof useListState<K>>;
