import { useState } from 'react';
import { Minus, Plus } from 'lucide-react';

/**
 * A quantity with − and + buttons that move it by one step (a pack), and a number field for typing it (arrow keys
 * step it too). A typed value is committed on Enter or when the field is left; the buttons commit at once.
 * `what` names the thing counted in the labels ("Quantity of Air hose").
 */
export function QuantityStepper({
  value,
  step,
  min,
  max,
  what,
  busy = false,
  describedBy,
  invalid = false,
  onCommit,
}: {
  value: number;
  step: number;
  min: number;
  /** Where + stops (the stock); typing more is still sent, so the server can say why not. */
  max?: number | undefined;
  what: string;
  busy?: boolean;
  describedBy?: string | undefined;
  invalid?: boolean;
  onCommit: (quantity: number) => void;
}) {
  // What is typed, until it is committed; null while the field shows `value`.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (raw: string) => {
    setDraft(null);
    const next = Number(raw);
    if (raw.trim() !== '' && Number.isInteger(next) && next > 0 && next !== value) onCommit(next);
  };
  const down = Math.max(min, value - step);
  const up = value + step;
  return (
    <div className="join">
      <button
        type="button"
        className="btn btn-sm btn-square join-item"
        aria-label={`Decrease quantity of ${what}`}
        disabled={busy || value <= min}
        onClick={() => onCommit(down)}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <input
        type="number"
        inputMode="numeric"
        aria-label={`Quantity of ${what}`}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className={`input input-sm join-item w-20 border text-center ${invalid ? 'border-error' : 'border-base-content/50'}`}
        min={min}
        max={max}
        step={step}
        value={draft ?? String(value)}
        readOnly={busy}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(e.currentTarget.value);
          if (e.key === 'Escape') setDraft(null);
        }}
      />
      <button
        type="button"
        className="btn btn-sm btn-square join-item"
        aria-label={`Increase quantity of ${what}`}
        disabled={busy || (max !== undefined && up > max)}
        onClick={() => onCommit(up)}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
