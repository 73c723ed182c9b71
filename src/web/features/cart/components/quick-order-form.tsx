import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  MAX_QUICK_ORDER_BYTES,
  MAX_QUICK_ORDER_LINES,
  type QuickOrderResult,
} from '@shared/cart/cart.schema';
import { FormError } from '@/components/ui/error-text';
import { Field, TextAreaField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { textAbout } from '@/lib/form-errors';
import { orderKeys } from '@/lib/query-keys/orders';
import { quickOrderFile, quickOrderText } from '../api/quick-order';
import { QuickOrderReport } from './quick-order-report';

type Run = 'check' | 'add';

/**
 * Quick order: `SKU, quantity` lines pasted or a small CSV uploaded; "Check lines" reports each line without
 * touching the cart, "Add to cart" then puts the lines that pass into it and reports again.
 */
export function QuickOrderForm({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const fileRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<Run | null>(null);
  const [result, setResult] = useState<{ run: Run; answer: QuickOrderResult } | null>(null);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);

  const send = async (run: Run) => {
    const dryRun = run === 'check';
    if (!file && text.trim() === '') {
      setError({ field: 'text', message: 'Type or paste at least one line of SKU, quantity.' });
      return;
    }
    setBusy(run);
    setError(null);
    try {
      const answer = await (file ? quickOrderFile(email, file, dryRun) : quickOrderText(email, text, dryRun));
      // The answer carries the cart as it now is: the cart page and the navbar's count show it at once.
      if (!dryRun) queryClient.setQueryData(orderKeys.cart(email), answer.cart);
      setResult({ run, answer });
    } catch (err) {
      const field = err instanceof ApiError ? err.field : undefined;
      setError({ field, message: field ? textAbout((err as Error).message, field) : (err as Error).message });
    } finally {
      setBusy(null);
    }
  };
  const changed = () => {
    setResult(null);
    setError(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send('check');
  };
  const checked = result?.run === 'check' ? result.answer : null;
  const canAdd = !!checked && checked.lines.some((l) => !l.problem);

  return (
    <>
      <form noValidate onSubmit={submit} className="mt-6 flex max-w-2xl flex-col gap-4">
        <TextAreaField
          label="SKU, quantity lines"
          hint={`One product per line: its SKU, then the quantity (a comma, tab or semicolon between). Up to ${MAX_QUICK_ORDER_LINES} lines.`}
          rows={8}
          className="font-mono"
          placeholder={'TH-AC50L, 2\nTH-HOSE15, 10'}
          value={text}
          disabled={!!file}
          error={error?.field === 'text' ? error.message : undefined}
          onChange={(e) => {
            setText(e.target.value);
            changed();
          }}
        />
        <Field
          label="Or upload a CSV file"
          hint={`Columns SKU and quantity, at most ${MAX_QUICK_ORDER_BYTES / 1024} kB.`}
          error={error?.field === 'file' ? error.message : undefined}
        >
          {(control) => (
            <input
              {...control}
              ref={fileRef}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className={`${control.className} file-input w-full`}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                changed();
              }}
            />
          )}
        </Field>
        {file && (
          <button
            type="button"
            className="btn btn-ghost btn-sm self-start"
            onClick={() => {
              if (fileRef.current) fileRef.current.value = '';
              setFile(null);
              changed();
            }}
          >
            Use the typed lines instead
          </button>
        )}
        <FormError message={error && !error.field ? error.message : undefined} />
        <div className="flex flex-wrap gap-2">
          <SubmitButton busy={busy === 'check'} disabled={!!busy} className="btn btn-outline btn-primary">
            Check lines
          </SubmitButton>
          <SubmitButton
            type="button"
            busy={busy === 'add'}
            disabled={!!busy || !canAdd}
            onClick={() => void send('add')}
          >
            Add to cart
          </SubmitButton>
        </div>
        {!checked && !result && (
          <p className="text-sm text-base-content/75">Check the lines first, then add them.</p>
        )}
      </form>
      {result && (
        <QuickOrderReport
          lines={result.answer.lines}
          added={result.run === 'add' ? result.answer.added : null}
        />
      )}
      {result?.run === 'add' && (
        <Link to={paths.cart} className="btn btn-primary mt-6">
          Go to the cart
        </Link>
      )}
    </>
  );
}
