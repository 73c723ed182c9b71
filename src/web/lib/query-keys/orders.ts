export const orderKeys = {
  all: ['orders'] as const,
  list: () => ['orders', 'all'] as const,
  mine: (email: string) => ['orders', 'mine', email] as const,
  item: (id: string) => ['orders', 'item', id] as const,
};
