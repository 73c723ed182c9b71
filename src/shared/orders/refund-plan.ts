import { z } from 'zod';
import { formatCents, type Cents } from '../common/money';
import { allocate, shareOfUnits } from '../common/money-allocate';
import { idSchema } from '../common/common.schema';

/**
 * POST /api/order/{id}/refund and POST /api/checkout/{id}/refund (admin; docs/decisions/053-partial-refunds.md):
 * nothing but `restock` refunds everything still refundable; `lines` refunds units of some lines; `amountCents`
 * refunds an amount spread over the lines. `restock`: whether the refunded units not shipped yet go back into stock
 * (default) or not (the shop cannot sell them again). Units already shipped never return to stock by a refund.
 */
export const refundOrderSchema = z
  .strictObject({
    restock: z.boolean().optional(),
    lines: z
      .array(
        z.strictObject({
          orderId: idSchema,
          quantity: z.number().int().min(1, 'must be at least 1'),
        }),
      )
      .min(1, 'must name at least one line')
      .max(200)
      .optional(),
    amountCents: z.number().int().min(1, 'must be at least 1 cent').optional(),
  })
  .refine((b) => b.lines === undefined || b.amountCents === undefined, {
    message: 'give either lines or amountCents, not both',
    path: ['amountCents'],
  });
export type RefundOrder = z.infer<typeof refundOrderSchema>;

/** A line of a sale as a refund weighs it: what it was charged and what was refunded of it so far. */
export interface RefundableLine {
  orderId: string;
  quantity: number;
  unitPriceCents: Cents;
  shippingCents: Cents;
  taxCents: Cents;
  refundedQuantity: number;
  refundedCents: Cents;
}

/** What one refund gives back of one line. `quantity` 0: an amount refund's share of the line. */
export interface PlannedRefundLine {
  orderId: string;
  quantity: number;
  unitPriceCents: Cents;
  /** Goods, shipping and tax shares of the units refunded (0 for an amount). */
  goodsCents: Cents;
  shippingCents: Cents;
  taxCents: Cents;
  /** What earlier amount refunds already gave back of these units' value (so it is not refunded twice). */
  lessEarlierCents: Cents;
  /** What this refund gives back for the line: goods + shipping + tax − lessEarlier, or the amount's share. */
  amountCents: Cents;
  /** Whether the line is refunded in full once this refund is made. */
  completesLine: boolean;
  /** A return's restocking fee kept of these units' goods (issue 43), already taken off `amountCents`. */
  restockingFeeCents?: Cents;
  restockingFeePercent?: number;
}

export type RefundSelection =
  | { kind: 'all' }
  | { kind: 'lines'; lines: { orderId: string; quantity: number }[]; feePercent?: number }
  | { kind: 'amount'; amountCents: Cents };

export type RefundPlan =
  | { ok: true; kind: 'lines' | 'amount'; amountCents: Cents; lines: PlannedRefundLine[] }
  | { ok: false; field: string | null; message: string };

export const refundMessages = {
  nothingLeft: 'Nothing is left to refund: this sale is refunded in full already.',
  unknownLine: 'is not a refundable line of this sale',
  repeatedLine: 'names the same line twice',
} as const;

/** Goods + shipping + tax of a line. */
export const lineChargedCents = (
  l: Pick<RefundableLine, 'quantity' | 'unitPriceCents' | 'shippingCents' | 'taxCents'>,
) => l.quantity * l.unitPriceCents + l.shippingCents + l.taxCents;

/** What is still to be given back for a line. */
export const lineRefundableCents = (l: RefundableLine) => lineChargedCents(l) - l.refundedCents;

/** Units not refunded yet (none once the line's money is all back, whichever way it went). */
export const lineRefundableUnits = (l: RefundableLine) =>
  lineRefundableCents(l) <= 0 ? 0 : l.quantity - l.refundedQuantity;

/** `units` more units of a line: their goods and their shares of its shipping and tax, to the cent. */
function unitsOf(l: RefundableLine, units: number): PlannedRefundLine {
  const before = l.refundedQuantity;
  const after = before + units;
  const share = (total: Cents) =>
    shareOfUnits(total, after, l.quantity) - shareOfUnits(total, before, l.quantity);
  const goodsCents = units * l.unitPriceCents;
  const shippingCents = share(l.shippingCents);
  const taxCents = share(l.taxCents);
  const value = goodsCents + shippingCents + taxCents;
  const left = lineRefundableCents(l);
  // The line's last units take exactly what is left of it, so a line refunded in full returns exactly its charge;
  // before that, an earlier amount refund may already have given back part of these units' value.
  const amountCents = after === l.quantity ? left : Math.min(value, left);
  return {
    orderId: l.orderId,
    quantity: units,
    unitPriceCents: l.unitPriceCents,
    goodsCents,
    shippingCents,
    taxCents,
    lessEarlierCents: value - amountCents,
    amountCents,
    completesLine: amountCents === left,
  };
}

/**
 * A returned line's restocking fee (docs/decisions/065-returns.md): a percentage of the units' goods, never of their
 * shipping or tax, and never more than the refund; the line then stays open for that amount (the shop may waive it).
 */
function lessFee(line: PlannedRefundLine, feePercent: number): PlannedRefundLine {
  if (feePercent <= 0) return line;
  const fee = Math.min(shareOfUnits(line.goodsCents, feePercent, 100), line.amountCents);
  if (fee === 0) return line;
  return {
    ...line,
    amountCents: line.amountCents - fee,
    completesLine: false,
    restockingFeeCents: fee,
    restockingFeePercent: feePercent,
  };
}

/**
 * The one calculation of a refund, on the server (what is refunded) and in the admin's dialog (the total shown before
 * confirming): which lines give back what. `lines` are the sale's refundable lines (paid, not delivered, not refunded
 * in full). A field error names the request field at fault.
 */
export function planRefund(lines: readonly RefundableLine[], selection: RefundSelection): RefundPlan {
  const open = lines.filter((l) => lineRefundableCents(l) > 0);
  if (open.length === 0) return { ok: false, field: null, message: refundMessages.nothingLeft };
  if (selection.kind === 'all') {
    const planned = open.map((l) => {
      const units = lineRefundableUnits(l);
      return { ...unitsOf(l, units), completesLine: true, amountCents: lineRefundableCents(l) };
    });
    return done('lines', planned);
  }
  if (selection.kind === 'lines') {
    const seen = new Set<string>();
    const planned: PlannedRefundLine[] = [];
    for (const [i, want] of selection.lines.entries()) {
      const line = open.find((l) => l.orderId === want.orderId);
      if (!line) return { ok: false, field: `lines.${i}.orderId`, message: refundMessages.unknownLine };
      if (seen.has(want.orderId))
        return { ok: false, field: `lines.${i}.orderId`, message: refundMessages.repeatedLine };
      seen.add(want.orderId);
      const units = lineRefundableUnits(line);
      if (!Number.isInteger(want.quantity) || want.quantity < 1)
        return { ok: false, field: `lines.${i}.quantity`, message: 'must be at least 1' };
      if (want.quantity > units)
        return {
          ok: false,
          field: `lines.${i}.quantity`,
          message: `must be at most ${units}: only ${units} of ${line.quantity} ${units === 1 ? 'unit is' : 'units are'} left to refund on this line`,
        };
      planned.push(lessFee(unitsOf(line, want.quantity), selection.feePercent ?? 0));
    }
    return done('lines', planned);
  }
  const left = open.map(lineRefundableCents);
  const most = left.reduce((a, b) => a + b, 0);
  if (!Number.isInteger(selection.amountCents) || selection.amountCents < 1)
    return { ok: false, field: 'amountCents', message: 'must be at least 1 cent' };
  if (selection.amountCents > most)
    return {
      ok: false,
      field: 'amountCents',
      message: `must be at most ${formatCents(most)}, what is still refundable`,
    };
  // Spread over the lines by what each still holds, so no line gives back more than it was charged.
  const parts = allocate(selection.amountCents, left);
  const planned = open.flatMap((l, i) =>
    parts[i]! === 0
      ? []
      : [
          {
            orderId: l.orderId,
            quantity: 0,
            unitPriceCents: l.unitPriceCents,
            goodsCents: 0,
            shippingCents: 0,
            taxCents: 0,
            lessEarlierCents: 0,
            amountCents: parts[i]!,
            completesLine: parts[i]! === left[i]!,
          },
        ],
  );
  return done('amount', planned);
}

function done(kind: 'lines' | 'amount', lines: PlannedRefundLine[]): RefundPlan {
  return { ok: true, kind, amountCents: lines.reduce((sum, l) => sum + l.amountCents, 0), lines };
}
