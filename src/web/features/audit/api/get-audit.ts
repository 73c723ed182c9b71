import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditKind, AuditPage, AuditSort } from '@shared/audit/audit.schema';
import { api } from '@/lib/api-client';
import { auditKeys } from '@/lib/query-keys/audit';

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/audit (admin): one page of admin actions, newest first, optionally of one kind, before a date. */
export function getAudit({
  kind,
  actor,
  sort,
  before,
  limit = AUDIT_PAGE_SIZE,
}: {
  kind?: AuditKind | undefined;
  actor?: string | undefined;
  sort?: AuditSort | undefined;
  before?: string | undefined;
  limit?: number;
}) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (kind) query.set('kind', kind);
  if (actor) query.set('actor', actor);
  if (sort && sort !== 'newest') query.set('sort', sort);
  if (before) query.set('before', before);
  return api<AuditPage>(`/audit?${query.toString()}`);
}

/** Pages follow each other through `nextBefore` (null on the last page). */
export const auditQueryOptions = (kind: AuditKind | undefined, actor?: string, sort?: AuditSort) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(kind, actor, sort),
    queryFn: ({ pageParam }) => getAudit({ kind, actor, sort, before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });

export const useAudit = (kind: AuditKind | undefined, actor?: string, sort?: AuditSort) =>
  useInfiniteQuery(auditQueryOptions(kind, actor, sort));
