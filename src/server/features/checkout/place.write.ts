import { randomUUID } from 'node:crypto';
import { messages } from '@shared/messages';
import { approvalMessages } from '@shared/checkout/approvals.schema';
import { checkouts, companyOfUser } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Tx } from '../../infra/db';
import { limitBreach } from '../companies/index';
import {
  assertWithinLimits,
  insertOrderLines,
  lockCustomer,
  rememberAddress,
  reserveSale,
  sendOrderMail,
  type OrderDeps,
  type OrderRow,
} from '../orders/index';
import { sendCheckoutMail } from './checkout.mail';
import { requestApproval } from './checkout.approval';
import type { CheckoutRow } from './checkout.model';
import { backorderLeadTime, CheckoutLinesError, soldOut, type PricedSale } from './place.price';
import type { PlacedSale, Sale } from './place.types';

// No order has this id: the limits then count every order the customer holds (the sale's are not inserted yet).
const NO_ORDER = '00000000-0000-0000-0000-000000000000';

type Breach = Awaited<ReturnType<typeof limitBreach>>;

/**
 * Step 3, limits and approval: the customer's row is locked (their other sales wait), their unpaid holds are weighed
 * (how many unpaid sales, how many units reserved), then a company buyer's spending limits with their membership row
 * locked. Over a spending limit, a cart or quote sale waits for an approver (the breach is returned); Order Now has
 * no approval step and is refused, sending the buyer to the cart (decision 040, addendum).
 */
export async function limitsStep(
  tx: Tx,
  deps: OrderDeps,
  customer: SessionUser,
  sale: Sale,
  priced: PricedSale,
): Promise<Breach> {
  const quantity = priced.goods.reduce((sum, g) => sum + g.quantity, 0);
  const placing = { id: NO_ORDER, userId: customer.id, quantity };
  await lockCustomer(tx, placing);
  // The shop's own no-charge sale: the buyer's unpaid holds and spending limits are about what they buy.
  if (sale.source === 'replacement') return null;
  await assertWithinLimits(tx, placing, deps);
  const breach = await limitBreach(tx, deps, customer.id, priced.totalCents);
  if (breach && sale.source === 'order_now')
    throw new AppError('conflict', approvalMessages.orderNowOverLimit(breach.reason, breach.limitCents));
  return breach;
}

const byProduct = <T extends { productId: string }>(a: T, b: T) => (a.productId < b.productId ? -1 : 1);

/**
 * Step 4, insert: the checkout row (where the sale came from, its delivery, the approval it waits for) and one order
 * line per product in product-id order, each with its unit price and its own shares of shipping and tax. Every sale
 * has its checkout row, Order Now's included (one data model).
 */
export async function insertStep(
  tx: Tx,
  customer: SessionUser,
  sale: Sale,
  priced: PricedSale,
  breach: Breach,
): Promise<{ co: CheckoutRow; lines: OrderRow[] }> {
  const input = sale.delivery;
  // A company location is offered from the company's list: it is not saved among the buyer's own addresses.
  if (input.shipTo && !priced.atLocation) await rememberAddress(tx, customer.id, input.shipTo);
  const { delivery } = priced;
  // An Order Now sale's one-line checkout takes its line's id: the spec's `/api/order/{id}` names both.
  const orderNowId = sale.source === 'order_now' ? randomUUID() : undefined;
  const [co] = (await tx
    .insert(checkouts)
    .values({
      ...(orderNowId && { id: orderNowId }),
      source: sale.source,
      userId: customer.id,
      name: customer.name,
      email: customer.email,
      number: input.number,
      address: input.address,
      company: input.company ?? null,
      poNumber: input.poNumber ?? null,
      ...delivery.columns,
      companyId: companyOfUser(customer.id),
      ...(breach && {
        approvalStatus: 'awaiting' as const,
        approvalReason: breach.reason,
        approvalLimitCents: breach.limitCents,
        approvalSpentCents: breach.spentCents,
      }),
    })
    .returning()) as [CheckoutRow];
  const rows = priced.lines.map((l, i) => {
    const p = priced.pricing.get(l.productId)!;
    return {
      ...(orderNowId && { id: orderNowId }),
      userId: customer.id,
      name: customer.name,
      email: customer.email,
      productId: p.id,
      productName: p.name,
      unitPriceCents: priced.goods[i]!.unitPriceCents,
      quantity: l.quantity,
      number: input.number,
      address: input.address,
      checkoutId: co.id,
      companyId: co.companyId,
      // Each line ships with the sale: the delivery is the checkout's (decision 067), the kind copied for the
      // fulfilment index; its cents are its own shares.
      shippingKind: delivery.columns.shippingKind,
      shippingCents: delivery.shippingCents[i]!,
      taxCents: delivery.taxCents[i]!,
    };
  });
  const lines = await insertOrderLines(tx, rows.sort(byProduct));
  return { co, lines: lines.sort(byProduct) };
}

/** Whether a line of the sale may go on backorder (its row then changes as its stock is taken). */
export const mayBackorder = (priced: PricedSale): boolean =>
  priced.lines.some((l) => backorderLeadTime(l, priced.pricing.get(l.productId)!) !== null);

/**
 * Step 5, reserve: the sale's products, the last rows of its lock order (place.locks.ts), in product-id order; a line
 * that may go on backorder takes what there is and backorders the rest (decision 037), read under the lock. A line
 * whose stock went since it was read refuses the whole sale, which rolls back everything written before; the first
 * such line in product-id order is the one named.
 */
export async function reserveStep(
  tx: Tx,
  deps: OrderDeps,
  sale: Sale,
  priced: PricedSale,
  lines: OrderRow[],
): Promise<OrderRow[]> {
  const leadOf = (line: OrderRow) =>
    backorderLeadTime(
      priced.lines.find((l) => l.productId === line.productId),
      priced.pricing.get(line.productId)!,
    );
  const { rows, short } = await reserveSale(
    tx,
    lines.map((row) => ({ row, leadTimeDays: leadOf(row) })),
    deps.mail,
  );
  if (!short) return rows;
  if (sale.source === 'order_now') throw soldOut();
  throw new CheckoutLinesError([
    { productId: short.productId, name: short.productName, problem: messages.quantityAboveStock },
  ]);
}

/**
 * Step 6, notify: one mail queued in the sale's transaction (it commits with the sale or not at all) — Order Now's
 * "please pay" for its order, a checkout's for the checkout, or, when it waits for approval, the buyer's "waiting"
 * and each approver's request.
 */
export async function notifyStep(
  tx: Tx,
  deps: OrderDeps,
  customer: SessionUser,
  placed: Pick<PlacedSale, 'co' | 'lines'>,
): Promise<void> {
  const { co, lines } = placed;
  // A replacement asks for no payment: its one mail is the settled one (checkout.replacement.ts).
  if (co.source === 'replacement') return;
  if (co.source === 'order_now') await sendOrderMail(deps.mail, 'placed', lines[0]!, tx);
  else if (co.approvalStatus === 'awaiting') await requestApproval(tx, deps, customer, co, lines);
  else await sendCheckoutMail(deps.mail, 'placed', co, lines, tx);
}
