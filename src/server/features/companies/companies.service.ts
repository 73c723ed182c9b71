import { and, eq, or, sql } from 'drizzle-orm';
import type { Paged } from '@shared/common/paging.schema';
import {
  companyMessages,
  type Company,
  type CompanyInput,
  type CompanyListQuery,
  type CompanyRole,
  type CompanyView,
} from '@shared/companies/companies.schema';
import { companies, companyMembers } from '../../db/schema';
import { AppError, notFound } from '../../infra/errors';
import { afterCursor, cutPage, keyText, orderBySort, startsWith, type KeysetSort } from '../../infra/keyset';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import type { Mailer } from '../../infra/mail';
import { recordAudit } from '../audit/audit.service';
import {
  access,
  assertVerified,
  flagsOf,
  isUniqueViolation,
  lockCompany,
  membershipOf,
  rolesOf,
} from './companies.access';
import type { CompanyMailContext } from './companies.mail';
import { recordEvent } from '../webhooks/index';

export interface CompanyDeps {
  db: Db;
  mailer: Mailer;
  mail: CompanyMailContext;
}

type CompanyRow = typeof companies.$inferSelect;

const memberCount = sql<number>`(select count(*)::int from ${companyMembers} where ${companyMembers.companyId} = ${companies.id})`;

const toCompany = (r: CompanyRow, count: number): Company => ({
  _id: r.id,
  name: r.name,
  taxId: r.taxId,
  memberCount: count,
  createdAt: r.createdAt.toISOString(),
  approvalWindowDays: r.approvalWindowDays,
});

export async function view(db: Db | Tx, companyId: string, roles: CompanyRole[]): Promise<CompanyView> {
  const [row] = await db
    .select({ row: companies, count: memberCount })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw notFound('Company');
  return { ...toCompany(row.row, row.count), myRoles: roles };
}

/** Every company change is audited against the company, whatever the entity inside it. */
export const audit = (tx: Tx, actor: SessionUser, r: Omit<Parameters<typeof recordAudit>[2], 'entityType'>) =>
  recordAudit(tx, actor, { ...r, entityType: 'company' });

const ALL_ROLES: CompanyRole[] = ['admin', 'buyer', 'approver'];

/** POST /api/companies: the caller founds a company and holds every role in it; 409 when already in one. */
export async function createCompany(db: Db, caller: SessionUser, input: CompanyInput): Promise<CompanyView> {
  await assertVerified(db, caller.id, companyMessages.verifyToCreate);
  if (await membershipOf(db, caller.id)) throw new AppError('conflict', companyMessages.alreadyMember);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(companies)
        .values({ ...input, createdBy: caller.id })
        .returning();
      // The member's primary key is the user: a concurrent second company of the same person fails here.
      await tx
        .insert(companyMembers)
        .values({ userId: caller.id, companyId: row!.id, ...flagsOf(ALL_ROLES) });
      await audit(tx, caller, {
        kind: 'company.created',
        entityId: row!.id,
        summary: `Created the company ${row!.name} (tax ID ${row!.taxId})`,
        after: input,
      });
      await recordEvent(tx, { type: 'company.created', companyId: row!.id, data: toCompany(row!, 1) });
      return { ...toCompany(row!, 1), myRoles: ALL_ROLES };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', companyMessages.alreadyMember);
    throw err;
  }
}

/** GET /api/companies/mine: the caller's company with their roles, or null (a customer without a company). */
export async function myCompany(db: Db, caller: SessionUser): Promise<{ company: CompanyView | null }> {
  const own = await membershipOf(db, caller.id);
  return { company: own ? await view(db, own.companyId, rolesOf(own)) : null };
}

export async function getCompany(db: Db, caller: SessionUser, id: string): Promise<CompanyView> {
  const a = await access(db, caller, id);
  return view(db, id, a.roles);
}

export async function updateCompany(db: Db, caller: SessionUser, id: string, input: CompanyInput) {
  return db.transaction(async (tx) => {
    const a = await access(tx, caller, id, 'admin');
    await lockCompany(tx, id);
    const [before] = await tx.select().from(companies).where(eq(companies.id, id));
    await tx
      .update(companies)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(companies.id, id));
    await audit(tx, caller, {
      kind: 'company.edited',
      entityId: id,
      summary: `Edited the company ${input.name}`,
      before: { name: before!.name, taxId: before!.taxId },
      after: input,
    });
    return view(tx, id, a.roles);
  });
}

/** Newest first; a search is a prefix of the name or the tax ID, whatever the case (both indexed). */
const newestCompanies: KeysetSort = {
  name: 'newest',
  key: sql`${companies.createdAt}`,
  dir: 'desc',
  id: sql`${companies.id}`,
  idType: 'uuid',
  type: 'timestamptz',
};

/** GET /api/companies (shop admin). */
export async function listCompanies(db: Db, q: CompanyListQuery): Promise<Paged<Company>> {
  const pattern = q.search ? startsWith(q.search.toLowerCase()) : undefined;
  const where = pattern
    ? or(sql`lower(${companies.name}) like ${pattern}`, sql`lower(${companies.taxId}) like ${pattern}`)
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        row: companies,
        count: memberCount,
        cursorKey: keyText(newestCompanies),
        cursorId: sql<string>`${companies.id}::text`,
      })
      .from(companies)
      .where(and(where, q.cursor ? afterCursor(newestCompanies, q.cursor) : undefined))
      .orderBy(orderBySort(newestCompanies))
      .limit(q.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(companies)
      .where(where),
  ]);
  const cut = cutPage(newestCompanies, rows, q.limit);
  return {
    items: cut.rows.map((r) => toCompany(r.row, r.count)),
    nextCursor: cut.nextCursor,
    total: counted?.n ?? 0,
  };
}

// Members and invitations live in companies.members.ts and companies.invitations.ts.
