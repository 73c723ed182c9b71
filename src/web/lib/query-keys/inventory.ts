export const inventoryKeys = {
  all: ['inventory'] as const,
  /** One product's stock history (every page of it). */
  history: (productId: string) => ['inventory', 'history', productId] as const,
  /** Whether the signed-in customer waits for a back-in-stock mail about this product. */
  notifyMe: (productId: string) => ['inventory', 'notify-me', productId] as const,
};
