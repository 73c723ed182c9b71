import { randomBytes } from 'node:crypto';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { cardDigits, cardProblem } from '@shared/payments/card';
import { TEST_CARDS } from '@shared/payments/payments.schema';
import { testPaymentIntents, testPaymentRefunds } from '../../db/schema';
import { AppError, fieldError } from '../../infra/errors';
import type { Db } from '../../infra/db';
import type { PaymentProvider, ProviderIntent, ProviderRefund } from './payment-provider';

type IntentRow = typeof testPaymentIntents.$inferSelect;
type RefundRow = typeof testPaymentRefunds.$inferSelect;

const toIntent = (r: IntentRow): ProviderIntent => ({
  id: r.id,
  clientSecret: r.clientSecret,
  status: r.status as ProviderIntent['status'],
  amountCents: r.amountCents,
  currency: r.currency,
  orderId: r.orderId,
  checkoutId: r.checkoutId,
  accountPaymentId: r.accountPaymentId,
});

const toRefund = (r: RefundRow): ProviderRefund => ({
  id: r.id,
  status: r.status as ProviderRefund['status'],
  amountCents: r.amountCents,
});

/**
 * The built-in test-mode processor: intents live in the database, cards follow Stripe's documented test numbers.
 * `refuseRefunds`: the first N refunds asked of this process fail as an unreachable provider would (503).
 */
export function createTestProvider(db: Db, { refuseRefunds = 0 } = {}): PaymentProvider {
  let refusals = refuseRefunds;
  return {
    kind: 'test',
    publishableKey: null,
    async createIntent({ orderId, checkoutId, accountPaymentId, amountCents }) {
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      const clientSecret = `${id}_secret_${randomBytes(16).toString('hex')}`;
      const payable = accountPaymentId
        ? testPaymentIntents.accountPaymentId
        : checkoutId
          ? testPaymentIntents.checkoutId
          : testPaymentIntents.orderId;
      // One intent per order (or checkout) and amount, like Stripe's idempotency key: retries return the same intent.
      await db
        .insert(testPaymentIntents)
        .values({
          id,
          clientSecret,
          orderId: orderId ?? null,
          checkoutId: checkoutId ?? null,
          accountPaymentId: accountPaymentId ?? null,
          amountCents,
        })
        .onConflictDoNothing({ target: [payable, testPaymentIntents.amountCents] });
      const [row] = await db
        .select()
        .from(testPaymentIntents)
        .where(
          and(
            eq(payable, (accountPaymentId ?? checkoutId ?? orderId)!),
            eq(testPaymentIntents.amountCents, amountCents),
          ),
        );
      return toIntent(row!);
    },
    async retrieveIntent(intentId) {
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
      return row ? toIntent(row) : null;
    },
    async cancelIntent(intentId) {
      // One conditional UPDATE: a payment and a cancellation racing for the same intent cannot both win.
      const [canceled] = await db
        .update(testPaymentIntents)
        .set({ status: 'canceled' })
        .where(and(eq(testPaymentIntents.id, intentId), notInArray(testPaymentIntents.status, ['succeeded'])))
        .returning();
      if (canceled) return toIntent(canceled);
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
      if (!row) throw new AppError('not_found', 'Payment not found');
      return toIntent(row);
    },
    async refund(intentId, amountCents, idempotencyKey) {
      if (refusals > 0) {
        refusals--;
        throw new AppError(
          'unavailable',
          'The payment provider could not be reached (test mode refuses refunds).',
        );
      }
      return refundTestIntent(db, intentId, amountCents, idempotencyKey);
    },
  };
}

/**
 * Like Stripe: a refund needs a succeeded intent, never exceeds what it took, and the same idempotency key returns
 * the first refund. The intent's row is locked first, so concurrent refunds of one payment are decided one by one.
 */
async function refundTestIntent(db: Db, intentId: string, amountCents: number, key: string) {
  return db.transaction(async (tx) => {
    const [intent] = await tx
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, intentId))
      .for('update');
    if (!intent) throw new AppError('not_found', 'Payment not found');
    const [existing] = await tx
      .select()
      .from(testPaymentRefunds)
      .where(eq(testPaymentRefunds.idempotencyKey, key));
    if (existing) {
      if (existing.intentId !== intentId || existing.amountCents !== amountCents)
        throw new AppError('conflict', 'This idempotency key was used for another refund.');
      return toRefund(existing);
    }
    if (intent.status !== 'succeeded')
      throw new AppError('conflict', 'Only a succeeded payment can be refunded.');
    const [given] = await tx
      .select({ cents: sql<number>`coalesce(sum(${testPaymentRefunds.amountCents}), 0)::int` })
      .from(testPaymentRefunds)
      .where(eq(testPaymentRefunds.intentId, intentId));
    if (Number(given!.cents) + amountCents > intent.amountCents)
      throw new AppError('conflict', 'The refund is larger than what is left of the payment.');
    const [row] = await tx
      .insert(testPaymentRefunds)
      .values({
        id: `re_test_${randomBytes(12).toString('hex')}`,
        intentId,
        amountCents,
        idempotencyKey: key,
      })
      .returning();
    return toRefund(row!);
  });
}

const declines: Record<string, string> = {
  [TEST_CARDS.declined]: 'Your card was declined.',
  [TEST_CARDS.insufficientFunds]: 'Your card has insufficient funds.',
  [TEST_CARDS.expired]: 'Your card has expired.',
  [TEST_CARDS.incorrectCvc]: "Your card's security code is incorrect.",
};

/** Checks a test card like a card network would; throws the error the customer should see. */
export function checkTestCard(card: { cardNumber: string; expiry: string; cvc: string }, now = new Date()) {
  const problem = cardProblem(card, now);
  if (problem) throw fieldError('bad_request', problem.field, problem.message);
  const decline = declines[cardDigits(card.cardNumber)];
  if (decline) throw new AppError('payment_required', decline);
}

export async function findTestIntentBySecret(db: Db, clientSecret: string) {
  const [row] = await db
    .select()
    .from(testPaymentIntents)
    .where(eq(testPaymentIntents.clientSecret, clientSecret));
  if (!row) throw new AppError('not_found', 'Payment not found');
  return row;
}

/**
 * What the card network does to a test intent; false when the intent was cancelled or had already succeeded (a
 * cancelled intent can never be paid, whatever raced with it).
 */
export async function setTestIntentStatus(
  db: Db,
  id: string,
  status: 'succeeded' | 'requires_payment_method',
  lastError: string | null,
): Promise<boolean> {
  const changed = await db
    .update(testPaymentIntents)
    .set({ status, lastError })
    .where(
      and(eq(testPaymentIntents.id, id), notInArray(testPaymentIntents.status, ['canceled', 'succeeded'])),
    )
    .returning({ id: testPaymentIntents.id });
  return changed.length > 0;
}
