import { eq } from 'drizzle-orm';
import { creditMessages, type AccountOption } from '@shared/credit/credit.schema';
import { accountInvoices, checkouts } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Tx } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { checkoutPayable, getCheckout, getPayableCheckout, type OnAccount } from '../checkout/index';
import { lockCompany, membershipOf } from '../companies/index';
import { isPastWindow, pay } from '../orders/index';
import { owed, termsOf, type CreditDeps } from './credit.model';
import { formatCents } from '@shared/common/money';

/** The transaction id of a checkout paid on account: one per checkout, so paying twice changes nothing. */
export const accountTransactionId = (checkoutId: string) => `account_${checkoutId}`;

type Member = NonNullable<Awaited<ReturnType<typeof membershipOf>>>;

/** Why this member cannot buy `totalCents` more on account now (null: they can), read in `tx`. */
async function refusal(deps: CreditDeps, tx: Tx, member: Member | undefined, totalCents: number, now: Date) {
  if (!member) return { status: 409, message: creditMessages.noTerms, terms: null, availableCents: 0 };
  const terms = await termsOf(tx, member.companyId);
  if (!terms) return { status: 409, message: creditMessages.noTerms, terms, availableCents: 0 };
  const o = await owed(tx, member.companyId, deps.credit.holdAfterDays, now);
  const availableCents = Math.max(0, terms.creditLimitCents - o.openCents);
  const base = { terms, availableCents };
  if (!member.isAdmin && !member.isBuyer) return { status: 403, message: creditMessages.notBuyer, ...base };
  if (o.onHold) return { status: 409, message: creditMessages.onHold(deps.credit.holdAfterDays), ...base };
  if (totalCents > availableCents)
    return {
      status: 409,
      message: creditMessages.overCredit(formatCents(totalCents), formatCents(availableCents)),
      ...base,
    };
  return { status: 200, message: null, ...base };
}

/** GET /api/checkout/{id}/account: whether the pay page offers Pay on account, and whether it would pass now. */
export async function accountOption(
  deps: CreditDeps,
  actor: SessionUser,
  checkoutId: string,
): Promise<AccountOption> {
  const { db } = deps.orders;
  const co = await getPayableCheckout(deps.orders, actor, checkoutId);
  const member = await membershipOf(db, actor.id);
  const r = await db.transaction((tx) => refusal(deps, tx, member, co.amountCents, new Date()));
  const [row] = await db
    .select({ userId: checkouts.userId, companyId: checkouts.companyId })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  const reason =
    r.message ??
    (row?.userId !== actor.id
      ? creditMessages.notOwner
      : row.companyId !== member?.companyId
        ? creditMessages.notCompanyCheckout
        : co.status !== 'unpaid'
          ? `This checkout is ${co.status} and can no longer be paid.`
          : null);
  return {
    offered: Boolean(r.terms),
    allowed: !reason,
    reason,
    totalCents: co.amountCents,
    availableCents: r.availableCents,
    netDays: r.terms?.netDays ?? null,
  };
}

/** A card payment started on a checkout must never succeed after it is paid on account: it is stopped first. */
async function stopCardPayment(od: CreditDeps['orders'], checkoutId: string) {
  const [row] = await od.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (!row?.paymentIntentId) return;
  const intent = await od.payments.cancelIntent(row.paymentIntentId);
  if (intent.status !== 'canceled')
    throw new AppError(
      'conflict',
      intent.status === 'succeeded'
        ? 'A card payment of this checkout has already gone through.'
        : 'A card payment of this checkout is in progress. Please try again in a minute.',
    );
}

/**
 * POST /api/checkout/{id}/account: pays an existing unpaid checkout on account, through the checkout's own payable
 * (the same locks, idempotency, stock and one gapless invoice as a card payment), with the company's row locked
 * first: the terms, the credit hold and the available credit are read under that lock, so two buyers of one company
 * cannot spend the same credit at once. Paying again answers the first result.
 */
export async function payOnAccount(deps: CreditDeps, actor: SessionUser, checkoutId: string) {
  const od = deps.orders;
  const pre = await getPayableCheckout(od, actor, checkoutId);
  if (pre.status === 'expired' || pre.status === 'cancelled')
    throw new AppError('conflict', `This checkout is ${pre.status} and can no longer be paid.`);
  if (pre.status === 'unpaid') await stopCardPayment(od, checkoutId);
  let companyId = '';
  const account: OnAccount = {
    netDays: 0,
    async settled(tx, co, lines, invoice, terms) {
      const totalCents = pre.amountCents;
      await tx.insert(accountInvoices).values({
        invoiceId: invoice.id,
        companyId,
        checkoutId: co.id,
        userId: co.userId,
        number: invoice.number,
        totalCents,
        issuedAt: terms.issuedAt,
        netDays: terms.netDays,
        dueDate: terms.dueDate,
      });
      await recordAudit(tx, actor, {
        kind: 'account.paid_on_account',
        entityType: 'company',
        entityId: companyId,
        summary: `${formatCents(totalCents)} bought on account (${lines.length} ${lines.length === 1 ? 'line' : 'lines'}): invoice ${invoice.number}, due ${terms.dueDate}`,
        after: { checkoutId: co.id, invoiceId: invoice.id, totalCents, dueDate: terms.dueDate },
      });
    },
  };
  const base = checkoutPayable(od, checkoutId, account);
  const payable = {
    ...base,
    async lock(tx: Tx) {
      const seen = await membershipOf(tx, actor.id);
      if (seen) await lockCompany(tx, seen.companyId);
      // Read again under the lock: a member removed meanwhile is removed now.
      const member = seen && (await membershipOf(tx, actor.id));
      const locked = await base.lock(tx);
      const co = locked.head;
      if (co.paidAt) return locked; // the payable answers: paid by this payment before, or by another one
      if (co.userId !== actor.id) throw new AppError('forbidden', creditMessages.notOwner);
      const first = locked.lines[0];
      if (!first || first.orderStatus !== 'Pending' || isPastWindow(first, od.expiryMs))
        throw new AppError('conflict', 'This checkout is expired and can no longer be paid.');
      const r = await refusal(deps, tx, member, pre.amountCents, new Date());
      if (r.status === 403) throw new AppError('forbidden', r.message!);
      if (r.message) throw new AppError('conflict', r.message);
      if (!member || co.companyId !== member.companyId)
        throw new AppError('conflict', creditMessages.notCompanyCheckout);
      companyId = member.companyId;
      account.netDays = r.terms!.netDays;
      return locked;
    },
  };
  await pay(
    od,
    payable,
    { transactionId: accountTransactionId(checkoutId), amountCents: pre.amountCents },
    actor,
  );
  const [invoice] = await od.db
    .select()
    .from(accountInvoices)
    .where(eq(accountInvoices.checkoutId, checkoutId));
  if (!invoice) throw new AppError('conflict', 'This checkout is already paid by another payment.');
  return {
    acknowledged: true as const,
    checkout: await getCheckout(od, actor, checkoutId),
    invoice: { _id: invoice.invoiceId, number: invoice.number, dueDate: invoice.dueDate },
  };
}
