export const catalogueKeys = {
  /** The prefix of every product list (the catalogue, the home page's, the admin table). */
  all: ['products'] as const,
  list: () => ['products', 'all'] as const,
  home: () => ['products', 'home'] as const,
  /** One product page; without an id, every product page. */
  product: (id?: string) => (id ? ['product', id] : ['product']),
};
