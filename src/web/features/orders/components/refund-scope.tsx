import { useId, useState } from 'react';
import type { Order, RefundOrder } from '@shared/orders/orders.schema';
import { dollarsToCents, formatCents } from '@shared/common/money';
import { parseDollars } from '@shared/common/money-parse';
import { planRefund, type RefundableLine, type RefundSelection } from '@shared/orders/refund-plan';
import { fieldBorder } from '@/components/ui/field';
import { MoneyField } from '@/components/ui/money-field';

export type RefundScope = 'whole' | 'units' | 'amount';

/** The fields of a line the refund dialogs weigh (the API's order shape). */
export type RefundDialogLine = Pick<
  Order,
  | '_id'
  | 'productName'
  | 'quantity'
  | 'price'
  | 'shippingCents'
  | 'taxCents'
  | 'paymentStatus'
  | 'orderStatus'
> &
  Partial<
    Pick<
      Order,
      'refundStatus' | 'refundedQuantity' | 'refundedCents' | 'shippedQuantity' | 'backorderedQuantity'
    >
  >;

const refundable = (l: RefundDialogLine) => l.paymentStatus && l.orderStatus === 'Pending' && !l.refundStatus;

const toRefundable = (l: RefundDialogLine): RefundableLine => ({
  orderId: l._id,
  quantity: l.quantity,
  // The spec's dollars, converted once at the edge by the money module.
  unitPriceCents: dollarsToCents(l.price),
  shippingCents: l.shippingCents ?? 0,
  taxCents: l.taxCents ?? 0,
  refundedQuantity: l.refundedQuantity ?? 0,
  refundedCents: l.refundedCents ?? 0,
});

export interface RefundChoice {
  scope: RefundScope;
  /** The request body for this choice, or null while it is not valid. */
  body: RefundOrder | null;
  /** What the refund will give back, as the server will work it out (the same shared calculation). */
  totalCents: number | null;
  /** Why the choice is not valid yet, in words; per line for units. */
  error: string | null;
  lineErrors: Record<string, string>;
}

/**
 * The admin's choice in a refund dialog: the whole sale, some units of its lines, or an amount in dollars, and the
 * refund total it comes to (planRefund, the server's own calculation), before anything is sent.
 */
export function useRefundChoice(lines: readonly RefundDialogLine[], restock: boolean) {
  const [scope, setScope] = useState<RefundScope>('whole');
  const [units, setUnits] = useState<Record<string, string>>({});
  const [amount, setAmount] = useState('');
  const open = lines.filter(refundable);
  const weighed = open.map(toRefundable);
  const lineErrors: Record<string, string> = {};
  let selection: RefundSelection | null = { kind: 'all' };
  let error: string | null = null;
  if (scope === 'units') {
    const chosen: { orderId: string; quantity: number }[] = [];
    for (const l of open) {
      const text = (units[l._id] ?? '').trim();
      if (text === '' || text === '0') continue;
      const n = Number(text);
      if (!/^\d+$/.test(text)) lineErrors[l._id] = 'must be a whole number of units';
      else chosen.push({ orderId: l._id, quantity: n });
    }
    selection = chosen.length ? { kind: 'lines', lines: chosen } : null;
    if (!chosen.length && !Object.keys(lineErrors).length)
      error = 'Enter how many units of a line to refund.';
  } else if (scope === 'amount') {
    const parsed = parseDollars(amount);
    selection = parsed.ok ? { kind: 'amount', amountCents: parsed.cents } : null;
    if (!parsed.ok) error = `Amount ${parsed.error}.`;
  }
  let totalCents: number | null = null;
  if (selection && !Object.keys(lineErrors).length) {
    const plan = planRefund(weighed, selection);
    if (plan.ok) totalCents = plan.amountCents;
    else {
      const index = /^lines\.(\d+)\./.exec(plan.field ?? '')?.[1];
      const line =
        index !== undefined && selection.kind === 'lines' ? selection.lines[Number(index)] : undefined;
      if (line) lineErrors[line.orderId] = plan.message;
      else error = plan.field === 'amountCents' ? `Amount ${plan.message}.` : plan.message;
    }
  }
  const valid = totalCents !== null && error === null && !Object.keys(lineErrors).length;
  const body: RefundOrder | null = !valid
    ? null
    : selection?.kind === 'lines'
      ? { lines: selection.lines, restock }
      : selection?.kind === 'amount'
        ? { amountCents: selection.amountCents, restock }
        : { restock };
  const choice: RefundChoice = { scope, body, totalCents: valid ? totalCents : null, error, lineErrors };
  return { choice, open, scope, setScope, units, setUnits, amount, setAmount };
}

type ChoiceState = ReturnType<typeof useRefundChoice>;

/** "Whole order" / "Some units" (a labelled quantity per line) / "An amount" (dollars), and the refund total. */
export function RefundScopeFields({ state, whole }: { state: ChoiceState; whole: string }) {
  const name = useId();
  const { choice, open, scope, setScope, units, setUnits, amount, setAmount } = state;
  const options: [RefundScope, string][] = [
    ['whole', whole],
    ['units', 'Some units'],
    ['amount', 'An amount'],
  ];
  return (
    <div className="mt-3 flex flex-col gap-2">
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 font-medium">What to refund</legend>
        {options.map(([value, label]) => (
          <label key={value} className="label cursor-pointer gap-2">
            <input
              type="radio"
              className="radio radio-sm"
              name={name}
              checked={scope === value}
              onChange={() => setScope(value)}
            />
            <span>{label}</span>
          </label>
        ))}
      </fieldset>
      {scope === 'units' &&
        open.map((l) => {
          const left = l.quantity - (l.refundedQuantity ?? 0);
          const id = `${name}-${l._id}`;
          const err = choice.lineErrors[l._id];
          return (
            <div key={l._id} className="flex flex-col gap-1">
              <label htmlFor={id}>
                Units of {l.productName} to refund (up to {left})
              </label>
              <input
                id={id}
                inputMode="numeric"
                className={`input input-sm w-28 ${fieldBorder(err)}`}
                value={units[l._id] ?? ''}
                aria-invalid={err ? true : undefined}
                aria-describedby={err ? `${id}-error` : undefined}
                onChange={(e) => setUnits({ ...units, [l._id]: e.target.value })}
              />
              {err && (
                <p id={`${id}-error`} className="text-sm text-error">
                  {err}
                </p>
              )}
            </div>
          );
        })}
      {scope === 'amount' && (
        <div className="flex flex-col gap-1">
          <MoneyField
            label="Amount to refund ($)"
            className="input-sm max-w-36"
            value={amount}
            onChange={setAmount}
            error={amount && choice.error ? choice.error : undefined}
          />
        </div>
      )}
      <p aria-live="polite" className="font-semibold">
        {choice.totalCents !== null
          ? `Refund total: ${formatCents(choice.totalCents)}`
          : scope === 'units' && (choice.error ?? '')}
      </p>
    </div>
  );
}
