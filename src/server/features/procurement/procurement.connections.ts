import { and, desc, eq, sql } from 'drizzle-orm';
import {
  procurementMessages,
  type Connection,
  type ConnectionCreate,
  type ConnectionCreated,
} from '@shared/procurement/procurement.schema';
import { procurementConnections, user } from '../../db/schema';
import type { Db } from '../../infra/db';
import { AppError, fieldError, notFound } from '../../infra/errors';
import { access, membershipOf } from '../companies/index';
import type { SessionUser } from '../../http/auth-guard';
import { encryptSecret, hashPassword, newToken } from './procurement.crypto';
import type { ProcurementDeps } from './procurement.deps';

/** A company has a handful of buyer systems at most; the list is one short page. */
const MAX_CONNECTIONS = 20;

type Row = typeof procurementConnections.$inferSelect;

const view = (r: Row, defaultMemberEmail: string): Connection => ({
  _id: r.id,
  protocol: r.protocol,
  systemName: r.systemName,
  fromDomain: r.fromDomain,
  fromIdentity: r.fromIdentity,
  ociUsername: r.ociUsername,
  documentUrl: r.documentUrl,
  defaultMemberEmail,
  createdAt: r.createdAt.toISOString(),
});

export async function listConnections(db: Db, actor: SessionUser, companyId: string): Promise<Connection[]> {
  await access(db, actor, companyId);
  const rows = await db
    .select({ row: procurementConnections, email: user.email })
    .from(procurementConnections)
    .innerJoin(user, eq(user.id, procurementConnections.defaultUserId))
    .where(eq(procurementConnections.companyId, companyId))
    .orderBy(desc(procurementConnections.createdAt))
    .limit(MAX_CONNECTIONS);
  return rows.map((r) => view(r.row, r.email));
}

/** The member a connection acts as: must belong to this company (a member may belong to one company only). */
async function memberOf(db: Db, companyId: string, email: string) {
  const [found] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email));
  const membership = found ? await membershipOf(db, found.id) : undefined;
  if (!found || membership?.companyId !== companyId)
    throw fieldError('bad_request', 'defaultMemberEmail', 'is not a member of this company');
  return found.id;
}

/** Shop admins connect a company's buyer system; the secret (cXML) or password (OCI) is answered this once. */
export async function createConnection(
  deps: ProcurementDeps,
  actor: SessionUser,
  companyId: string,
  input: ConnectionCreate & { defaultMemberEmail: string },
): Promise<ConnectionCreated> {
  const db = deps.orders.db;
  await access(db, actor, companyId);
  const defaultUserId = await memberOf(db, companyId, input.defaultMemberEmail);
  const secret = newToken();
  const cxml = input.protocol === 'cxml';
  try {
    const [row] = await db
      .insert(procurementConnections)
      .values({
        companyId,
        protocol: input.protocol,
        systemName: input.systemName,
        fromDomain: cxml ? input.fromDomain! : null,
        fromIdentity: cxml ? input.fromIdentity! : null,
        senderDomain: cxml ? input.fromDomain! : null,
        senderIdentity: cxml ? input.fromIdentity! : null,
        secretEncrypted: cxml ? encryptSecret(deps.appSecret, secret) : null,
        ociUsername: cxml ? null : input.ociUsername!,
        ociPasswordHash: cxml ? null : hashPassword(secret),
        documentUrl: cxml ? (input.documentUrl ?? null) : null,
        defaultUserId,
      })
      .returning();
    return { ...view(row!, input.defaultMemberEmail), secret };
  } catch (err) {
    if ((err as { code?: string }).code === '23505' || /unique/i.test(String((err as Error).message)))
      throw new AppError('conflict', procurementMessages.taken);
    throw err;
  }
}

export async function deleteConnection(db: Db, actor: SessionUser, companyId: string, id: string) {
  await access(db, actor, companyId);
  const gone = await db
    .delete(procurementConnections)
    .where(and(eq(procurementConnections.id, id), eq(procurementConnections.companyId, companyId)))
    .returning({ id: procurementConnections.id });
  if (!gone.length) throw notFound('Connection');
}
