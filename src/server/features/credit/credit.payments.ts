import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  creditMessages,
  type AccountPayment,
  type Allocations,
  type BankTransferInput,
  type CardPaymentStarted,
} from '@shared/credit/credit.schema';
import { accountInvoices, accountPaymentAllocations, accountPayments } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { access, lockCompany } from '../companies/index';
import { utcDay, type AccountIntent, type CreditDeps } from './credit.model';
import { giveBack, trySettleAccountRefund } from './credit.refunds';
import { centsToDollars, formatCents } from '@shared/common/money';

type PaymentRow = typeof accountPayments.$inferSelect;

async function toPayment(db: Db | Tx, p: PaymentRow): Promise<AccountPayment> {
  const allocations = await db
    .select({
      invoiceId: accountPaymentAllocations.invoiceId,
      number: accountInvoices.number,
      amountCents: accountPaymentAllocations.amountCents,
    })
    .from(accountPaymentAllocations)
    .innerJoin(accountInvoices, eq(accountInvoices.invoiceId, accountPaymentAllocations.invoiceId))
    .where(eq(accountPaymentAllocations.paymentId, p.id))
    .orderBy(asc(accountInvoices.number));
  return {
    _id: p.id,
    method: p.method,
    status: p.status,
    amountCents: p.amountCents,
    transactionId: p.status === 'succeeded' && p.method === 'card' ? p.intentId : null,
    reference: p.reference,
    receivedOn: p.receivedOn,
    createdAt: p.createdAt.toISOString(),
    allocations,
  };
}

/**
 * Checks each allocation against the company's open invoices: the invoice is the company's and still owes at least
 * the amount. With `lock`, the invoices' rows are locked (in invoice-id order) until the transaction ends. A
 * problem is a 400 naming the allocation.
 */
async function checkAllocations(tx: Db | Tx, companyId: string, allocations: Allocations, lock: boolean) {
  const ids = allocations.map((a) => a.invoiceId);
  const query = tx
    .select()
    .from(accountInvoices)
    .where(and(eq(accountInvoices.companyId, companyId), inArray(accountInvoices.invoiceId, ids)))
    .orderBy(asc(accountInvoices.invoiceId));
  const rows = lock ? await query.for('update') : await query;
  const byId = new Map(rows.map((r) => [r.invoiceId, r]));
  allocations.forEach((a, i) => {
    const inv = byId.get(a.invoiceId);
    if (!inv)
      throw fieldError(
        'bad_request',
        `allocations.${i}.invoiceId`,
        'is not an account invoice of this company',
      );
    const openCents = inv.totalCents - inv.paidCents;
    if (openCents === 0)
      throw fieldError('bad_request', `allocations.${i}.invoiceId`, `${inv.number} is already paid`);
    if (a.amountCents > openCents)
      throw fieldError(
        'bad_request',
        `allocations.${i}.amountCents`,
        creditMessages.overpaid(inv.number, formatCents(openCents)),
      );
  });
  return byId;
}

/** Applies the allocations to their (locked, checked) invoices: paid in part, or in full with the day it was. */
async function applyAllocations(tx: Tx, allocations: Allocations, now: Date) {
  for (const a of [...allocations].sort((x, y) => (x.invoiceId < y.invoiceId ? -1 : 1))) {
    await tx
      .update(accountInvoices)
      .set({
        paidCents: sql`${accountInvoices.paidCents} + ${a.amountCents}`,
        paidAt: sql`case when ${accountInvoices.paidCents} + ${a.amountCents} = ${accountInvoices.totalCents} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(eq(accountInvoices.invoiceId, a.invoiceId));
  }
}

const sumOf = (allocations: Allocations) => allocations.reduce((s, a) => s + a.amountCents, 0);

/**
 * POST /api/companies/{id}/account/card-payments: one card payment of one or several open invoices, an amount per
 * invoice (part or all of what it owes). The payment is stored pending with its allocations, then its intent is made
 * at the provider for their sum; the card form confirms it like a checkout's.
 */
export async function startCardPayment(
  deps: CreditDeps,
  actor: SessionUser,
  companyId: string,
  allocations: Allocations,
): Promise<CardPaymentStarted> {
  const { db } = deps.orders;
  await access(db, actor, companyId, 'buyer');
  await checkAllocations(db, companyId, allocations, false);
  const amountCents = sumOf(allocations);
  const payment = await db.transaction(async (tx) => {
    const [p] = await tx
      .insert(accountPayments)
      .values({ companyId, method: 'card', status: 'pending', amountCents, createdBy: actor.id })
      .returning();
    await tx.insert(accountPaymentAllocations).values(allocations.map((a) => ({ paymentId: p!.id, ...a })));
    return p!;
  });
  const intent = await deps.provider.createIntent({
    accountPaymentId: payment.id,
    amountCents,
    email: actor.email,
  });
  await db.update(accountPayments).set({ intentId: intent.id }).where(eq(accountPayments.id, payment.id));
  return {
    paymentId: payment.id,
    intent: {
      clientSecret: intent.clientSecret,
      provider: deps.provider.kind,
      publishableKey: deps.provider.publishableKey,
      amount: centsToDollars(amountCents),
      amountCents,
    },
  };
}

/** Whether a card payment of account invoices still waits for its card (the test card form's check). */
export async function accountPaymentPayable(db: Db, actor: SessionUser, paymentId: string): Promise<boolean> {
  const [p] = await db.select().from(accountPayments).where(eq(accountPayments.id, paymentId));
  if (!p) throw notFound('Payment');
  await access(db, actor, p.companyId, 'buyer');
  return p.status === 'pending';
}

/**
 * Applies a card payment the provider confirmed, in one transaction with the company and the invoices locked.
 * Idempotent on the intent. When an invoice no longer owes the amount (another payment or a bank transfer got there
 * first), the whole payment is given back: marked refunding and its refund job queued in the same transaction, so a
 * succeeded charge always ends applied or refunded; the refund is tried at once, the job retries until the provider
 * confirms it, and the caller gets 409 saying so.
 */
export async function applyCardPayment(
  deps: CreditDeps,
  paymentId: string,
  intent: AccountIntent,
  /** Who confirmed it: the paying member, the provider's webhook or the settlement sweep. */
  actor: Pick<SessionUser, 'id' | 'email'>,
): Promise<AccountPayment> {
  const { db } = deps.orders;
  const outcome = await db.transaction(async (tx) => {
    const [seen] = await tx.select().from(accountPayments).where(eq(accountPayments.id, paymentId));
    if (!seen) throw notFound('Payment');
    await lockCompany(tx, seen.companyId);
    const [p] = await tx
      .select()
      .from(accountPayments)
      .where(eq(accountPayments.id, paymentId))
      .for('update');
    if (p!.status === 'succeeded') {
      if (p!.intentId === intent.id) return { payment: p!, refund: false };
      throw new AppError('conflict', 'This payment was already made by another card payment.');
    }
    if (p!.status === 'refunding' || p!.status === 'refunded') {
      if (p!.intentId === intent.id) return { payment: p!, refund: true };
      throw new AppError('conflict', 'This payment was refunded.');
    }
    if (p!.status === 'cancelled') throw new AppError('conflict', 'This payment was cancelled.');
    if (intent.amountCents !== p!.amountCents)
      throw fieldError('bad_request', 'transactionId', 'the payment amount does not match');
    const allocations = await tx
      .select({
        invoiceId: accountPaymentAllocations.invoiceId,
        amountCents: accountPaymentAllocations.amountCents,
      })
      .from(accountPaymentAllocations)
      .where(eq(accountPaymentAllocations.paymentId, paymentId));
    try {
      await checkAllocations(tx, p!.companyId, allocations, true);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { payment: await giveBack(deps, tx, p!, intent.id, actor), refund: true };
    }
    const now = new Date();
    await applyAllocations(tx, allocations, now);
    const [done] = await tx
      .update(accountPayments)
      .set({ status: 'succeeded', intentId: intent.id, settledAt: now })
      .where(eq(accountPayments.id, paymentId))
      .returning();
    await recordAudit(tx, actor, {
      kind: 'account.card_payment',
      entityType: 'company',
      entityId: p!.companyId,
      summary: `Card payment of ${formatCents(p!.amountCents)} against ${allocations.length} ${allocations.length === 1 ? 'invoice' : 'invoices'} (transaction ${intent.id})`,
      after: { paymentId, transactionId: intent.id, allocations },
    });
    return { payment: done!, refund: false };
  });
  if (outcome.refund) {
    const done = await trySettleAccountRefund(deps, paymentId);
    throw new AppError(
      'conflict',
      `An invoice of this payment was paid meanwhile, so your card payment ${done ? 'was' : 'is being'} refunded. Please try again.`,
    );
  }
  return toPayment(db, outcome.payment);
}

/** PUT /api/companies/{id}/account/card-payments/{paymentId}: the provider's word, then the payment applied. */
export async function confirmCardPayment(
  deps: CreditDeps,
  actor: SessionUser,
  companyId: string,
  paymentId: string,
  transactionId: string,
): Promise<AccountPayment> {
  const { db } = deps.orders;
  await access(db, actor, companyId, 'buyer');
  const [p] = await db
    .select({ companyId: accountPayments.companyId })
    .from(accountPayments)
    .where(eq(accountPayments.id, paymentId));
  if (!p || p.companyId !== companyId) throw notFound('Payment');
  return applyCardPayment(deps, paymentId, await verifyAccountIntent(deps, paymentId, transactionId), actor);
}

/** The provider's word on an account payment's intent: it exists, is for this payment, succeeded, in USD. */
export async function verifyAccountIntent(deps: CreditDeps, paymentId: string, transactionId: string) {
  const intent = await deps.provider.retrieveIntent(transactionId);
  if (!intent || intent.accountPaymentId !== paymentId)
    throw fieldError('bad_request', 'transactionId', 'no payment for these invoices has this id');
  if (intent.status !== 'succeeded') throw new AppError('payment_required', 'The payment has not succeeded.');
  if (intent.currency.toLowerCase() !== 'usd')
    throw fieldError('bad_request', 'transactionId', 'the payment currency does not match');
  return intent;
}

/**
 * POST /api/companies/{id}/account/bank-transfers (shop admin): money received by bank transfer against one or
 * several invoices (an amount each), applied at once and audited.
 */
export async function recordBankTransfer(
  deps: CreditDeps,
  actor: SessionUser,
  companyId: string,
  input: BankTransferInput,
  now = new Date(),
): Promise<AccountPayment> {
  const { db } = deps.orders;
  await access(db, actor, companyId);
  if (input.receivedOn > utcDay(now))
    throw fieldError('bad_request', 'receivedOn', 'must not be in the future');
  return db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    await checkAllocations(tx, companyId, input.allocations, true);
    const amountCents = sumOf(input.allocations);
    const [p] = await tx
      .insert(accountPayments)
      .values({
        companyId,
        method: 'bank_transfer',
        status: 'succeeded',
        amountCents,
        reference: input.reference,
        receivedOn: input.receivedOn,
        createdBy: actor.id,
        settledAt: now,
      })
      .returning();
    await tx
      .insert(accountPaymentAllocations)
      .values(input.allocations.map((a) => ({ paymentId: p!.id, ...a })));
    await applyAllocations(tx, input.allocations, now);
    await recordAudit(tx, actor, {
      kind: 'account.bank_transfer',
      entityType: 'company',
      entityId: companyId,
      summary: `Bank transfer of ${formatCents(amountCents)} received ${input.receivedOn} (reference ${input.reference}) against ${input.allocations.length} ${input.allocations.length === 1 ? 'invoice' : 'invoices'}`,
      after: { paymentId: p!.id, ...input },
    });
    return toPayment(tx, p!);
  });
}
