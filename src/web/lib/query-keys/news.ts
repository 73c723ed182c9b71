export const newsKeys = {
  all: ['news'] as const,
  list: () => ['news', 'list'] as const,
  item: (id: string) => ['news', 'item', id] as const,
};
