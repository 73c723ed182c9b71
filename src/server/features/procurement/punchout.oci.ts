import { and, eq } from 'drizzle-orm';
import { procurementConnections } from '../../db/schema';
import { AppError, fieldError } from '../../infra/errors';
import { checkPassword } from './procurement.crypto';
import type { ProcurementDeps } from './procurement.deps';
import { openPunchout } from './punchout.session';

const field = (fields: Record<string, unknown>, name: string) => {
  const v = fields[name] ?? fields[name.toLowerCase()];
  return typeof v === 'string' ? v.trim() : '';
};

/**
 * SAP OCI login by URL (`USERNAME`, `PASSWORD`, `HOOK_URL`, by GET or POST): the connection's user and password open
 * a punchout visit of its default member; the answer is the one-time start link, followed at once by the browser.
 */
export async function ociLogin(deps: ProcurementDeps, fields: Record<string, unknown>): Promise<string> {
  const username = field(fields, 'USERNAME');
  const password = field(fields, 'PASSWORD');
  const hook = field(fields, 'HOOK_URL');
  if (!username) throw fieldError('bad_request', 'USERNAME', 'is required');
  if (!/^https?:\/\//i.test(hook) || !URL.canParse(hook))
    throw fieldError('bad_request', 'HOOK_URL', 'must be a URL');
  const [c] = await deps.orders.db
    .select()
    .from(procurementConnections)
    .where(and(eq(procurementConnections.protocol, 'oci'), eq(procurementConnections.ociUsername, username)));
  if (!c || !checkPassword(password, c.ociPasswordHash))
    throw new AppError('unauthorized', 'Unknown OCI user or wrong password.');
  const start = await openPunchout(deps, {
    connectionId: c.id,
    userId: c.defaultUserId,
    operation: 'create',
    buyerCookie: '',
    returnUrl: hook,
  });
  return start.url;
}
