import { eq } from 'drizzle-orm';
import { checkoutMessages, type Checkout } from '@shared/checkout/checkout.schema';
import { checkouts } from '../../db/schema';
import {
  invoiceLines,
  pay,
  type OrderDeps,
  type OrderRow,
  type Payable,
  type PayablePayment,
} from '../orders/index';
import type { SessionUser } from '../../http/auth-guard';
import type { Tx } from '../../infra/db';
import { issueInvoice, type IssuedDocument } from '../invoices/invoices.service';
import { notifyCheckoutPaid, sendCheckoutMail, type AccountTerms } from './checkout.mail';
import {
  assertCheckoutOwner,
  assertCheckoutPayable,
  lockCheckout,
  toCheckout,
  type CheckoutRow,
} from './checkout.model';

export interface CheckoutPaymentConfirmation extends PayablePayment {
  checkoutId: string;
}

/** The checkout's one invoice: every line, the buyer's company and PO number (idempotent, numbered in this tx). */
const invoiceCheckout = async (
  tx: Tx,
  deps: OrderDeps,
  co: CheckoutRow,
  lines: OrderRow[],
  account?: AccountTerms,
) =>
  issueInvoice(tx, {
    userId: co.userId,
    orderId: null,
    checkoutId: co.id,
    buyer: {
      name: co.name,
      email: co.email,
      company: co.company,
      poNumber: co.poNumber,
      address: co.address,
      phone: co.phone ?? co.number,
    },
    lines: await invoiceLines(tx, lines),
    transactionId: co.transactionId!,
    shop: deps.shop,
    shippingMethod: co.shippingMethodName,
    taxExemptionNumber: co.taxExemptionNumber,
    ...(account ? { account } : {}),
  });

/** The UTC day `days` after the day of `from`, as YYYY-MM-DD. */
export const dueDateAfter = (from: Date, days: number) => {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
};

/**
 * Paying on account (docs/decisions/041-paying-on-account.md): the same payable with a due date on its invoice and
 * mail, and what the account writes besides, in the payment's transaction.
 */
export interface OnAccount {
  netDays: number;
  settled(
    tx: Tx,
    co: CheckoutRow,
    lines: OrderRow[],
    invoice: IssuedDocument,
    terms: AccountTerms & { issuedAt: Date },
  ): Promise<void>;
}

/** A checkout as a payable: every line paid by its one intent, the checkout's row marked, one invoice, one mail. */
export function checkoutPayable(deps: OrderDeps, id: string, account?: OnAccount): Payable<CheckoutRow> {
  return {
    noun: 'checkout',
    lock: async (tx) => {
      const { co, lines } = await lockCheckout(tx, id);
      return { head: co, lines };
    },
    check: (co, actor) => {
      if (actor) assertCheckoutOwner(actor, co);
      assertCheckoutPayable(co);
    },
    payment: (co) => ({
      paid: Boolean(co.paidAt),
      transactionId: co.transactionId,
      intentId: co.paymentIntentId,
      number: co.number,
    }),
    owns: (intent) => intent.checkoutId === id,
    settle: async (tx, co, paid, { transactionId, phone, paidAt }) => {
      const [updated] = await tx
        .update(checkouts)
        .set({ transactionId, paymentIntentId: transactionId, phone, paidAt })
        .where(eq(checkouts.id, co.id))
        .returning();
      const terms = account && { netDays: account.netDays, dueDate: dueDateAfter(paidAt, account.netDays) };
      // A no-charge replacement sells nothing: no invoice (an invoice's total is positive), its mail says so.
      if (co.source === 'replacement') {
        await sendCheckoutMail(deps.mail, 'replacement', updated!, paid, tx);
        await notifyCheckoutPaid(tx, deps.mail, updated!, paid);
        return updated!;
      }
      const invoice = await invoiceCheckout(tx, deps, updated!, paid, terms);
      await sendCheckoutMail(deps.mail, terms ? 'onAccount' : 'paid', updated!, paid, tx, invoice, terms);
      await notifyCheckoutPaid(tx, deps.mail, updated!, paid, terms);
      if (account && terms)
        await account.settled(tx, updated!, paid, invoice, { ...terms, issuedAt: paidAt });
      return updated!;
    },
    paidCannotClose: checkoutMessages.paidCannotCancel,
  };
}

/** Marks a checkout paid for a payment the provider confirmed (the caller checked the intent). */
export async function payCheckout(
  deps: OrderDeps,
  { checkoutId, ...p }: CheckoutPaymentConfirmation,
  actor?: SessionUser,
): Promise<Checkout> {
  const { head, lines } = await pay(deps, checkoutPayable(deps, checkoutId), p, actor);
  return toCheckout(head, lines, deps.expiryMs);
}
