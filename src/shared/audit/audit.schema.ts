import { z } from 'zod';

export const auditKinds = [
  'product.created',
  'product.edited',
  'product.archived',
  'product.restored',
  'product.document_added',
  'product.document_removed',
  'catalogue.imported',
  'order.delivered',
  'order.cancelled',
  'order.refunded',
  'user.promoted',
  'user.demoted',
  'news.created',
  'news.edited',
  'news.deleted',
  'category.created',
  'category.edited',
  'category.deleted',
  'quote.requested',
  'quote.answered',
  'quote.declined',
  'quote.accepted',
  'shipping_method.created',
  'shipping_method.edited',
  'shipping_method.deleted',
  'shipping_zones.edited',
  'pickup_location.created',
  'pickup_location.edited',
  'pickup_location.deleted',
  'tax_rates.edited',
  'tax_exemption.approved',
  'tax_exemption.rejected',
  'shipment.created',
  'company.created',
  'company.edited',
  'company.approval_settings_changed',
  'company_member.joined',
  'company_member.roles_changed',
  'company_member.removed',
  'company_member.left',
  'company_member.limits_changed',
  'checkout.approval_requested',
  'checkout.approved',
  'checkout.rejected',
  'company_invitation.sent',
  'company_invitation.revoked',
  'company_location.created',
  'company_location.edited',
  'company_location.deleted',
  'shared_list.created',
  'shared_list.edited',
  'shared_list.deleted',
  'price_list.created',
  'price_list.edited',
  'price_list.deleted',
  'price_list.imported',
  'company_terms.granted',
  'company_terms.edited',
  'company_terms.withdrawn',
  'account.paid_on_account',
  'account.card_payment',
  'account.card_payment_refunded',
  'account.bank_transfer',
  'equipment_model.created',
  'equipment_model.edited',
  'service_plan.edited',
  'part_fit.added',
  'part.replaced',
  'return.requested',
  'return.approved',
  'return.rejected',
  'return.received',
  'return.refunded',
  'return.replaced',
  'order.replacement',
  'return.policy_changed',
  'api_key.created',
  'api_key.revoked',
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

const cursorPattern =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2}))(?:~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}))?$/i;

/**
 * A page cursor: the time of the last entry shown (to the microsecond) and its id, as `nextBefore` returns it, or
 * a bare ISO date-time for "entries before this moment". Times outside years 1–9999 are refused: the database
 * cannot compare them.
 */
export function parseAuditCursor(value: string): { at: string; id: string | undefined } | undefined {
  const match = cursorPattern.exec(value);
  if (!match?.[1]) return undefined;
  const time = new Date(match[1]);
  const year = time.getUTCFullYear();
  if (Number.isNaN(time.getTime()) || year < 1 || year > 9999) return undefined;
  return { at: match[1], id: match[2]?.toLowerCase() };
}

export const auditSorts = ['newest', 'oldest'] as const;
export type AuditSort = (typeof auditSorts)[number];

export const auditQuerySchema = z.object({
  kind: z.enum(auditKinds).optional(),
  /** The start of the acting admin's email. */
  actor: z
    .string()
    .trim()
    .max(200, { error: 'must be at most 200 characters' })
    .optional()
    .transform((v) => v || undefined),
  sort: z.enum(auditSorts, { error: 'must be newest or oldest' }).default('newest'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** `nextBefore` of the previous page (or an ISO date-time between years 1 and 9999). */
  before: z
    .string()
    .refine((v) => parseAuditCursor(v) !== undefined, {
      error: 'must be the nextBefore of a previous page or an ISO date-time between years 1 and 9999',
    })
    .optional(),
});

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Cursor of the next page (pass it back as `before`), or null on the last page. */
  nextBefore: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
