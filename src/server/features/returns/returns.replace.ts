import { eq } from 'drizzle-orm';
import { formatRma } from '@shared/returns/returns.constants';
import { formatOrderNumbers } from '@shared/orders/order-number';
import { returnLines, returns, user } from '../../db/schema';
import { AppError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';
import { placeReplacement, type SaleDelivery } from '../checkout/index';
import { newestOf } from '../equipment/index';
import { linesWithDelivery, type OrderDeps, type OrderLine } from '../orders/index';
import { lockReturnIn, orderLinesOf, toReturn, type ReturnLineRow } from './returns.model';
import { mailReturnStep } from './returns.mail';
import { auditOrders } from './returns.request';

/** The units that came back of each line (restocked or scrapped): what a replacement sends again. */
const unitsBack = (lines: ReturnLineRow[]) =>
  lines
    .map((l) => ({ orderId: l.orderId, quantity: (l.restockedQuantity ?? 0) + (l.scrappedQuantity ?? 0) }))
    .filter((l) => l.quantity > 0);

/** The replacement goes where the first line went, by the cheapest way that delivers (the shop pays it). */
function replacementDelivery(o: OrderLine): SaleDelivery {
  const d = o.delivery;
  const shipTo =
    d.shipStreet && d.shipCity && d.shipState && d.shipZip
      ? { street: d.shipStreet, city: d.shipCity, state: d.shipState, zip: d.shipZip }
      : undefined;
  return {
    number: o.phone ?? o.number,
    address: o.address,
    ...(shipTo && { shipTo }),
    liftgate: d.liftgate,
    residential: d.residential,
  };
}

async function buyerOf(deps: OrderDeps, userId: string): Promise<SessionUser> {
  const [u] = await deps.db.select().from(user).where(eq(user.id, userId));
  if (!u) throw notFound('Customer');
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role === 'admin' ? 'admin' : 'user',
    emailVerified: u.emailVerified,
  };
}

/**
 * Settles a received warranty return by a replacement (decision 065, addendum): the units that came back are placed
 * again for the buyer as a no-charge sale through the one placement pipeline, and in that sale's transaction the
 * return (locked, still `received`) becomes `replaced` with the new checkout, both orders are audited and the buyer
 * is mailed. A part replaced since (equipment's replaced-by) is sent as the newest listed part of its chain. Short
 * stock refuses it all with the pipeline's 409; a second click finds the return replaced (409).
 */
export async function replaceReturn(deps: OrderDeps, actor: SessionUser, id: string) {
  const [row] = await deps.db.select().from(returns).where(eq(returns.id, id));
  if (!row) throw notFound('Return');
  if (row.status !== 'received')
    throw new AppError('conflict', `This return is ${row.status}: it cannot be replaced now.`);
  if (row.reason !== 'warranty_failure')
    throw new AppError('conflict', 'Only a warranty failure can be replaced; refund this return instead.');
  const seen = await deps.db.select().from(returnLines).where(eq(returnLines.returnId, id));
  const back = unitsBack(seen);
  if (back.length === 0) throw new AppError('conflict', 'Nothing came back: there is nothing to replace.');
  const originals = await linesWithDelivery(
    deps.db,
    await orderLinesOf(
      deps.db,
      back.map((l) => l.orderId),
    ),
  );
  const rma = row.rmaNumber === null ? 'Return' : formatRma(row.rmaNumber);
  await placeReplacement(
    deps,
    await buyerOf(deps, row.userId),
    replacementDelivery(originals[0]!),
    `replacement ${rma}`,
    {
      async lines(tx) {
        const { lines } = await lockReturnIn(tx, id, ['received'], 'replaced');
        const units = unitsBack(lines);
        const gone = units.find((u) => !originals.find((o) => o.id === u.orderId)?.productId);
        if (gone)
          throw new AppError('conflict', 'A returned product no longer exists: refund this return instead.');
        // A part replaced since it was sold is replaced by the newest listed part of its chain.
        const replacing = [];
        for (const u of units) {
          const sold = originals.find((o) => o.id === u.orderId)!.productId!;
          replacing.push({ productId: (await newestOf(tx, sold))?.id ?? sold, quantity: u.quantity });
        }
        return replacing;
      },
      async done(tx, checkout) {
        const [next] = await tx
          .update(returns)
          .set({ status: 'replaced', closedAt: new Date(), replacementCheckoutId: checkout._id })
          .where(eq(returns.id, id))
          .returning();
        const numbers = formatOrderNumbers(checkout.lines.map((l) => l.orderNumber ?? 0));
        await auditOrders(
          tx,
          actor,
          'return.replaced',
          id,
          back,
          () => `${rma} settled by a replacement: ${numbers}`,
        );
        for (const l of checkout.lines)
          await recordAudit(tx, actor, {
            kind: 'order.replacement',
            entityType: 'order',
            entityId: l._id,
            summary: `Warranty replacement for ${rma}, at no charge`,
            after: { returnId: id },
          });
        await mailReturnStep(deps, tx, await toReturn(tx, next!));
      },
    },
  );
  const [after] = await deps.db.select().from(returns).where(eq(returns.id, id));
  return toReturn(deps.db, after!);
}
