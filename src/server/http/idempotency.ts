import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { idempotencyKeys } from '../db/schema';
import { AppError } from '../infra/errors';
import type { Db } from '../infra/db';
import { runPeriodically } from '../infra/periodic';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honours an `Idempotency-Key` header: a retry with the same key and body gets the first result again. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency?: { userId: string; key: string; saved: boolean };
  }
}

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A first call still unfinished after this long died with its process; its key may be claimed again. */
const ABANDONED_MS = 2 * 60_000;
const WAIT_STEP_MS = 50;
const WAIT_MAX_MS = 15_000;
const HEADER = 'idempotency-key';
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
const PURGE_INTERVAL_MS = 30_000;

type KeyRow = typeof idempotencyKeys.$inferSelect;

const hashOf = (req: FastifyRequest) =>
  createHash('sha256')
    .update(`${req.method} ${req.url}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex');

/** Claims the key for this call; returns the row of an earlier call when one holds it. */
async function claim(db: Db, userId: string, key: string, requestHash: string): Promise<KeyRow | null> {
  const staleBefore = new Date(Date.now() - IDEMPOTENCY_TTL_MS);
  const abandonedBefore = new Date(Date.now() - ABANDONED_MS);
  // Expired keys, and first calls that never finished, no longer count.
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        or(
          lt(idempotencyKeys.createdAt, staleBefore),
          and(isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, abandonedBefore)),
        ),
      ),
    );
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length) return null;
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row ?? null;
}

/**
 * Idempotency keys for order and payment calls, stored in the database so every instance honours them. The first
 * call with a key claims it (a primary key, so concurrent duplicates race for one row) and its successful answer is
 * stored before it is sent; a retry waits for the first call to finish and gets that answer back. A failed call
 * (4xx/5xx) changed nothing, so it is not kept: a retry runs again.
 */
export const idempotencyPlugin = fp(
  async (app) => {
    const { db } = app.database;

    app.addHook('preHandler', async (req, reply) => {
      const raw = req.headers[HEADER];
      if (!req.routeOptions.config.idempotent || raw === undefined || !req.user) return;
      const key = Array.isArray(raw) ? raw[0]! : raw;
      if (!KEY_FORMAT.test(key))
        throw new AppError(
          'bad_request',
          'Idempotency-Key: must be 1 to 255 visible ASCII characters',
          'Idempotency-Key',
        );
      const userId = req.user.id;
      const requestHash = hashOf(req);
      for (let waited = 0; ; waited += WAIT_STEP_MS) {
        const earlier = await claim(db, userId, key, requestHash);
        if (!earlier) {
          req.idempotency = { userId, key, saved: false };
          return;
        }
        if (earlier.requestHash !== requestHash)
          throw new AppError(
            'conflict',
            'Idempotency-Key: this key was already used for a different request; use a new key for a new request.',
            'Idempotency-Key',
          );
        if (earlier.status !== null) {
          reply
            .header('idempotent-replayed', 'true')
            .header('content-type', earlier.contentType ?? 'application/json');
          return reply.code(earlier.status).send(JSON.parse(earlier.body ?? 'null'));
        }
        if (waited >= WAIT_MAX_MS)
          throw new AppError(
            'conflict',
            'A request with this Idempotency-Key is still in progress; retry shortly.',
          );
        await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      }
    });

    // The answer is stored before it leaves, so whoever retries after seeing it gets it back.
    app.addHook('preSerialization', async (req, reply, payload) => {
      const claimed = req.idempotency;
      if (!claimed || claimed.saved || reply.statusCode >= 300) return payload;
      await db
        .update(idempotencyKeys)
        .set({ status: reply.statusCode, contentType: 'application/json', body: JSON.stringify(payload) })
        .where(and(eq(idempotencyKeys.userId, claimed.userId), eq(idempotencyKeys.key, claimed.key)));
      claimed.saved = true;
      return payload;
    });

    app.addHook('onResponse', async (req) => {
      const claimed = req.idempotency;
      if (!claimed || claimed.saved) return;
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, claimed.userId),
            eq(idempotencyKeys.key, claimed.key),
            isNull(idempotencyKeys.status),
          ),
        )
        .catch((err: unknown) => req.log.error({ err }, 'could not release an idempotency key'));
    });

    // Keys past their 24 hours no longer count (see claim); deleting them only keeps the table small.
    const purge = () =>
      purgeIdempotencyKeys(db).catch((err: unknown) =>
        app.log.error({ err }, 'idempotency key purge failed'),
      );
    runPeriodically(app, PURGE_INTERVAL_MS, purge);
  },
  { name: 'idempotency', dependencies: ['database'] },
);

/** Forgets keys past their 24 hours. */
async function purgeIdempotencyKeys(db: Db, now = Date.now()): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
