import { and, eq, sql } from 'drizzle-orm';
import { procurementConnections, user } from '../../db/schema';
import type { Db } from '../../infra/db';
import { membershipOf } from '../companies/index';
import { at, attr, CxmlError, text } from './cxml.xml';
import { decryptSecret, sameSecret } from './procurement.crypto';

export type ConnectionRow = typeof procurementConnections.$inferSelect;

const credentials = (node: unknown): unknown[] => {
  const c = at(node, 'Credential');
  return Array.isArray(c) ? c : c ? [c] : [];
};

/**
 * The connection a cXML document comes from: one of its From credentials names it, and its Sender credential carries
 * the connection's shared secret. Unknown sender or wrong secret: 401, and nothing is read further.
 */
export async function identify(db: Db, appSecret: string, cxml: unknown): Promise<ConnectionRow> {
  const header = at(cxml, 'Header');
  if (!header) throw new CxmlError(400, 'Bad Request', 'The document has no Header.');
  let connection: ConnectionRow | undefined;
  for (const cred of credentials(at(header, 'From'))) {
    const domain = attr(cred, 'domain').toLowerCase();
    const identity = text(at(cred, 'Identity')).toLowerCase();
    if (!domain || !identity) continue;
    [connection] = await db
      .select()
      .from(procurementConnections)
      .where(
        and(
          eq(procurementConnections.protocol, 'cxml'),
          eq(sql`lower(${procurementConnections.fromDomain})`, domain),
          eq(sql`lower(${procurementConnections.fromIdentity})`, identity),
        ),
      );
    if (connection) break;
  }
  if (!connection)
    throw new CxmlError(401, 'Unauthorized', 'The From credential names no connection of this shop.');
  const given = credentials(at(header, 'Sender'))
    .map((c) => text(at(c, 'SharedSecret')))
    .find(Boolean);
  const secret = decryptSecret(appSecret, connection.secretEncrypted!);
  if (!given || !sameSecret(given, secret))
    throw new CxmlError(401, 'Unauthorized', 'The Sender credential does not carry the shared secret.');
  return connection;
}

/** The member a punchout or order acts as: the named email when it is a member of the company, else the default. */
export async function actingUserId(db: Db, connection: ConnectionRow, email: string): Promise<string> {
  if (email) {
    const [found] = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
    if (found && (await membershipOf(db, found.id))?.companyId === connection.companyId) return found.id;
  }
  return connection.defaultUserId;
}

/** The UserEmail extrinsic, or the Contact's email, of a request. */
export function requestEmail(request: unknown): string {
  const extrinsics = (at(request, 'Extrinsic') as unknown[] | undefined) ?? [];
  const named = extrinsics.find((e) => attr(e, 'name') === 'UserEmail');
  if (named) return text(named);
  const contactEmails = at(request, 'Contact', 'Email') as unknown[] | undefined;
  return contactEmails?.length ? text(contactEmails[0]) : '';
}
