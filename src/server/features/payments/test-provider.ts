import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { cardDigits, cardProblem } from '@shared/payments/card';
import { TEST_CARDS } from '@shared/payments/payments.schema';
import { testPaymentIntents } from '../../db/schema';
import { AppError, fieldError } from '../../lib/errors';
import type { Db } from '../../plugins/db';
import type { PaymentProvider, ProviderIntent } from './payment-provider';

type IntentRow = typeof testPaymentIntents.$inferSelect;

const toIntent = (r: IntentRow): ProviderIntent => ({
  id: r.id,
  clientSecret: r.clientSecret,
  status: r.status as ProviderIntent['status'],
  amountCents: r.amountCents,
  currency: r.currency,
  orderId: r.orderId,
});

/** The built-in test-mode processor: intents live in the database, cards follow Stripe's documented test numbers. */
export function createTestProvider(db: Db): PaymentProvider {
  return {
    kind: 'test',
    publishableKey: null,
    async createIntent({ orderId, amountCents }) {
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      // One intent per order and amount, like Stripe's idempotency key: retries return the same intent.
      await db
        .insert(testPaymentIntents)
        .values({ id, clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`, orderId, amountCents })
        .onConflictDoNothing({ target: [testPaymentIntents.orderId, testPaymentIntents.amountCents] });
      const [row] = await db
        .select()
        .from(testPaymentIntents)
        .where(and(eq(testPaymentIntents.orderId, orderId), eq(testPaymentIntents.amountCents, amountCents)));
      return toIntent(row!);
    },
    async retrieveIntent(intentId) {
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
      return row ? toIntent(row) : null;
    },
  };
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

export async function setTestIntentStatus(
  db: Db,
  id: string,
  status: 'succeeded' | 'requires_payment_method',
  lastError: string | null,
) {
  await db.update(testPaymentIntents).set({ status, lastError }).where(eq(testPaymentIntents.id, id));
}
