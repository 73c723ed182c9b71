import { and, eq, sql } from 'drizzle-orm';
import type { Paged } from '@shared/common/paging.schema';
import { taxExemptionFilePath } from '@shared/tax/tax-exemptions.calls';
import {
  exemptionUploadFieldsSchema,
  MAX_PENDING_EXEMPTIONS,
  exemptionVerifyFirst,
  type ExemptionDecision,
  type ExemptionListQuery,
  type MyExemptionsQuery,
  type TaxExemption,
} from '@shared/tax/tax-exemptions.schema';
import { taxExemptions, user } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import { afterCursor, cutPage, keyText, orderBySort, type KeysetSort } from '../../infra/keyset';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import type { MediaStore, StoredMedia } from '../../infra/storage';
import { recordAudit } from '../audit/audit.service';
import { assertPdf, safeFileName } from '../media/media.service';
import type { StaffMail } from '../notifications/index';
import { notifyExemptionUploaded, sendExemptionDecisionMail } from './tax-exemptions.mail';

/** Where certificates live in the media store: a folder /media does not serve (they are the customer's own). */
export const EXEMPTION_FOLDER = 'tax-exemptions';

export interface ExemptionDeps {
  db: Db;
  media: MediaStore;
  staff: StaffMail;
}

type ExemptionRow = typeof taxExemptions.$inferSelect;
type Owner = { email: string; name: string };

const columns = { row: taxExemptions, email: user.email, name: user.name };

const toExemption = (r: ExemptionRow, owner: Owner): TaxExemption => ({
  _id: r.id,
  email: owner.email,
  name: owner.name,
  number: r.number,
  states: r.states,
  expiresOn: r.expiresOn,
  fileName: r.fileName,
  fileUrl: taxExemptionFilePath(r.id),
  status: r.status,
  reason: r.reason,
  decidedAt: r.decidedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** The multipart fields as the schema reads them: `states` repeated or comma-separated. */
function fieldsOf(fields: Record<string, string[]>) {
  const one = (name: string) => fields[name]?.at(-1);
  const states = fields.states?.flatMap((s) => s.split(',')).filter((s) => s.trim() !== '');
  const parsed = exemptionUploadFieldsSchema.safeParse({
    number: one('number'),
    states,
    expiresOn: one('expiresOn'),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? 'body');
    throw fieldError('bad_request', field, issue.message);
  }
  return parsed.data;
}

async function customerByEmail(db: Db | Tx, email: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name, verified: user.emailVerified })
    .from(user)
    .where(sql`lower(${user.email}) = lower(${email})`);
  if (!row) throw notFound('User');
  return row;
}

/** 409 when the customer already has as many certificates waiting as allowed (read under the caller's lock). */
async function assertRoomForPending(db: Db | Tx, userId: string) {
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(taxExemptions)
    .where(and(eq(taxExemptions.userId, userId), eq(taxExemptions.status, 'pending')));
  if (n >= MAX_PENDING_EXEMPTIONS)
    throw new AppError(
      'conflict',
      `You already have ${MAX_PENDING_EXEMPTIONS} certificates waiting for review. Please wait for our answer before uploading another.`,
    );
}

/**
 * POST /api/tax-exemptions/{email}: the fields are checked first (400 naming the field), then the bytes must be a
 * PDF (400 naming `file`) and the customer must have fewer than MAX_PENDING_EXEMPTIONS waiting (409); the PDF goes
 * to the media store as datasheets do, the row is pending, and staff are mailed in the same transaction.
 */
export async function uploadExemption(
  deps: ExemptionDeps,
  email: string,
  upload: { bytes: Buffer; fileName: string; fields: Record<string, string[]> },
): Promise<TaxExemption> {
  const fields = fieldsOf(upload.fields);
  const owner = await customerByEmail(deps.db, email);
  // An upload mails the staff: an address nobody has proven to own may not start that.
  if (!owner.verified) throw new AppError('forbidden', exemptionVerifyFirst);
  // Checked before the bytes are stored, and again under the customer's row lock: uploads at once count once each.
  await assertRoomForPending(deps.db, owner.id);
  await assertPdf(upload.bytes);
  const url = await deps.media.put(EXEMPTION_FOLDER, upload.bytes, 'pdf');
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from "user" where id = ${owner.id} for update`);
    await assertRoomForPending(tx, owner.id);
    const [row] = await tx
      .insert(taxExemptions)
      .values({
        userId: owner.id,
        number: fields.number,
        states: fields.states,
        expiresOn: fields.expiresOn,
        fileKey: url.replace(/^\/media\//, ''),
        fileName: safeFileName(upload.fileName, 'exemption-certificate'),
      })
      .returning();
    const exemption = toExemption(row!, owner);
    await notifyExemptionUploaded(tx, deps.staff, exemption);
    return exemption;
  });
}

/** Newest first, served by (user_id, created_at desc) for one customer and (status, created_at desc) for a status. */
const newest: KeysetSort = {
  name: 'newest',
  key: sql`${taxExemptions.createdAt}`,
  dir: 'desc',
  id: sql`${taxExemptions.id}`,
  idType: 'uuid',
  type: 'timestamptz',
};

async function page(
  db: Db,
  where: ReturnType<typeof and>,
  q: { limit: number; cursor?: string | undefined },
): Promise<Paged<TaxExemption>> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...columns, cursorKey: keyText(newest), cursorId: sql<string>`${taxExemptions.id}::text` })
      .from(taxExemptions)
      .innerJoin(user, eq(user.id, taxExemptions.userId))
      .where(and(where, q.cursor ? afterCursor(newest, q.cursor) : undefined))
      .orderBy(orderBySort(newest))
      .limit(q.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(taxExemptions)
      .where(where),
  ]);
  const cut = cutPage(newest, rows, q.limit);
  return {
    items: cut.rows.map((r) => toExemption(r.row, r)),
    nextCursor: cut.nextCursor,
    total: counted?.n ?? 0,
  };
}

/** GET /api/tax-exemptions/{email}: one customer's certificates (the customer or an admin), newest first. */
export async function listCustomerExemptions(
  db: Db,
  email: string,
  q: MyExemptionsQuery,
): Promise<Paged<TaxExemption>> {
  const owner = await customerByEmail(db, email);
  return page(db, eq(taxExemptions.userId, owner.id), q);
}

/** GET /api/tax-exemptions (admin): every customer's, of one status or all, newest first. */
export function listExemptions(db: Db, q: ExemptionListQuery): Promise<Paged<TaxExemption>> {
  return page(db, q.status ? eq(taxExemptions.status, q.status) : undefined, q);
}

/**
 * PUT /api/tax-exemptions/{id}/decision (admin): a pending certificate becomes approved or rejected (with the
 * reason), once: the conditional update makes a second or concurrent decision a 409. Audited; the customer is mailed
 * in the same transaction.
 */
export async function decideExemption(
  deps: ExemptionDeps,
  actor: SessionUser,
  id: string,
  d: ExemptionDecision,
): Promise<TaxExemption> {
  return deps.db.transaction(async (tx) => {
    const status = d.decision === 'approve' ? 'approved' : 'rejected';
    const [updated] = await tx
      .update(taxExemptions)
      .set({
        status,
        reason: status === 'rejected' ? (d.reason ?? null) : null,
        decidedBy: actor.id,
        decidedAt: new Date(),
      })
      .where(and(eq(taxExemptions.id, id), eq(taxExemptions.status, 'pending')))
      .returning();
    if (!updated) {
      const [existing] = await tx
        .select({ status: taxExemptions.status })
        .from(taxExemptions)
        .where(eq(taxExemptions.id, id));
      if (!existing) throw notFound('Tax exemption certificate');
      throw new AppError('conflict', `This certificate was already ${existing.status}.`);
    }
    const [owner] = await tx
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, updated.userId));
    const exemption = toExemption(updated, owner!);
    await recordAudit(tx, actor, {
      kind: status === 'approved' ? 'tax_exemption.approved' : 'tax_exemption.rejected',
      entityType: 'tax_exemption',
      entityId: id,
      summary:
        status === 'approved'
          ? `Approved the tax exemption certificate ${exemption.number} of ${exemption.email} (${exemption.states.join(', ')})`
          : `Rejected the tax exemption certificate ${exemption.number} of ${exemption.email}: ${exemption.reason ?? ''}`,
      before: { status: 'pending' },
      after: {
        status,
        reason: exemption.reason,
        number: exemption.number,
        states: exemption.states,
        expiresOn: exemption.expiresOn,
      },
    });
    await sendExemptionDecisionMail(tx, deps.staff, exemption);
    return exemption;
  });
}

/** A certificate's PDF for its customer or an admin (403 for another customer). */
export async function openExemptionFile(
  deps: Pick<ExemptionDeps, 'db' | 'media'>,
  actor: SessionUser,
  id: string,
): Promise<{ file: StoredMedia; fileName: string }> {
  const [row] = await deps.db
    .select({ key: taxExemptions.fileKey, fileName: taxExemptions.fileName, userId: taxExemptions.userId })
    .from(taxExemptions)
    .where(eq(taxExemptions.id, id));
  if (!row) throw notFound('Tax exemption certificate');
  if (actor.role !== 'admin' && row.userId !== actor.id)
    throw new AppError('forbidden', 'You can only see your own certificates.');
  const file = await deps.media.get(row.key).catch(() => {
    throw new AppError('unavailable', 'Certificates are temporarily unavailable. Please try again.');
  });
  if (!file) throw notFound('Tax exemption certificate');
  return { file, fileName: row.fileName };
}
