import { useId, useState, type FormEvent } from 'react';
import type { AdminCategory } from '@shared/catalogue/categories-admin.schema';
import { unitKinds, units, type UnitKind } from '@shared/catalogue/units';
import { FormError } from '@/components/ui/error-text';
import { SelectField, TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';

export type Attribute = AdminCategory['attributes'][number];
/** What the form holds for an attribute. */
export type Values = {
  label: string;
  key: string;
  type: 'number' | 'text';
  unitKind: string;
  filterable: boolean;
};
type Problem = { field?: string | undefined; message: string } | null;

const unitLabel = (kind: UnitKind) => `${kind} (${units[kind].metric}, or ${units[kind].imperial})`;

/**
 * Name, key (new attributes only), type and unit of an attribute. The unit is a kind whose canonical metric unit
 * the values are stored in; the storefront and the CSV also take its imperial unit. Text has no unit.
 */
export function AttributeForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: Attribute;
  submitLabel: string;
  onSubmit(values: Values): Promise<unknown>;
  onCancel?(): void;
}) {
  const blank: Values = { label: '', key: '', type: 'number', unitKind: '', filterable: true };
  const filterId = useId();
  const [values, setValues] = useState<Values>(
    initial
      ? {
          label: initial.label,
          key: initial.key,
          type: initial.type,
          unitKind: initial.unitKind ?? '',
          filterable: initial.filterable,
        }
      : blank,
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const set = (change: Partial<Values>) => setValues((v) => ({ ...v, ...change }));
  const errorOf = (field: string) => (problem?.field === field ? problem.message : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values.label.trim()) return setProblem({ field: 'label', message: 'Attribute name is required' });
    setBusy(true);
    setProblem(null);
    try {
      await onSubmit({ ...values, label: values.label.trim(), key: values.key.trim() });
      if (!initial) setValues(blank);
    } catch (err) {
      setProblem({
        field: err instanceof ApiError ? err.field : undefined,
        message: err instanceof Error ? err.message : String(err),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-3">
      <TextField
        label="Attribute name"
        value={values.label}
        maxLength={80}
        error={errorOf('label')}
        onChange={(e) => set({ label: e.currentTarget.value })}
      />
      {!initial && (
        <TextField
          label="Key (optional)"
          hint="The CSV column spec.<key> and the filter's name; made from the name when empty."
          value={values.key}
          maxLength={41}
          error={errorOf('key')}
          onChange={(e) => set({ key: e.currentTarget.value })}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Type"
          value={values.type}
          error={errorOf('type')}
          onChange={(e) => {
            const type = e.currentTarget.value as Values['type'];
            set(type === 'text' ? { type, unitKind: '' } : { type });
          }}
        >
          <option value="number">Number (a range)</option>
          <option value="text">Text</option>
        </SelectField>
        <SelectField
          label="Unit"
          value={values.unitKind}
          disabled={values.type === 'text'}
          hint={values.type === 'text' ? 'Only a number takes a unit.' : undefined}
          error={errorOf('unitKind')}
          onChange={(e) => set({ unitKind: e.currentTarget.value })}
        >
          <option value="">None</option>
          {unitKinds.map((k) => (
            <option key={k} value={k}>
              {unitLabel(k)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={filterId} className="flex cursor-pointer items-center gap-3">
          <input
            id={filterId}
            type="checkbox"
            className="checkbox"
            checked={values.type === 'number' && values.filterable}
            disabled={values.type === 'text'}
            aria-describedby={`${filterId}-hint`}
            onChange={(e) => set({ filterable: e.currentTarget.checked })}
          />
          <span>Filter on the catalogue</span>
        </label>
        <p id={`${filterId}-hint`} className="text-sm text-base-content/75">
          {values.type === 'text'
            ? 'Only a number is a filter.'
            : 'Shoppers narrow /our-products by its range; off, it stays on product pages and in the CSV.'}
        </p>
      </div>
      <FormError
        message={
          problem && !['label', 'key', 'type', 'unitKind', 'filterable'].includes(problem.field ?? '')
            ? problem.message
            : undefined
        }
      />
      <div className="flex gap-2">
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
