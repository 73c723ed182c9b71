import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CatalogueProduct, SearchResult } from '@shared/catalogue/search.schema';
import { ErrorState } from '@/components/ui/error-state';
import { paths } from '@/config/paths';
import { useCategories } from '../api/get-categories';
import { useUnitSystem } from '../lib/units';
import { changeState, filterCount, writeState, type SearchState } from '../lib/search-url';
import { CardSpecs } from './card-specs';
import { categoryHref } from './category-nav';
import { ProductCard, ProductCardSkeleton } from './product-card';

const gridClass = 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3';

/** "Did you mean …": each correction the API made, as a search for it. */
function Corrections({ state, result }: { state: SearchState; result: SearchResult }) {
  const words = result.corrections.flatMap((c) => c.suggestions.slice(0, 2));
  if (words.length === 0) return null;
  return (
    <p className="mb-4">
      Did you mean{' '}
      {words.map((w, i) => (
        <span key={w}>
          {i > 0 && ', '}
          <Link
            className="link link-primary"
            to={`${paths.products}?${writeState(changeState(state, { q: w }))}`}
          >
            {w}
          </Link>
        </span>
      ))}
      ?
    </p>
  );
}

/** Nothing matches: what to try instead. */
function NoResults({ state, onChange }: { state: SearchState; onChange: (next: SearchState) => void }) {
  const categories = useCategories();
  const top = (categories.data ?? []).filter((c) => c.depth === 0 && c.count > 0);
  return (
    <div className="rounded-box border border-base-300 p-8 text-center">
      <h3 className="text-xl font-semibold">
        No products match{state.q ? ` “${state.q}”` : ' these filters'}.
      </h3>
      <ul className="mt-4 flex flex-col items-center gap-2 text-base-content/85">
        {state.q && <li>Check the spelling, or search for a shorter word or part number.</li>}
        {filterCount(state) > 0 && (
          <li>
            <button
              type="button"
              className="btn btn-sm btn-outline"
              onClick={() =>
                onChange(
                  changeState(state, { brands: [], inStock: false, fits: null, price: null, specs: {} }),
                )
              }
            >
              Remove all filters
            </button>
          </li>
        )}
        {top.length > 0 && (
          <li>
            Browse a category:{' '}
            {top.map((c, i) => (
              <span key={c.slug}>
                {i > 0 && ' · '}
                <Link className="link link-primary" to={categoryHref({ ...state, q: '' }, c.slug)}>
                  {c.name}
                </Link>
              </span>
            ))}
          </li>
        )}
      </ul>
    </div>
  );
}

/** The result grid with its loading (skeletons), error, empty and refreshing states. */
export function SearchResults({
  query,
  state,
  onChange,
  cardAction,
}: {
  query: UseQueryResult<SearchResult>;
  state: SearchState;
  onChange: (next: SearchState) => void;
  /** Another action on each card, beside Order Now (from another feature, passed in by the page). */
  cardAction?: ((product: CatalogueProduct) => ReactNode) | undefined;
}) {
  const units = useUnitSystem();
  if (query.isPending) {
    return (
      <div className={gridClass} role="status" aria-label="Loading products">
        {Array.from({ length: Math.min(state.pageSize, 9) }, (_, i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        message={`We could not load the products. ${query.error.message}`}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const result = query.data;
  return (
    <div
      aria-busy={query.isPlaceholderData}
      className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
    >
      <Corrections state={state} result={result} />
      {result.items.length === 0 ? (
        <NoResults state={state} onChange={onChange} />
      ) : (
        <ul className={gridClass}>
          {result.items.map((p, i) => (
            <li key={p._id} className="flex">
              <div className="flex w-full [&>article]:w-full">
                <ProductCard
                  product={p}
                  eager={i === 0 ? 'high' : i < 3}
                  details={<CardSpecs product={p} units={units} />}
                  action={cardAction?.(p)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
