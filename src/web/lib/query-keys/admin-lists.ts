/**
 * The admins' paged lists. Each key starts with its feature's prefix (`catalogueKeys.all`, `accountKeys.users`),
 * so what invalidates a feature's data invalidates its pages too. In a file of its own: the other key files are on
 * the home page's first load.
 */
export const adminListKeys = {
  products: (params: Record<string, string | undefined>) => ['products', 'admin', params] as const,
  users: (params: Record<string, string | undefined>) => ['users', params] as const,
  categories: ['categories', 'admin'] as const,
};
