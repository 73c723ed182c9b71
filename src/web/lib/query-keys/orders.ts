export const orderKeys = {
  all: ['orders'] as const,
  /** The admins' list; with parameters, one page of it. */
  list: (params?: Record<string, string | undefined>) =>
    params ? (['orders', 'all', params] as const) : (['orders', 'all'] as const),
  mine: (email: string) => ['orders', 'mine', email] as const,
  item: (id: string) => ['orders', 'item', id] as const,
  /** The customer's cart: under `all`, so whatever changes orders or stock refreshes its lines' problems too. */
  cart: (email: string) => ['orders', 'cart', email] as const,
  /** One product line priced by the server (the Order Now form): under `all`, so an order or a price change refreshes it. */
  linePrice: (email: string, productId: string, quantity: number) =>
    ['orders', 'line-price', email, productId, quantity] as const,
  /** One checkout (a cart paid at once): under `all`, so its lines' changes refresh it too. */
  checkout: (id: string) => ['orders', 'checkout', id] as const,
  /** A company's approvals (a list, or one by id): under `all`, so checkouts' changes refresh them too. */
  approvals: (companyId: string, part: string) => ['orders', 'approvals', companyId, part] as const,
};
