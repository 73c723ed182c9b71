import { useId, useState, type FormEvent } from 'react';
import type { Range } from '@shared/catalogue/search-params';
import { fieldBorder } from '@/components/ui/field';

/**
 * A min–max filter in the unit the visitor sees. `toShown`/`fromShown` convert between that unit and the
 * canonical value in the URL; Apply (or Enter) commits, so the results do not reload on every keystroke.
 */
export function RangeFilter({
  legend,
  value,
  bounds,
  toShown,
  fromShown,
  onApply,
}: {
  /** "Pressure (psi)". */
  legend: string;
  value: Range | undefined;
  /** The lowest and highest value among the current results, as placeholders. */
  bounds?: { min: string; max: string } | undefined;
  toShown: (canonical: number | null) => string;
  fromShown: (text: string) => number | null;
  onApply: (range: Range | null) => void;
}) {
  const id = useId();
  const shown = { min: toShown(value?.min ?? null), max: toShown(value?.max ?? null) };
  // The fields follow the URL (back button, another unit) until the visitor types; `draft` holds what they typed.
  const [draft, setDraft] = useState<{ for: string; min: string; max: string } | null>(null);
  const key = `${shown.min}|${shown.max}`;
  const fields = draft && draft.for === key ? draft : { for: key, ...shown };
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const min = fromShown(fields.min);
    const max = fromShown(fields.max);
    if ((fields.min.trim() && min === null) || (fields.max.trim() && max === null)) {
      setError('Enter numbers only.');
      return;
    }
    if (min !== null && max !== null && min > max) {
      setError('The minimum must not be above the maximum.');
      return;
    }
    setError(null);
    setDraft(null);
    onApply(min === null && max === null ? null : { min, max });
  };

  const input = (end: 'min' | 'max', label: string) => (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={`${id}-${end}`} className="text-sm">
        {label}
      </label>
      <input
        id={`${id}-${end}`}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        className={`input input-sm w-full ${fieldBorder(error ?? undefined)}`}
        placeholder={bounds?.[end]}
        value={fields[end]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setDraft({ ...fields, [end]: e.target.value })}
      />
    </div>
  );

  return (
    <form onSubmit={submit} noValidate>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">{legend}</legend>
        <div className="flex items-end gap-2">
          {input('min', 'Min')}
          {input('max', 'Max')}
          <button type="submit" className="btn btn-sm btn-outline">
            Apply
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
      </fieldset>
    </form>
  );
}
