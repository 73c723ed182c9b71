import { eq } from 'drizzle-orm';
import { type AccountSummary, type TermsInput } from '@shared/credit/credit.schema';
import { companyTerms } from '../../db/schema';
import { notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';
import { access, lockCompany } from '../companies/index';
import { accountSummary, termsOf, type CreditDeps } from './credit.model';
import { formatCents } from '@shared/common/money';

const describe = (t: { netDays: number; creditLimitCents: number }) =>
  `Net ${t.netDays}, credit limit ${formatCents(t.creditLimitCents)}`;

/** PUT /api/companies/{id}/terms (shop admin): grants or changes the terms, audited with before and after. */
export async function setTerms(
  deps: CreditDeps,
  actor: SessionUser,
  companyId: string,
  input: TermsInput,
): Promise<AccountSummary> {
  const { db } = deps.orders;
  return db.transaction(async (tx) => {
    // The company's lock: a payment on account running now sees the old terms or the new ones, never half.
    await lockCompany(tx, companyId);
    const before = await termsOf(tx, companyId);
    const values = { ...input, updatedBy: actor.id, updatedAt: new Date() };
    await tx
      .insert(companyTerms)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: companyTerms.companyId, set: values });
    await recordAudit(tx, actor, {
      kind: before ? 'company_terms.edited' : 'company_terms.granted',
      entityType: 'company',
      entityId: companyId,
      summary: before
        ? `Terms changed from ${describe(before)} to ${describe(input)}`
        : `Terms granted: ${describe(input)}`,
      before: before && { netDays: before.netDays, creditLimitCents: before.creditLimitCents },
      after: input,
    });
    return accountSummary(tx, deps.credit, companyId);
  });
}

/** DELETE /api/companies/{id}/terms (shop admin): no more buying on account; what is owed stays owed. */
export async function removeTerms(deps: CreditDeps, actor: SessionUser, companyId: string) {
  const { db } = deps.orders;
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const before = await termsOf(tx, companyId);
    if (!before) throw notFound('Terms');
    await tx.delete(companyTerms).where(eq(companyTerms.companyId, companyId));
    await recordAudit(tx, actor, {
      kind: 'company_terms.withdrawn',
      entityType: 'company',
      entityId: companyId,
      summary: `Terms withdrawn (were ${describe(before)})`,
      before: { netDays: before.netDays, creditLimitCents: before.creditLimitCents },
    });
  });
  return { acknowledged: true as const };
}

/** GET /api/companies/{id}/account: company admins and buyers of the company, and the shop's admins. */
export async function getAccount(deps: CreditDeps, actor: SessionUser, companyId: string) {
  await access(deps.orders.db, actor, companyId, 'buyer');
  return accountSummary(deps.orders.db, deps.credit, companyId);
}
