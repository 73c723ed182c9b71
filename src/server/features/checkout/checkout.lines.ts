import { unitPriceCentsAt } from '@shared/catalogue/pricing';
import { messages } from '@shared/messages';
import { cartMessages } from '@shared/cart/cart.schema';
import { checkoutMessages, type CheckoutCreate } from '@shared/checkout/checkout.schema';
import { linesTotalProblem, totalProblem } from '@shared/orders/orders.schema';
import { checkouts, companyOfUser, orders } from '../../db/schema';
import { AppError } from '../../infra/errors';
import type { SessionUser } from '../../http/auth-guard';
import type { Tx } from '../../infra/db';
import { loadPricing, orderableStock, type ProductPricing } from '../catalogue/index';
import { lineProblem } from '../cart/index';
import { limitBreach } from '../companies/index';
import { sendCheckoutMail } from './checkout.mail';
import { requestApproval } from './checkout.approval';
import { deliveryToLocation } from './checkout.location';
import type { CheckoutRow } from './checkout.model';
import {
  assertWithinLimits,
  lockCustomer,
  type OrderDeps,
  type GoodsLine,
  type OrderRow,
  priceDelivery,
  rememberAddress,
  reserveOrBackorder,
  reserveStock,
} from '../orders/index';

/** One line the checkout refuses, and why: what the 409's `lines` list. */
export interface LineProblem {
  productId: string;
  name: string;
  problem: string;
}

/** A 409 that names every line at fault: its body is checkoutLinesProblemSchema (the error handler sends it). */
export class CheckoutLinesError extends AppError {
  constructor(readonly lines: LineProblem[]) {
    super('conflict', checkoutMessages.linesProblem, undefined, { statusCode: 409, lines });
  }
}

// No order has this id: the limits then count every order the customer holds (the checkout's are not inserted yet).
const NO_ORDER = '00000000-0000-0000-0000-000000000000';

/** A line of a checkout made from something other than the cart (a quote): its unit price is fixed by the caller. */
export interface PricedLine {
  productId: string;
  quantity: number;
  unitPriceCents: number;
  /** The quote's lead time for units above the stock: they go on backorder instead of refusing the line. */
  leadTimeDays?: number | null | undefined;
}

export type CheckoutInput = CheckoutCreate & { number: string; address: string };
export type RowsToCheck = {
  productId: string;
  quantity: number;
  unitPriceCents?: number;
  leadTimeDays?: number | null | undefined;
}[];

/** The lead time that backorders a line above the stock (the quote's, else a backorderable product's), or null. */
function backorderLeadTime(r: RowsToCheck[number] | undefined, p: ProductPricing): number | null {
  if (r?.leadTimeDays !== undefined && r.leadTimeDays !== null) return r.leadTimeDays;
  return orderableStock(p) > p.quantity ? p.leadTimeDays : null;
}

/** Why a line cannot be ordered now: the cart's rules, or for a fixed price only the stock and the total's cap. */
function problemOf(r: RowsToCheck[number], p: ProductPricing | undefined): string | null {
  if (!p) return cartMessages.discontinued;
  if (r.unitPriceCents === undefined) return lineProblem(r.quantity, p);
  // The quoted quantity was agreed by the shop: minimum and pack size no longer apply, the stock does.
  if (p.archived) return cartMessages.discontinued;
  if (r.quantity > p.quantity && backorderLeadTime(r, p) === null) return messages.quantityAboveStock;
  return totalProblem(r.quantity, r.unitPriceCents);
}

/** The checkout's transaction after its lines are known: check every line, the limits, insert, reserve, mail. */
export async function insertCheckout(
  tx: Tx,
  deps: OrderDeps,
  customer: SessionUser,
  input: CheckoutInput,
  rows: RowsToCheck,
): Promise<{ co: CheckoutRow; lines: OrderRow[] }> {
  const pricing = await loadPricing(
    tx,
    rows.map((r) => r.productId),
    customer.id,
  );
  const problems: LineProblem[] = [];
  for (const r of rows) {
    const p = pricing.get(r.productId);
    const problem = problemOf(r, p);
    if (problem) problems.push({ productId: r.productId, name: p?.name ?? '', problem });
  }
  if (problems.length) throw new CheckoutLinesError(problems);
  // Checked before anything is written: a checkout one card payment cannot take could never be paid.
  const tooLarge = linesTotalProblem(
    rows.map((r) => {
      const p = pricing.get(r.productId)!;
      return {
        quantity: r.quantity,
        unitPriceCents:
          r.unitPriceCents ?? unitPriceCentsAt(r.quantity, p.priceCents, p.breaks, p.contractCents),
      };
    }),
  );
  if (tooLarge) throw new AppError('bad_request', tooLarge);
  const goods: GoodsLine[] = rows.map((r) => {
    const p = pricing.get(r.productId)!;
    return {
      productId: r.productId,
      quantity: r.quantity,
      unitPriceCents:
        r.unitPriceCents ?? unitPriceCentsAt(r.quantity, p.priceCents, p.breaks, p.contractCents),
    };
  });
  // A company location, when named, is where it ships and may bring its exemption (decision 039, addendum).
  const at = await deliveryToLocation(tx, deps, customer.id, input.locationId);
  const delivery = await priceDelivery(tx, at.deps.delivery, customer.id, goods, {
    ...input,
    ...(at.location && { shipTo: at.location.shipTo }),
    addressText: input.address,
  });
  const extras = [...delivery.shippingCents, ...delivery.taxCents].reduce((a, b) => a + b, 0);
  const tooLargeWithExtras = linesTotalProblem(goods, extras);
  if (tooLargeWithExtras) throw new AppError('bad_request', tooLargeWithExtras);
  // A company location is offered from the company's list: it is not saved among the buyer's own addresses.
  if (input.shipTo && !at.location) await rememberAddress(tx, customer.id, input.shipTo);
  // Each line's shares, by product (the lines are inserted in product-id order).
  const shareOf = new Map(
    rows.map((r, i) => [
      r.productId,
      { shippingCents: delivery.shippingCents[i]!, taxCents: delivery.taxCents[i]! },
    ]),
  );

  // The customer's row first (their other orders wait), then the limits for the checkout as one unpaid order.
  const quantity = rows.reduce((sum, r) => sum + r.quantity, 0);
  await lockCustomer(tx, { id: NO_ORDER, userId: customer.id, quantity });
  await assertWithinLimits(tx, { id: NO_ORDER, userId: customer.id, quantity }, deps);
  // A company buyer's spending limits: over one, the checkout waits for an approver instead of being payable.
  const totalCents = goods.reduce((sum, g) => sum + g.quantity * g.unitPriceCents, extras);
  const breach = await limitBreach(tx, deps, customer.id, totalCents);

  const [co] = await tx
    .insert(checkouts)
    .values({
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
    .returning();
  const sorted = [...rows].sort((a, b) => (a.productId < b.productId ? -1 : 1));
  const lines = await tx
    .insert(orders)
    .values(
      sorted.map((r) => {
        const p = pricing.get(r.productId)!;
        return {
          userId: customer.id,
          name: customer.name,
          email: customer.email,
          productId: p.id,
          productName: p.name,
          unitPriceCents:
            r.unitPriceCents ?? unitPriceCentsAt(r.quantity, p.priceCents, p.breaks, p.contractCents),
          quantity: r.quantity,
          number: input.number,
          address: input.address,
          checkoutId: co!.id,
          companyId: co!.companyId,
          // Each line ships with the checkout, by its method, to its address, taxed as it is: the order page of a
          // line names them; its cents are the line's own shares.
          ...delivery.columns,
          ...shareOf.get(r.productId)!,
        };
      }),
    )
    .returning();
  lines.sort((a, b) => (a.productId < b.productId ? -1 : 1));
  for (const [i, line] of lines.entries()) {
    // A refusal here (the stock went since it was read) rolls back the checkout, its lines and what was reserved.
    // A line that may go on backorder takes what stock there is and backorders the rest (decision 037).
    const lead = backorderLeadTime(
      rows.find((r) => r.productId === line.productId),
      pricing.get(line.productId)!,
    );
    const reserved =
      lead === null
        ? (await reserveStock(tx, line, deps.mail, 'order_reserved')) && line
        : await reserveOrBackorder(tx, line, lead, deps.mail);
    if (!reserved)
      throw new CheckoutLinesError([
        { productId: line.productId, name: line.productName, problem: messages.quantityAboveStock },
      ]);
    lines[i] = reserved;
  }
  if (co!.approvalStatus === 'awaiting') await requestApproval(tx, deps, customer, co!, lines);
  else await sendCheckoutMail(deps.mail, 'placed', co!, lines, tx);
  return { co: co!, lines };
}
