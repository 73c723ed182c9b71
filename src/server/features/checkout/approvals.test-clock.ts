import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@shared/common/common.schema';
import { checkouts } from '../../db/schema';
import type { Db } from '../../infra/db';
import { notFound } from '../../infra/errors';
import { ageCheckoutLines } from '../orders/index';

/**
 * The approval window's clock for tests (docs/decisions/054-approval-window.md): moves a checkout `ms` into the past —
 * its creation, its approval's deadline and decision, its lines' creation and hold — as if it had been placed that
 * long ago. The server reads the real clock, so aging the rows is how a test makes days pass.
 */
export async function ageCheckout(db: Db, id: string, ms: number) {
  const back = (col: string) => sql.raw(`${col} - interval '${Math.round(ms)} milliseconds'`);
  return db.transaction(async (tx) => {
    const [aged] = await tx
      .update(checkouts)
      .set({
        createdAt: back('created_at'),
        approvalExpiresAt: back('approval_expires_at'),
        approvalDecidedAt: back('approval_decided_at'),
        approvalStockUntil: back('approval_stock_until'),
      })
      .where(eq(checkouts.id, id))
      .returning({ id: checkouts.id });
    if (!aged) throw notFound('Checkout');
    await ageCheckoutLines(tx, id, ms);
  });
}

/**
 * POST /api/test/checkouts/{id}/age {days}: registered only when TEST_HOOKS is on (the browser suite's servers), and
 * then for shop admins only. Not part of the API contract.
 */
export const approvalTestClockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test/checkouts/:id/age',
    {
      config: { auth: 'admin' },
      schema: {
        hide: true,
        params: z.object({ id: idSchema }),
        body: z.strictObject({ days: z.number().min(0).max(60) }),
      },
    },
    async (req) => {
      await ageCheckout(app.database.db, req.params.id, req.body.days * 86_400_000);
      return { aged: true };
    },
  );
};
