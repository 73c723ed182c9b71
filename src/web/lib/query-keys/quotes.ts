export const quotesKeys = {
  all: ['quotes'] as const,
  /** One page of a quote list (the customer's own, or every customer's for an admin: the server decides). */
  list: (params: Record<string, string | undefined>) => ['quotes', 'list', params] as const,
  item: (id: string) => ['quotes', 'item', id] as const,
  /** The ways one quote's lines ship to a destination, at the quoted prices. */
  rates: (id: string, request: object) => ['quotes', 'rates', id, request] as const,
};
