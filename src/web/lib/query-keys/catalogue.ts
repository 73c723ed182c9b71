export const catalogueKeys = {
  /** The prefix of every product list (the catalogue, the home page's, the admin table, searches). */
  all: ['products'] as const,
  list: () => ['products', 'all'] as const,
  home: () => ['products', 'home'] as const,
  /** One catalogue search (its API query string). */
  search: (query: string) => ['products', 'search', query] as const,
  categories: () => ['products', 'categories'] as const,
  suggest: (q: string) => ['products', 'suggest', q] as const,
  /** One product page; without an id, every product page. */
  product: (id?: string) => (id ? ['product', id] : ['product']),
  /** A product page's breadcrumbs, specs and related products (under the product's key, so they go stale with it). */
  detail: (id: string) => ['product', id, 'detail'] as const,
  /** A product's documents (datasheets, manuals, certificates). */
  documents: (id: string) => ['product-documents', id] as const,
  /** One CSV import's progress and report. */
  catalogueImport: (id: string) => ['catalogue-import', id] as const,
};
