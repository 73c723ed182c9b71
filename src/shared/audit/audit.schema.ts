import { z } from 'zod';

export const auditKinds = [
  'product.created',
  'product.edited',
  'product.archived',
  'order.delivered',
  'order.cancelled',
  'user.promoted',
  'news.created',
  'news.edited',
  'news.deleted',
] as const;
export type AuditKind = (typeof auditKinds)[number];

export const auditEntrySchema = z.object({
  _id: z.string(),
  actorEmail: z.string(),
  kind: z.enum(auditKinds),
  entityType: z.string(),
  entityId: z.string(),
  summary: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  kind: z.enum(auditKinds).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** ISO date of the last entry already shown, for the next page. */
  before: z.iso.datetime().optional(),
});

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  nextBefore: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
