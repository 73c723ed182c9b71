import { useState, type ReactNode } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { messages } from '@shared/messages';
import type { Allocations, StatementLine, StatementStatus } from '@shared/credit/credit.schema';
import { ErrorState } from '@/components/ui/error-state';
import { MoneyField } from '@/components/ui/money-field';
import { Spinner } from '@/components/ui/spinner';
import { useAccount, useStatement } from '../api/credit';
import { centsToDollarText, formatCents } from '@shared/common/money';
import { parseDollars } from '@shared/common/money-parse';
import { AccountFigures } from './account-figures';
import { BankTransferForm } from './bank-transfer-form';
import { StatementInvoices } from './statement-invoices';

const tabs: { status: StatementStatus; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'overdue', label: 'Overdue' },
  { status: 'paid', label: 'Paid' },
];

/** What the member pays now: an amount per selected invoice, in cents (all that is open unless changed). */
type Selection = Record<string, { amount: string; line: StatementLine }>;

/** The cents typed as dollars; an amount the parser refuses goes as NaN, for the server to name the field. */
const centsOf = (amount: string) => {
  const parsed = parseDollars(amount);
  return parsed.ok ? parsed.cents : Number.NaN;
};

const allocationsOf = (sel: Selection): Allocations =>
  Object.entries(sel).map(([invoiceId, s]) => ({
    invoiceId,
    amountCents: centsOf(s.amount),
  }));

/** A payment of the selection: the member's card (the page composes the card form) or the admin's bank transfer. */
export interface PaySelection {
  allocations: Allocations;
  totalCents: number;
  /** Clears the selection once the payment is recorded, and says so with its transaction id. */
  done(transactionId: string): void;
}

/**
 * A company's statement (docs/decisions/041-paying-on-account.md): its figures, then its account invoices by tab
 * (open, overdue, paid; newest first, paged). Open invoices can be selected, each with the amount to pay (part or
 * all), and paid together: by card for members (`payByCard`), by a recorded bank transfer for the shop's admins.
 */
export function Statement({
  companyId,
  mode,
  payByCard,
}: {
  companyId: string;
  mode: 'member' | 'admin';
  payByCard?: (p: PaySelection) => ReactNode;
}) {
  const account = useAccount(companyId);
  const [status, setStatus] = useState<StatementStatus>('open');
  const [selection, setSelection] = useState<Selection>({});
  const [paying, setPaying] = useState(false);
  const [receipt, setReceipt] = useState<string>();
  const lines = useStatement(companyId, status);
  const allocations = allocationsOf(selection);
  const totalCents = allocations.reduce(
    (s, a) => s + (Number.isFinite(a.amountCents) ? a.amountCents : 0),
    0,
  );
  const done = (transactionId: string) => {
    setSelection({});
    setPaying(false);
    setReceipt(transactionId);
  };
  const toggle = (l: StatementLine, on: boolean) => {
    const next = { ...selection };
    setReceipt(undefined);
    if (on) next[l._id] = { amount: centsToDollarText(l.openCents), line: l };
    else delete next[l._id];
    setSelection(next);
    setPaying(false);
  };
  const amountField = (l: StatementLine) =>
    selection[l._id] && (
      <MoneyField
        label={`Amount to pay on ${l.number} ($)`}
        value={selection[l._id]!.amount}
        onChange={(amount) => {
          setSelection({ ...selection, [l._id]: { amount, line: l } });
          setPaying(false);
        }}
      />
    );
  const select = (l: StatementLine) =>
    l.openCents > 0 ? (
      <input
        type="checkbox"
        className="checkbox checkbox-sm"
        aria-label={`Pay ${l.number}`}
        checked={!!selection[l._id]}
        onChange={(e) => toggle(l, e.target.checked)}
      />
    ) : null;

  return (
    <div>
      {account.isPending ? (
        <Spinner label="Loading the account" />
      ) : account.isError ? (
        <ErrorState message={account.error.message} onRetry={() => void account.refetch()} />
      ) : (
        <AccountFigures account={account.data} />
      )}
      {receipt && (
        <div role="status" className="alert alert-success alert-soft mt-4 flex flex-col items-start gap-1">
          <p className="flex items-center gap-2 font-semibold">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            {messages.paymentCongrats}
          </p>
          <p className="break-all">
            Your transaction id: <span className="font-mono">{receipt}</span>
          </p>
        </div>
      )}
      <div className="mt-6 flex flex-wrap gap-2" role="group" aria-label="Which invoices">
        {tabs.map((t) => (
          <button
            key={t.status}
            type="button"
            className={`btn btn-sm ${status === t.status ? 'btn-primary' : ''}`}
            aria-pressed={status === t.status}
            onClick={() => setStatus(t.status)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <StatementInvoices lines={lines} status={status} select={select} />
      {allocations.length > 0 && (
        <section aria-labelledby="pay-selected" className="mt-6 rounded-box bg-base-200 p-4">
          <h3 id="pay-selected" className="text-lg font-semibold">
            Pay {allocations.length} {allocations.length === 1 ? 'invoice' : 'invoices'}:{' '}
            {formatCents(totalCents)}
          </h3>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {Object.values(selection).map((s) => (
              <div key={s.line._id}>{amountField(s.line)}</div>
            ))}
          </div>
          {mode === 'admin' ? (
            <BankTransferForm
              companyId={companyId}
              allocations={allocations}
              onDone={() => {
                setSelection({});
                setPaying(false);
              }}
            />
          ) : paying ? (
            <div className="mt-4">{payByCard?.({ allocations, totalCents, done })}</div>
          ) : (
            <button type="button" className="btn btn-primary mt-4" onClick={() => setPaying(true)}>
              Pay {formatCents(totalCents)} by card
            </button>
          )}
        </section>
      )}
    </div>
  );
}
