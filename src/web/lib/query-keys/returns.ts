export const returnKeys = {
  all: ['returns'] as const,
  /** A page of the buyer's own returns, or of every return (admin). */
  list: (scope: 'mine' | 'all', status: string, page: number) => ['returns', scope, status, page] as const,
  policies: ['returns', 'policies'] as const,
};
