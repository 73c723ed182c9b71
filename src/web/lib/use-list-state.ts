import { useLocation, useNavigate } from 'react-router';
import { pageSizes } from '@shared/common/paging';

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

/** `value` if it is one of `allowed`, else undefined: a hand-edited URL may hold anything. */
export function oneOf<T extends string>(allowed: readonly T[], value: string): T | undefined {
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/**
 * The search, sort and page size every paged admin list sends, read from its URL values: a sort or page size the
 * API would refuse falls back to the list's default, so an old or edited link still shows a list.
 */
export function parseListParams<S extends string>(
  values: { q: string; sort: string; limit: string },
  { sorts, defaults }: { sorts: readonly S[]; defaults: { sort: NoInfer<S>; limit: string } },
) {
  return {
    q: values.q || undefined,
    sort: oneOf(sorts, values.sort) ?? defaults.sort,
    limit: pageSizes.map(String).includes(values.limit) ? values.limit : defaults.limit,
  };
}
