import { z } from 'zod';
import { cursorParam, limitParam } from '../common/paging.schema';

/** Punchout connections, sessions and the document log (docs/decisions/063-punchout.md). */

const name = (max: number) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(1, { error: 'is required' })
    .max(max, {
      error: `must be at most ${max} characters`,
    });

export const connectionCreateSchema = z
  .object({
    protocol: z.enum(['cxml', 'oci'], { error: 'must be cxml or oci' }),
    systemName: name(60),
    /** cXML: the buyer's From credential (domain and identity), e.g. NetworkID / AN01000000001. */
    fromDomain: name(100).optional(),
    fromIdentity: name(200).optional(),
    /** OCI: the user name the buyer system logs in with. */
    ociUsername: name(100).optional(),
    /** cXML: where confirmations, ship notices and invoices are posted (https). */
    documentUrl: z
      .url({ error: 'must be a URL', protocol: /^https?$/ })
      .max(2000)
      .optional(),
    /** The member punchout users act as when the request names no member of the company by email. */
    defaultMemberEmail: z.email({ error: 'must be an email address' }).trim().toLowerCase(),
  })
  .superRefine((c, ctx) => {
    const need =
      c.protocol === 'cxml' ? (['fromDomain', 'fromIdentity'] as const) : (['ociUsername'] as const);
    for (const field of need)
      if (!c[field]) ctx.addIssue({ code: 'custom', path: [field], message: 'is required' });
  });
export type ConnectionCreate = z.input<typeof connectionCreateSchema>;

export const connectionSchema = z.object({
  _id: z.string(),
  protocol: z.enum(['cxml', 'oci']),
  systemName: z.string(),
  fromDomain: z.string().nullable(),
  fromIdentity: z.string().nullable(),
  ociUsername: z.string().nullable(),
  documentUrl: z.string().nullable(),
  defaultMemberEmail: z.string(),
  createdAt: z.string(),
});
export type Connection = z.infer<typeof connectionSchema>;

/** The answer to creating a connection: the secret (cXML) or password (OCI), shown this once only. */
export const connectionCreatedSchema = connectionSchema.extend({ secret: z.string() });
export type ConnectionCreated = z.infer<typeof connectionCreatedSchema>;

export const documentSchema = z.object({
  _id: z.string(),
  connectionId: z.string(),
  systemName: z.string(),
  direction: z.enum(['in', 'out']),
  docType: z.string(),
  status: z.string(),
  answerCode: z.number().int().nullable(),
  answer: z.string().nullable(),
  body: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the retention sweep emptied `body` and `answer` (EVENT_RETENTION_DAYS); null while they are kept. */
  prunedAt: z.string().nullable(),
});
export type ProcurementDocument = z.infer<typeof documentSchema>;

export const documentsQuerySchema = z.object({ limit: limitParam(25), cursor: cursorParam });

export const companyParamsSchema = z.object({ id: z.uuid({ error: 'must be a company id' }) });
export const companyItemParamsSchema = companyParamsSchema.extend({
  itemId: z.uuid({ error: 'must be an id' }),
});

/** The answer to resending an outbound document: it is queued for its sending job. */
export const documentQueuedSchema = z.object({ queued: z.literal(true) });

/** GET /api/punchout/session: whether this browser session is a punchout one, and for which buyer system. */
export const punchoutSessionSchema = z.object({
  punchout: z.boolean(),
  systemName: z.string().nullable(),
  protocol: z.enum(['cxml', 'oci']).nullable(),
  /** cXML `inspect`: the transferred cart is shown, and cannot be transferred back. */
  readOnly: z.boolean(),
});
export type PunchoutSessionView = z.infer<typeof punchoutSessionSchema>;

export const procurementMessages = {
  notMember: 'defaultMemberEmail: is not a member of this company',
  taken: 'This buyer identity or OCI user is already connected.',
  startUsed: 'This punchout link has been used or has expired. Start again from your purchasing system.',
  notPunchout: 'This session was not opened from a purchasing system.',
  emptyCart: 'Your cart is empty.',
  pruned: 'This document is older than the log keeps documents whole: it cannot be resent.',
  inspectOnly: 'This cart was opened to be viewed only: it cannot be transferred back.',
} as const;
