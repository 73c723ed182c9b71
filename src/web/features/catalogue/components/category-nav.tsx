import { Link } from 'react-router';
import type { Facets } from '@shared/catalogue/search.schema';
import { paths } from '@/config/paths';
import { formatCount } from '@/lib/format';
import { useCategories } from '../api/get-categories';
import { emptyState, writeState, type SearchState } from '../lib/search-url';

/** The link to a category (null: all products), keeping the search text and dropping the other filters. */
export function categoryHref(state: SearchState, category: string | null) {
  const search = writeState({ ...emptyState, q: state.q, category, pageSize: state.pageSize }).toString();
  return `${paths.products}${search ? `?${search}` : ''}`;
}

/**
 * The category tree as links (each category page has its own URL), the current one marked. With search text the
 * counts are the text's alone (`facets` of categoryCountsQuery: what a link shows, as it keeps the text and drops the
 * other filters), and categories without a match are left out but for the current one.
 */
export function CategoryNav({ state, facets }: { state: SearchState; facets?: Facets | null | undefined }) {
  const categories = useCategories();
  const searched = state.q && facets ? new Map(facets.categories.map((c) => [c.slug, c.count])) : undefined;
  const countOf = (c: { slug: string; count: number }) => (searched ? (searched.get(c.slug) ?? 0) : c.count);
  const item = (slug: string | null, label: string, depth: number, count?: number) => (
    <li key={slug ?? ''}>
      <Link
        to={categoryHref(state, slug)}
        aria-current={state.category === slug ? 'page' : undefined}
        className={`flex justify-between gap-2 rounded-field px-2 py-1 hover:bg-base-200 aria-[current=page]:bg-primary/10 aria-[current=page]:font-semibold aria-[current=page]:text-primary`}
        style={{ paddingLeft: `${0.5 + depth}rem` }}
      >
        <span>{label}</span>
        {count !== undefined && <span className="text-base-content/70">{formatCount(count)}</span>}
      </Link>
    </li>
  );
  return (
    <nav aria-labelledby="category-nav-heading">
      <h2 id="category-nav-heading" className="mb-2 font-semibold">
        Categories
      </h2>
      {categories.isPending ? (
        <div role="status" aria-label="Loading categories" className="space-y-2">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} aria-hidden="true" className="skeleton h-6 w-full" />
          ))}
        </div>
      ) : categories.isError ? (
        <p className="text-sm text-base-content/75">The categories could not be loaded.</p>
      ) : (
        <ul className="flex flex-col gap-0.5 text-sm">
          {item(null, 'All products', 0)}
          {categories.data
            .filter((c) => c.count > 0 && (!searched || searched.has(c.slug) || c.slug === state.category))
            .map((c) => item(c.slug, c.name, c.depth, countOf(c)))}
        </ul>
      )}
    </nav>
  );
}
