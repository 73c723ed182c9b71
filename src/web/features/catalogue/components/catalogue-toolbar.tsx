import { useId, type ReactNode } from 'react';
import type { SortOption } from '@shared/catalogue/search-params';
import { fieldBorder } from '@/components/ui/field';
import { changeState, PAGE_SIZES, type SearchState } from '../lib/search-url';
import { UnitToggle } from './unit-toggle';

const sortLabels: Record<SortOption, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  name: 'Name: A to Z',
};

/**
 * Sort, page size and units; the mobile filter button is passed in (it only exists on small screens). `compact`
 * (small screens): only the filter button and sort, page size and units being in the filters dialog (`only="display"`).
 */
export function CatalogueToolbar({
  state,
  onChange,
  filterButton,
  compact = false,
  only,
}: {
  state: SearchState;
  onChange: (next: SearchState) => void;
  filterButton?: ReactNode;
  compact?: boolean;
  only?: 'display';
}) {
  const id = useId();
  // Without search text the API orders "relevance" by newest: show it as what it is.
  const sort = state.sort === 'relevance' && !state.q ? 'newest' : state.sort;
  const sorts = (Object.keys(sortLabels) as SortOption[]).filter((s) => s !== 'relevance' || state.q);
  // The server renders the wide toolbar (decision 056): below `lg` CSS already gives it the phone's one line (sort
  // beside its label, page size and units left to the Filters dialog), so the first product does not move up when
  // the app takes over and switches to the compact one.
  const wideOnly = only === 'display' ? '' : ' max-lg:hidden';
  return (
    <div className="flex flex-wrap items-end gap-4">
      {filterButton}
      {only !== 'display' && (
        <div
          className={
            compact ? 'flex items-center gap-2' : 'flex gap-1 max-lg:items-center max-lg:gap-2 lg:flex-col'
          }
        >
          {/* On a phone's line the label stays on one line and the list takes its options' width (daisyUI's
              20rem would squeeze the label into two). */}
          <label htmlFor={`${id}-sort`} className="text-sm font-medium whitespace-nowrap">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            className={`select select-sm max-lg:w-auto ${fieldBorder()}`}
            value={sort}
            onChange={(e) => onChange(changeState(state, { sort: e.target.value as SortOption }))}
          >
            {sorts.map((s) => (
              <option key={s} value={s}>
                {sortLabels[s]}
              </option>
            ))}
          </select>
        </div>
      )}
      {!compact && (
        <div className={`flex flex-col gap-1${wideOnly}`}>
          <label htmlFor={`${id}-size`} className="text-sm font-medium">
            Per page
          </label>
          <select
            id={`${id}-size`}
            className={`select select-sm w-24 ${fieldBorder()}`}
            value={state.pageSize}
            onChange={(e) => onChange(changeState(state, { pageSize: Number(e.target.value) }))}
          >
            {[...new Set([...PAGE_SIZES, state.pageSize])]
              .sort((a, b) => a - b)
              .map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
          </select>
        </div>
      )}
      {!compact && <UnitToggle className={wideOnly} />}
    </div>
  );
}
