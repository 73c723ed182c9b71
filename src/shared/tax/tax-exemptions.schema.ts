import { z } from 'zod';
import { cursorParam, limitParam } from '../common/paging.schema';
import { isUsStateCode, usStates } from '../common/us-states';

/** An exemption certificate is a PDF of at most this size (docs/decisions/037-shipping-and-tax.md). */
export const MAX_EXEMPTION_BYTES = 10 * 1024 * 1024;
export const MAX_EXEMPTION_MB = MAX_EXEMPTION_BYTES / (1024 * 1024);

/** A customer may have this many certificates waiting for review at once (409 for one more). */
export const MAX_PENDING_EXEMPTIONS = 5;

/** 403 for a customer whose address is not verified: an upload mails the staff. */
export const exemptionVerifyFirst =
  'Please verify your email address before uploading a certificate: follow the link in the verification mail we sent you.';

export const exemptionStatuses = ['pending', 'approved', 'rejected'] as const;
export type ExemptionStatus = (typeof exemptionStatuses)[number];

/** Today as YYYY-MM-DD in UTC: the day expiry dates are compared with. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/**
 * The fields sent beside the PDF (multipart): the certificate's number, the states it covers (repeated `states`
 * fields, or one comma-separated field) and its expiry date, which must be after today (UTC).
 */
export const exemptionUploadFieldsSchema = z.object({
  number: z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(60, { error: 'must be at most 60 characters' }),
  states: z
    .array(z.string().trim().toUpperCase(), { error: 'must list at least one US state' })
    .min(1, { error: 'must list at least one US state' })
    .max(Object.keys(usStates).length, { error: `must list at most ${Object.keys(usStates).length} states` })
    .superRefine((codes, ctx) => {
      const unknown = codes.filter((c) => !isUsStateCode(c));
      if (unknown.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `must be US state codes (two letters, or DC); unknown: ${unknown.join(', ').slice(0, 200)}`,
        });
      else if (new Set(codes).size !== codes.length)
        ctx.addIssue({ code: 'custom', message: 'lists a state more than once' });
    }),
  expiresOn: z.iso
    .date({ error: 'must be a date (YYYY-MM-DD)' })
    .refine((d) => d > todayUtc(), { error: 'must be in the future' }),
});
export type ExemptionUploadFields = z.infer<typeof exemptionUploadFieldsSchema>;

/** One certificate, as its customer and the admins see it. */
export const taxExemptionSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  number: z.string(),
  states: z.array(z.string()),
  expiresOn: z.string(),
  fileName: z.string(),
  /** GET /api/tax-exemptions/{id}/file: the PDF (its customer or an admin). */
  fileUrl: z.string(),
  status: z.enum(exemptionStatuses),
  /** Why it was rejected. */
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TaxExemption = z.infer<typeof taxExemptionSchema>;
export const taxExemptionListSchema = z.array(taxExemptionSchema);

/** GET /api/tax-exemptions/{email}: the customer's own certificates, newest first, paged by headers. */
export const myExemptionsQuerySchema = z.object({
  limit: limitParam(25),
  cursor: cursorParam,
});
export type MyExemptionsQuery = z.infer<typeof myExemptionsQuerySchema>;

/** GET /api/tax-exemptions (admin): every customer's, of one status or all, newest first, paged by headers. */
export const exemptionListQuerySchema = z.object({
  limit: limitParam(25),
  cursor: cursorParam,
  status: z.enum(exemptionStatuses, { error: `must be one of ${exemptionStatuses.join(', ')}` }).optional(),
});
export type ExemptionListQuery = z.infer<typeof exemptionListQuerySchema>;

/** PUT /api/tax-exemptions/{id}/decision (admin): approve, or reject with the reason the customer reads. */
export const exemptionDecisionSchema = z
  .strictObject({
    decision: z.enum(['approve', 'reject'], { error: 'must be approve or reject' }),
    reason: z.string().trim().max(1000, { error: 'must be at most 1000 characters' }).optional(),
  })
  .superRefine((d, ctx) => {
    if (d.decision === 'reject' && !d.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'is required to reject a certificate' });
  });
export type ExemptionDecision = z.infer<typeof exemptionDecisionSchema>;

/** The form's reason field alone (the web's reject dialog). */
export const exemptionRejectReasonSchema = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(1000, { error: 'must be at most 1000 characters' });
