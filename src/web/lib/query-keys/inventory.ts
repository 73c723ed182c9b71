export const inventoryKeys = {
  all: ['inventory'] as const,
  /** One product's stock history (every page of it). */
  history: (productId: string) => ['inventory', 'history', productId] as const,
};
