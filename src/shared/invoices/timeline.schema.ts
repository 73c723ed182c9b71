import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';

export const timelineKinds = [
  'placed',
  'approval_requested',
  'approved',
  'rejected',
  'paid',
  'invoice',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
  'return',
  'refund_requested',
  'refunded',
  'credit_note',
] as const;
export type TimelineKind = (typeof timelineKinds)[number];

export const timelineActorRoles = ['customer', 'admin', 'system'] as const;

/** One step of an order's (or checkout's) history, oldest first. */
export const timelineEntrySchema = z.object({
  kind: z.enum(timelineKinds),
  at: z.iso.datetime(),
  /** What happened, in words: "Order placed", "Invoice issued". */
  title: z.string(),
  /** What identifies it: a transaction or refund id, a document number, the amount given back. */
  detail: z.string().nullable(),
  /** The invoice or credit note of this step, whose PDF can be downloaded. */
  invoiceId: idSchema.nullable(),
  /** Who did it: shown to admins only (null for customers). */
  by: z.object({ role: z.enum(timelineActorRoles), email: z.string().nullable() }).nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const timelineSchema = z.object({ entries: z.array(timelineEntrySchema) });
export type Timeline = z.infer<typeof timelineSchema>;
