import { useSession } from '@/features/accounts/api/get-session';
import type { QueryClient } from '@tanstack/react-query';
import type { PageLocation } from '@/app/router';
import { searchQueryOptions, startCatalogueSearches } from '@/features/catalogue/api/search-catalogue';
import { categoriesQueryOptions } from '@/features/catalogue/api/get-categories';
import { apiQuery, categoryCountsQuery, facetsQuery, readState } from '@/features/catalogue/lib/search-url';
import { SERVER_STATE_ID } from '@/lib/server-state';
import { CataloguePage } from '@/features/catalogue/components/catalogue-page';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';

// This chunk loads as the page is entered, before it renders: its first results are asked for now, unless the
// server rendered the page and sent them with it (or this is the server).
if (typeof document !== 'undefined' && !document.getElementById(SERVER_STATE_ID)) {
  startCatalogueSearches(window.location.search);
}

/**
 * The catalogue's first render reads its results, its facet counts, the category tree and, with search text, the
 * text's own counts beside the category links.
 */
export function prefetch(client: QueryClient, at: PageLocation) {
  const state = readState(new URLSearchParams(at.search));
  const linkCounts = categoryCountsQuery(state);
  return Promise.all([
    client.prefetchQuery(searchQueryOptions(apiQuery(state))),
    client.prefetchQuery(searchQueryOptions(facetsQuery(state))),
    client.prefetchQuery(categoriesQueryOptions()),
    // The same query as the facets' when the text is the only filter: asked once.
    linkCounts !== null ? client.prefetchQuery(searchQueryOptions(linkCounts)) : undefined,
  ]);
}

/** /our-products: the catalogue (search, categories, filters, pages), its state in the URL; Add to cart on cards. */
export function Component() {
  const email = useSession().data?.user.email;
  return (
    <CataloguePage
      signedIn={!!email}
      cardAction={(product) => (
        <AddToCartButton product={product} email={email} className="btn btn-outline btn-primary btn-block" />
      )}
    />
  );
}
