import { useState, type ReactNode } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { messages } from '@shared/messages';
import type {
  AccountSummary,
  Allocations,
  StatementLine,
  StatementStatus,
} from '@shared/credit/credit.schema';
import { ErrorState } from '@/components/ui/error-state';
import { ErrorText } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useAccount, useBankTransfer, useStatement } from '../api/credit';
import { formatOrderNumbers } from '@shared/orders/order-number';
import { centsToDollarText, formatCents } from '@shared/common/money';
import { parseDollars } from '@shared/common/money-parse';

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);
const errorText = (err: unknown) =>
  err instanceof ApiError ? err.message : 'Something went wrong. Please try again.';

/** The account's figures: terms, what is owed, what of it is overdue, the available credit and the credit hold. */
export function AccountFigures({ account }: { account: AccountSummary }) {
  const { terms } = account;
  return (
    <div className="mt-3 flex flex-col gap-3">
      {account.onHold && (
        <div role="alert" className="alert alert-error alert-soft">
          <span>
            <strong>Credit hold.</strong> {account.holdReason}
          </span>
        </div>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div>
          <dt className="text-sm text-base-content/75">Terms</dt>
          <dd className="font-semibold">{terms ? `Net ${terms.netDays}` : 'None (card only)'}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Credit limit</dt>
          <dd className="font-semibold">{formatCents(terms?.creditLimitCents ?? 0)}</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Open (of which overdue)</dt>
          <dd className="font-semibold">
            {formatCents(account.openCents)} ({formatCents(account.overdueCents)})
          </dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/75">Available credit</dt>
          <dd className="font-semibold">{formatCents(account.availableCents)}</dd>
        </div>
      </dl>
    </div>
  );
}

const tabs: { status: StatementStatus; label: string }[] = [
  { status: 'open', label: 'Open' },
  { status: 'overdue', label: 'Overdue' },
  { status: 'paid', label: 'Paid' },
];

const statusBadge = (l: StatementLine) =>
  l.status === 'paid' ? (
    <span className="badge badge-success badge-soft">Paid</span>
  ) : l.status === 'overdue' ? (
    <span className="badge badge-error badge-soft">
      Overdue {l.daysOverdue} {l.daysOverdue === 1 ? 'day' : 'days'}
    </span>
  ) : (
    <span className="badge badge-soft">Open</span>
  );

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
  const items = lines.data?.pages.flatMap((p) => p.items) ?? [];
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
      <TextField
        label={`Amount to pay on ${l.number} ($)`}
        type="number"
        step="0.01"
        min="0.01"
        max={centsToDollarText(l.openCents)}
        value={selection[l._id]!.amount}
        onChange={(e) => {
          setSelection({ ...selection, [l._id]: { amount: e.target.value, line: l } });
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
  const pdf = (l: StatementLine) => (
    <a className="link" href={l.pdfUrl} target="_blank" rel="noreferrer">
      {l.number}
      <span className="sr-only"> (PDF)</span>
    </a>
  );

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
      {lines.isPending ? (
        <Spinner label="Loading the invoices" />
      ) : lines.isError ? (
        <ErrorState message="Could not load the invoices." onRetry={() => void lines.refetch()} />
      ) : items.length === 0 ? (
        <p className="mt-3 text-base-content/75">
          {status === 'paid' ? 'No paid invoices yet.' : `No ${status} invoices.`}
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm text-base-content/75">
            {lines.data.pages[0]!.total} {lines.data.pages[0]!.total === 1 ? 'invoice' : 'invoices'}
          </p>
          {/* Wide screens: a table; phones: one card per invoice. */}
          <div className="mt-2 hidden overflow-x-auto sm:block">
            <table className="table">
              <caption className="sr-only">Account invoices, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="sr-only">Select</span>
                  </th>
                  <th scope="col">Invoice</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Buyer</th>
                  <th scope="col">Issued</th>
                  <th scope="col">Due</th>
                  <th scope="col" className="text-right">
                    Total
                  </th>
                  <th scope="col" className="text-right">
                    Paid
                  </th>
                  <th scope="col" className="text-right">
                    Open
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {items.map((l) => (
                  <tr key={l._id}>
                    <td>{select(l)}</td>
                    <td>{pdf(l)}</td>
                    <td className="whitespace-nowrap">{formatOrderNumbers(l.orderNumbers)}</td>
                    <td>{l.buyerName}</td>
                    <td>{formatDate(l.issuedAt)}</td>
                    <td>{day(l.dueDate)}</td>
                    <td className="text-right">{formatCents(l.totalCents)}</td>
                    <td className="text-right">{formatCents(l.paidCents)}</td>
                    <td className="text-right">{formatCents(l.openCents)}</td>
                    <td>{statusBadge(l)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="mt-2 flex flex-col gap-3 sm:hidden">
            {items.map((l) => (
              <li key={l._id} className="rounded-box border border-base-300 p-3">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-semibold">{pdf(l)}</span>
                  {statusBadge(l)}
                </div>
                <p className="text-sm">
                  {orderWord(l)} {formatOrderNumbers(l.orderNumbers)} · {l.buyerName} · issued{' '}
                  {formatDate(l.issuedAt)} · due {day(l.dueDate)}
                </p>
                <p className="text-sm">
                  Total {formatCents(l.totalCents)} · paid {formatCents(l.paidCents)} · open{' '}
                  {formatCents(l.openCents)}
                </p>
                {l.openCents > 0 && (
                  <label className="mt-1 flex items-center gap-2 text-sm">{select(l)} Select to pay</label>
                )}
              </li>
            ))}
          </ul>
          {lines.hasNextPage && (
            <button
              type="button"
              className="btn btn-sm mt-3"
              disabled={lines.isFetchingNextPage}
              onClick={() => void lines.fetchNextPage()}
            >
              Show more invoices
            </button>
          )}
        </>
      )}
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

const orderWord = (l: StatementLine) => (l.orderNumbers.length === 1 ? 'Order' : 'Orders');
const todayIso = () => new Date().toISOString().slice(0, 10);

/** The shop admin records money received by bank transfer against the selected invoices. */
function BankTransferForm({
  companyId,
  allocations,
  onDone,
}: {
  companyId: string;
  allocations: Allocations;
  onDone(paymentId: string): void;
}) {
  const transfer = useBankTransfer(companyId);
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState(todayIso());
  const failure = transfer.error instanceof ApiError ? transfer.error : undefined;
  const fieldError = (f: string) => (failure?.field === f ? failure.message : undefined);
  return (
    <form
      className="mt-4 grid gap-3 sm:grid-cols-2"
      aria-label="Record a bank transfer"
      onSubmit={(e) => {
        e.preventDefault();
        transfer.mutate(
          { allocations, reference, receivedOn },
          {
            onSuccess: (p) => {
              void notify('success', 'Bank transfer recorded.');
              onDone(p._id);
            },
          },
        );
      }}
    >
      <TextField
        label="Bank reference"
        value={reference}
        onChange={(e) => setReference(e.target.value)}
        error={fieldError('reference')}
        required
      />
      <TextField
        label="Received on"
        type="date"
        value={receivedOn}
        onChange={(e) => setReceivedOn(e.target.value)}
        error={fieldError('receivedOn')}
        required
      />
      {transfer.error && !fieldError('reference') && !fieldError('receivedOn') && (
        <ErrorText error={errorText(transfer.error)} alert className="sm:col-span-2" />
      )}
      <div>
        <SubmitButton busy={transfer.isPending}>Record the bank transfer</SubmitButton>
      </div>
    </form>
  );
}
