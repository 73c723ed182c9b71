export const reviewKeys = {
  all: ['reviews'] as const,
  mine: (email: string) => ['reviews', 'mine', email] as const,
  /** A product page's reviews; without an id, every product's. */
  ofProduct: (productId?: string) => (productId ? ['product-reviews', productId] : ['product-reviews']),
};
