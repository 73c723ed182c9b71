import { eq } from 'drizzle-orm';
import type { ApprovalSettings, CompanyView } from '@shared/companies/companies.schema';
import { companies } from '../../db/schema';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { access, lockCompany } from './companies.access';
import { view } from './companies.service';

/**
 * A company's approval window (docs/decisions/054-approval-window.md): how many working days a checkout over a
 * buyer's limit may wait for an approver. The checkout feature reads it when it asks for approval.
 */
export async function approvalWindowDaysOf(db: Db | Tx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ days: companies.approvalWindowDays })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.days ?? 3;
}

/** PUT /api/companies/{id}/approval-settings (a company admin, or a shop admin): audited. */
export async function setApprovalSettings(
  db: Db,
  caller: SessionUser,
  id: string,
  input: ApprovalSettings,
): Promise<CompanyView> {
  return db.transaction(async (tx) => {
    const a = await access(tx, caller, id, 'admin');
    await lockCompany(tx, id);
    const [before] = await tx
      .select({ days: companies.approvalWindowDays, name: companies.name })
      .from(companies)
      .where(eq(companies.id, id));
    await tx
      .update(companies)
      .set({ approvalWindowDays: input.approvalWindowDays, updatedAt: new Date() })
      .where(eq(companies.id, id));
    await recordAudit(tx, caller, {
      kind: 'company.approval_settings_changed',
      entityType: 'company',
      entityId: id,
      summary: `Approvals of ${before!.name} may wait ${input.approvalWindowDays} working days (was ${before!.days})`,
      before: { approvalWindowDays: before!.days },
      after: input,
    });
    return view(tx, id, a.roles);
  });
}
