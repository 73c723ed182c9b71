import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditKind, AuditPage } from '@shared/audit/audit.schema';
import { api } from '@/lib/api-client';
import { auditKeys } from '@/lib/query-keys/audit';

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/audit (admin): one page of admin actions, newest first, optionally of one kind, before a date. */
export function getAudit({
  kind,
  before,
  limit = AUDIT_PAGE_SIZE,
}: {
  kind?: AuditKind;
  before?: string;
  limit?: number;
}) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (kind) query.set('kind', kind);
  if (before) query.set('before', before);
  return api<AuditPage>(`/audit?${query.toString()}`);
}

/** Pages follow each other through `nextBefore` (null on the last page). */
export const auditQueryOptions = (kind: AuditKind | undefined) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(kind),
    queryFn: ({ pageParam }) => getAudit({ kind, before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

export const useAudit = (kind: AuditKind | undefined) => useInfiniteQuery(auditQueryOptions(kind));
