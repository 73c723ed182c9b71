import { overviewKeys } from './overview';

export const auditKeys = {
  all: ['audit'] as const,
  list: (kind: string | undefined, actor = '', sort = 'newest') =>
    ['audit', kind ?? 'all', actor, sort] as const,
};

/** The overview and the audit log summarise products, news and orders: what changes those makes both stale. */
export const storeSummaryKeys = [overviewKeys.all, auditKeys.all] as const;
