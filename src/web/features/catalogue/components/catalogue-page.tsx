import { useRef, type ReactNode } from 'react';
import type { CatalogueProduct } from '@shared/catalogue/search.schema';
import { useLocation, useNavigate } from 'react-router';
import { formatCount } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCatalogueSearch } from '../api/search-catalogue';
import { useCategories } from '../api/get-categories';
import { useMediaQuery } from '../lib/use-media-query';
import {
  apiQuery,
  categoryCountsQuery,
  changeState,
  facetsQuery,
  filterCount,
  readState,
  writeState,
  type SearchState,
  rebaseChange,
} from '../lib/search-url';
import { ActiveFilters } from './active-filters';
import { CatalogueToolbar } from './catalogue-toolbar';
import { CategoryNav } from './category-nav';
import { FilterPanel } from './filter-panel';
import { FiltersDrawer } from './filters-drawer';
import { PageSearchForm } from './page-search-form';
import { Pagination } from './pagination';
import { SearchResults } from './search-results';

/**
 * /our-products: search, category navigation, filters, sort and pages. The URL is the state: every change is a
 * navigation (a history entry), and any URL reproduces its view.
 */
export function CataloguePage({
  cardAction,
  signedIn = false,
}: {
  /** Another action on each product card (the orders feature's Add to cart, passed in by the page). */
  cardAction?: (product: CatalogueProduct) => ReactNode;
  /** Signed in: the filters offer "Fits my equipment". */
  signedIn?: boolean;
} = {}) {
  // Location and navigate rather than useSearchParams: the same thing, without more router code in the first load.
  const location = useLocation();
  const navigate = useNavigate();
  const state = readState(new URLSearchParams(location.search));
  const results = useCatalogueSearch(apiQuery(state));
  const counts = useCatalogueSearch(facetsQuery(state));
  // With text and other filters these differ: a category link keeps only the text (the same query as `counts` when
  // the text is the only filter, so asked once).
  const linkCounts = useCatalogueSearch(categoryCountsQuery(state));
  const categories = useCategories();
  const wide = useMediaQuery('(min-width: 1024px)');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A control acts on the view it was rendered with, but the URL may already have moved on: a category link or a
  // first control was used, and the page (re-rendered in a transition) has not caught up. The change builds on the
  // newest view instead (see rebaseChange): the browser's address when the router has already pushed it, else the
  // last change asked for from this render.
  const asked = useRef<{ at: string; state: SearchState } | null>(null);
  const change = (next: SearchState, typing = false) => {
    const address = window.location;
    const base =
      address.pathname === location.pathname && address.search !== location.search
        ? readState(new URLSearchParams(address.search))
        : asked.current?.at === location.search
          ? asked.current.state
          : state;
    const merged = rebaseChange(base, state, next);
    asked.current = { at: location.search, state: merged };
    const search = writeState(merged).toString();
    // Typing adds one history entry, then keeps replacing it: Back returns to what was there before typing.
    const typedEntry = (location.state as { typed?: boolean } | null)?.typed === true;
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '' },
      typing ? { replace: typedEntry, state: { typed: true } } : undefined,
    );
  };

  const category = categories.data?.find((c) => c.slug === state.category);
  useDocumentTitle(
    state.q ? `“${state.q}” · Our products` : category ? `${category.name} · Our products` : 'Our products',
  );

  // While the previous page stands in for the next one, its rows must not be counted as the new page's.
  const data = results.isPlaceholderData ? undefined : results.data;
  // The previous filters' counts stay until the new ones arrive (placeholderData).
  const facets = counts.data?.facets;
  const first = data && data.total > 0 ? (state.page - 1) * state.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, state.page * state.pageSize) : 0;
  // The pager keeps the previous total while the next page loads, so it does not collapse in between.
  const total = results.data?.total;
  const lastPage = total !== undefined ? Math.ceil(Math.min(total, 10_000) / state.pageSize) : 1;

  const panel = (
    <>
      <CategoryNav state={state} facets={linkCounts.data?.facets} />
      <FilterPanel state={state} facets={facets} onChange={change} signedIn={signedIn} />
    </>
  );

  return (
    // On a phone the first product must show on the first screen: tighter spacing, the intro left to wider
    // screens, and page size and units in the Filters dialog (the toolbar keeps Filters and Sort on one line).
    <div className="mx-auto max-w-7xl px-4 py-4 sm:py-10">
      <h1 className="mb-2 text-2xl font-bold tracking-tight sm:text-4xl">Our products</h1>
      <p className="mb-6 text-base-content/75 max-sm:hidden">
        Every tool and compressor we stock. Prices are per unit in US dollars; some items have a minimum order
        quantity.
      </p>
      <div className="mb-4 max-w-2xl sm:mb-8">
        <PageSearchForm
          q={state.q}
          onSearch={(q) => change(changeState(state, { q }))}
          onType={(q) => change(changeState(state, { q }), true)}
        />
      </div>
      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        {wide && (
          // Hidden by CSS below `lg` too: the server renders the wide layout (useMediaQuery's server answer), and on a
          // phone its panel must not push the first product down before the app takes over.
          <aside aria-label="Categories and filters" className="flex flex-col gap-8 max-lg:hidden">
            {panel}
          </aside>
        )}
        <section aria-labelledby="results-heading" className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
            <div>
              <h2
                id="results-heading"
                ref={headingRef}
                tabIndex={-1}
                className="text-xl font-semibold outline-none"
              >
                {category ? category.name : state.q ? 'Search results' : 'All products'}
              </h2>
              <p role="status" className="text-sm text-base-content/75">
                {data
                  ? data.total === 0
                    ? 'No products found'
                    : `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)} products`
                  : results.isPlaceholderData
                    ? 'Loading products…'
                    : ''}
              </p>
            </div>
            <CatalogueToolbar
              state={state}
              onChange={change}
              compact={!wide}
              filterButton={
                // On wide screens too, hidden there by CSS: the server renders the wide layout, and a phone's
                // first screen must hold the button's room before the app takes over (no layout shift).
                <div className="contents lg:hidden">
                  <FiltersDrawer active={filterCount(state)} total={total}>
                    <CatalogueToolbar state={state} onChange={change} only="display" />
                    {panel}
                  </FiltersDrawer>
                </div>
              }
            />
          </div>
          <ActiveFilters state={state} facets={facets} onChange={change} />
          <SearchResults query={results} state={state} onChange={change} cardAction={cardAction} />
          <Pagination state={state} lastPage={lastPage} onNavigate={() => headingRef.current?.focus()} />
        </section>
      </div>
    </div>
  );
}
