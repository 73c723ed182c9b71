import { createHmac } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { procurementMessages, type PunchoutSessionView } from '@shared/procurement/procurement.schema';
import { procurementConnections, punchoutSessions } from '../../db/schema';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/errors';
import { replaceCart } from '../cart/index';
import { newToken, tokenHash } from './procurement.crypto';
import type { ProcurementDeps } from './procurement.deps';

/** A start link works once, within five minutes of the setup request that made it. */
export const START_LINK_MS = 5 * 60_000;

/** A one-time start link for a punchout visit of `userId` through this connection. */
export async function openPunchout(
  deps: ProcurementDeps,
  visit: { connectionId: string; userId: string; operation: string; buyerCookie: string; returnUrl: string },
): Promise<{ id: string; url: string }> {
  const token = newToken();
  const [row] = await deps.orders.db
    .insert(punchoutSessions)
    .values({ ...visit, startTokenHash: tokenHash(token), expiresAt: new Date(Date.now() + START_LINK_MS) })
    .returning({ id: punchoutSessions.id });
  return { id: row!.id, url: `${deps.baseUrl}/punchout/start/${token}` };
}

/**
 * GET /punchout/start/{token}: spends the link (once, before it expires), signs its member in with a browser-session
 * cookie of a new Better Auth session, and remembers that session as this punchout's; `edit` and `inspect` put the
 * transferred cart back first. Redirects to the shop (the cart for edit/inspect).
 */
export async function startPunchout(deps: ProcurementDeps, token: string, reply: FastifyReply) {
  const db = deps.orders.db;
  const [visit] = await db
    .update(punchoutSessions)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(punchoutSessions.startTokenHash, tokenHash(token)),
        isNull(punchoutSessions.usedAt),
        gt(punchoutSessions.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!visit) throw new AppError('not_found', procurementMessages.startUsed);
  if (visit.operation !== 'create') await reopenCart(db, visit.userId, visit.buyerCookie, visit.connectionId);
  const ctx = await deps.auth.$context;
  // dontRememberMe: the cookie lives as long as this browser session, never beyond it.
  const session = await ctx.internalAdapter.createSession(visit.userId, true);
  await db
    .update(punchoutSessions)
    .set({ authSessionToken: session.token })
    .where(eq(punchoutSessions.id, visit.id));
  const cookie = ctx.authCookies.sessionToken;
  const signature = createHmac('sha256', ctx.secret).update(session.token).digest('base64');
  const attrs = [
    `${cookie.name}=${encodeURIComponent(`${session.token}.${signature}`)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    ...(cookie.attributes.secure ? ['Secure'] : []),
  ];
  reply.header('set-cookie', attrs.join('; '));
  return reply.redirect(visit.operation === 'create' ? '/' : '/cart', 303);
}

/**
 * Edit and inspect open the cart last transferred under this buyer cookie, replacing what the cart held. Only visits
 * that transferred count: the visit being opened has the same cookie and, untransferred, would sort first (a
 * descending order puts nulls first) and reopen nothing.
 */
async function reopenCart(db: Db, userId: string, buyerCookie: string, connectionId: string) {
  const [last] = await db
    .select({ lines: punchoutSessions.transferredLines })
    .from(punchoutSessions)
    .where(
      and(
        eq(punchoutSessions.connectionId, connectionId),
        eq(punchoutSessions.buyerCookie, buyerCookie),
        eq(punchoutSessions.userId, userId),
        isNotNull(punchoutSessions.transferredAt),
      ),
    )
    .orderBy(desc(punchoutSessions.transferredAt))
    .limit(1);
  if (!last?.lines) return;
  const lines = last.lines;
  await db.transaction((tx) => replaceCart(tx, userId, lines));
}

const SESSION_TOKEN = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]*)/;

/** The punchout visit of this browser session (its signed-in session cookie), if it is one. */
export async function visitOf(db: Db, req: FastifyRequest) {
  const raw = SESSION_TOKEN.exec(req.headers.cookie ?? '')?.[1];
  if (!raw || !req.user) return undefined;
  const token = decodeURIComponent(raw).split('.')[0]!;
  const [row] = await db
    .select({ visit: punchoutSessions, connection: procurementConnections })
    .from(punchoutSessions)
    .innerJoin(procurementConnections, eq(procurementConnections.id, punchoutSessions.connectionId))
    .where(and(eq(punchoutSessions.authSessionToken, token), eq(punchoutSessions.userId, req.user.id)));
  return row;
}

export async function punchoutSessionView(db: Db, req: FastifyRequest): Promise<PunchoutSessionView> {
  const row = await visitOf(db, req);
  return row
    ? {
        punchout: true,
        systemName: row.connection.systemName,
        protocol: row.connection.protocol,
        readOnly: row.visit.operation === 'inspect',
      }
    : { punchout: false, systemName: null, protocol: null, readOnly: false };
}
