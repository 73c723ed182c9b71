import { and, eq, isNull, sql } from 'drizzle-orm';
import { companyMessages, type CompanyRole } from '@shared/companies/companies.schema';
import { companies, companyInvitations, companyMembers, user } from '../../db/schema';
import { AppError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';

/** What the caller may do in one company: a member's roles, or the shop's staff (an admin of the shop). */
export interface Access {
  companyId: string;
  roles: CompanyRole[];
  staff: boolean;
}

type RoleFlags = { isAdmin: boolean; isBuyer: boolean; isApprover: boolean };

export const rolesOf = (r: RoleFlags): CompanyRole[] => [
  ...(r.isAdmin ? (['admin'] as const) : []),
  ...(r.isBuyer ? (['buyer'] as const) : []),
  ...(r.isApprover ? (['approver'] as const) : []),
];

export const flagsOf = (roles: readonly CompanyRole[]): RoleFlags => ({
  isAdmin: roles.includes('admin'),
  isBuyer: roles.includes('buyer'),
  isApprover: roles.includes('approver'),
});

/** The caller's membership row, read from the database on every call: a member removed loses access at once. */
export async function membershipOf(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(companyMembers).where(eq(companyMembers.userId, userId));
  return row;
}

/**
 * Who may act on a company. A customer must be its member (any other company, existing or not, is the same 403, so
 * ids do not reveal which companies exist); `admin` needs the company admin role, `buyer` a company admin or buyer.
 * The shop's admins reach every company (404 for an unknown id) and every such change is audited under their name.
 */
export async function access(
  db: Db | Tx,
  caller: SessionUser,
  companyId: string,
  need: 'member' | 'buyer' | 'admin' = 'member',
): Promise<Access> {
  if (caller.role === 'admin') {
    const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
    if (!row) throw notFound('Company');
    const own = await membershipOf(db, caller.id);
    return { companyId, roles: own?.companyId === companyId ? rolesOf(own) : [], staff: true };
  }
  const own = await membershipOf(db, caller.id);
  if (!own || own.companyId !== companyId) throw new AppError('forbidden', companyMessages.notMember);
  const roles = rolesOf(own);
  if (need === 'admin' && !own.isAdmin) throw new AppError('forbidden', companyMessages.adminsOnly);
  if (need === 'buyer' && !own.isAdmin && !own.isBuyer)
    throw new AppError('forbidden', 'Only a company admin or buyer can do this.');
  return { companyId, roles, staff: false };
}

/**
 * Locks the company's row for the rest of the transaction: member changes of one company run one at a time, so two
 * admins demoting each other at once cannot leave it with none.
 */
export async function lockCompany(tx: Tx, companyId: string) {
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  if (!row) throw notFound('Company');
}

export async function adminCount(tx: Tx, companyId: string) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.isAdmin, true)));
  return row?.n ?? 0;
}

/**
 * After a company admin leaves, is removed or loses the role (under the company's lock): when no admin with a
 * verified address is left, nobody who proved a mailbox stands behind the company's pending invitations any more,
 * and the ones left cannot send new ones, so the pending invitations are withdrawn (decision 076). The company stays
 * with its members: the last admin never leaves (409), and the remaining admins may still verify. How many went.
 */
export async function withdrawInvitationsWithoutVerifiedAdmin(tx: Tx, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(companyMembers)
    .innerJoin(user, eq(user.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        eq(companyMembers.isAdmin, true),
        eq(user.emailVerified, true),
      ),
    );
  if ((row?.n ?? 0) > 0) return 0;
  const gone = await tx
    .delete(companyInvitations)
    .where(and(eq(companyInvitations.companyId, companyId), isNull(companyInvitations.acceptedAt)))
    .returning({ id: companyInvitations.id });
  return gone.length;
}

/** The Postgres unique-violation code on a drizzle error (PGlite and pg alike). */
export const isUniqueViolation = (err: unknown) =>
  ((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code) === '23505';

/**
 * 403 unless the user's address is verified, read from the database (a session may predate the verification). A
 * company and its invitations mail addresses the caller chooses, under names the caller chooses: only the owner of a
 * verified mailbox may start that.
 */
export async function assertVerified(db: Db | Tx, userId: string, message: string) {
  const [row] = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, userId));
  if (!row?.verified) throw new AppError('forbidden', message);
}
