import { useState } from 'react';
import { z } from 'zod';
import { quoteDeclineSchema, quoteStatuses, type Quote } from '@shared/quotes/quotes.schema';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { FormError } from '@/components/ui/error-text';
import { SelectField, TextField } from '@/components/ui/field';
import { PagedList } from '@/components/ui/paged-list';
import { SubmitButton } from '@/components/ui/submit-button';
import { useConfirmTarget } from '@/components/ui/use-confirmed-action';
import { sentence } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useApiForm } from '@/lib/use-api-form';
import { oneOf, useListState } from '@/lib/use-list-state';
import { useQuoteActions, useQuotes } from '../api/quotes';
import { dayFromToday } from './format-day';
import { formatCents } from '@shared/common/money';
import { QuoteFacts, QuoteHeading, QuoteLinesTable, quoteStatusLabel } from './quote-parts';

const limit = 10;
/** How long an answer stands unless the admin changes it. */
const DEFAULT_VALID_DAYS = 14;

const answerFormSchema = z.object({
  prices: z.array(
    z
      .number({ error: 'must be a number' })
      .positive({ error: 'must be above 0' })
      .max(1_000_000, { error: 'must be at most 1000000' }),
  ),
  /** Days until units above the stock ship (decision 037); empty: none, a line above the stock is then refused. */
  leadTimes: z.array(
    z.preprocess(
      (v) => (typeof v === 'number' && Number.isNaN(v) ? null : v),
      z
        .number({ error: 'must be a number' })
        .int({ error: 'must be a whole number' })
        .min(0, { error: 'must be 0 or more' })
        .max(365, { error: 'must be at most 365' })
        .nullable(),
    ),
  ),
  validUntil: z.iso
    .date({ error: 'must be a date' })
    .refine((d) => d >= dayFromToday(), { error: 'must be today or later' }),
});

/** The API names `lines.2.unitPrice` or `validUntil`. */
const answerField = (apiField: string) => {
  const line = /^lines\.(\d+)/.exec(apiField);
  if (line && apiField.endsWith('leadTimeDays')) return `leadTimes.${Number(line[1])}` as const;
  if (line) return `prices.${Number(line[1])}` as const;
  return apiField === 'validUntil' ? 'validUntil' : undefined;
};

/** A unit price for every line (the list price to start from) and until when the offer stands. */
function AnswerForm({ quote, onDone }: { quote: Quote; onDone: () => void }) {
  const { answer } = useQuoteActions();
  const {
    register,
    submitWith,
    formState: { errors, isSubmitting },
  } = useApiForm(answerFormSchema, {
    defaultValues: {
      prices: quote.lines.map((l) => l.listPrice),
      leadTimes: quote.lines.map(() => null),
      validUntil: dayFromToday(DEFAULT_VALID_DAYS),
    },
    formField: answerField,
  });
  const onSubmit = submitWith(async ({ prices, leadTimes, validUntil }) => {
    await answer(quote._id, {
      lines: quote.lines.map((l, i) => ({
        productId: l.productId,
        unitPrice: prices[i]!,
        ...(leadTimes[i] !== null && leadTimes[i] !== undefined && { leadTimeDays: leadTimes[i] }),
      })),
      validUntil,
    });
    void notify('success', 'Quote sent');
    onDone();
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Answer the request from ${quote.name}`}
      className="mt-4 flex flex-col gap-4 rounded-box border border-base-300 p-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {quote.lines.map((line, i) => {
          const error = errors.prices?.[i]?.message;
          const leadError = errors.leadTimes?.[i]?.message;
          return (
            <div key={line.productId} className="flex flex-col gap-2">
              <TextField
                label={`Unit price for ${line.productName}`}
                hint={`${line.quantity} at a list price of ${formatCents(line.listPriceCents)} each`}
                type="number"
                inputMode="decimal"
                min={0.01}
                step={0.01}
                autoFocus={i === 0}
                error={error && sentence(error)}
                {...register(`prices.${i}`, { valueAsNumber: true })}
              />
              <TextField
                label={`Lead time (days) for ${line.productName}`}
                hint="Optional: units above the stock go on backorder and ship after this many days."
                type="number"
                inputMode="numeric"
                min={0}
                max={365}
                step={1}
                error={leadError && sentence(leadError)}
                {...register(`leadTimes.${i}`, { valueAsNumber: true })}
              />
            </div>
          );
        })}
      </div>
      <TextField
        label="Valid until"
        type="date"
        min={dayFromToday()}
        error={errors.validUntil?.message && sentence(errors.validUntil.message)}
        {...register('validUntil')}
      />
      <FormError message={errors.root?.server?.message} />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton busy={isSubmitting}>Send quote</SubmitButton>
        <button type="button" className="btn btn-ghost" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The decline's confirmation, with the reason the customer will read. */
function DeclineDialog({
  quote,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  quote: Quote;
  busy: boolean;
  error: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  return (
    <ReasonDialog
      title="Decline this request?"
      confirmLabel="Decline request"
      cancelLabel="Keep request"
      busy={busy}
      error={error}
      onClose={onClose}
      onConfirm={onConfirm}
      check={(reason) => {
        const parsed = quoteDeclineSchema.safeParse({ reason });
        return parsed.success
          ? { ok: true, text: parsed.data.reason }
          : { ok: false, message: sentence(parsed.error.issues[0]?.message ?? 'is required') };
      }}
    >
      {quote.name} ({quote.email}) will see that the request was declined, with your reason.
    </ReasonDialog>
  );
}

/** One request in the admins' list, with its Answer and Decline while it is open. */
function ManagedQuote({ quote, onDecline }: { quote: Quote; onDecline: (quote: Quote) => void }) {
  const [answering, setAnswering] = useState(false);
  const open = quote.status === 'requested';
  const declinable = open || quote.status === 'quoted';
  return (
    <article className="rounded-box border border-base-300 bg-base-100 p-4">
      <QuoteHeading quote={quote} withCustomer />
      <QuoteFacts quote={quote} withDate />
      <QuoteLinesTable quote={quote} />
      {answering ? (
        <AnswerForm quote={quote} onDone={() => setAnswering(false)} />
      ) : (
        (open || declinable) && (
          <div className="mt-3 flex flex-wrap gap-2">
            {open && (
              <button type="button" className="btn btn-primary" onClick={() => setAnswering(true)}>
                Answer
              </button>
            )}
            {declinable && (
              <button type="button" className="btn btn-outline btn-error" onClick={() => onDecline(quote)}>
                Decline
              </button>
            )}
          </div>
        )
      )}
    </article>
  );
}

/** Manage Quotes: the requests for quote (open ones first by default), answered or declined here. */
export function ManageQuotesList() {
  const list = useListState({ status: 'requested' });
  const status = oneOf(quoteStatuses, list.values.status);
  const quotes = useQuotes({ limit: String(limit), status, cursor: list.cursor });
  const { decline } = useQuoteActions();
  const declining = useConfirmTarget<Quote>();
  return (
    <>
      <div className="mt-6 max-w-xs">
        <SelectField
          label="Status"
          value={status ?? 'all'}
          onChange={(e) => list.set({ status: e.currentTarget.value })}
        >
          <option value="all">All</option>
          {quoteStatuses.map((s) => (
            <option key={s} value={s}>
              {quoteStatusLabel(s)}
            </option>
          ))}
        </SelectField>
      </div>
      <PagedList
        query={quotes}
        noun="requests"
        limit={limit}
        list={list}
        skeleton={{ count: 3, className: 'h-40' }}
        empty={
          <p className="mt-6">
            No requests for quote{status ? ` are ${quoteStatusLabel(status).toLowerCase()}` : ''}.
          </p>
        }
      >
        {(items) => (
          <ul className="mt-2 flex flex-col gap-4">
            {items.map((quote) => (
              <li key={quote._id}>
                <ManagedQuote quote={quote} onDecline={declining.ask} />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      {declining.target && (
        <DeclineDialog
          quote={declining.target}
          busy={declining.busy}
          error={declining.error}
          onClose={declining.close}
          onConfirm={(reason) => declining.confirm((q) => decline(q._id, reason), 'Request declined')}
        />
      )}
    </>
  );
}
