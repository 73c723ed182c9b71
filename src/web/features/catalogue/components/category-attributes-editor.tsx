import { useId, useState, type FormEvent } from 'react';
import type {
  AdminCategory,
  AttributeCreate,
  AttributeUsage,
} from '@shared/catalogue/categories-admin.schema';
import { unitKinds, units, type UnitKind } from '@shared/catalogue/units';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/error-text';
import { SelectField, TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useConfirmedAction } from '@/components/ui/use-confirmed-action';
import { ApiError } from '@/lib/api-client';
import { getAttributeUsage, useAttributeActions } from '../api/admin-categories';

type Attribute = AdminCategory['attributes'][number];
type Values = {
  label: string;
  key: string;
  type: 'number' | 'text';
  unitKind: string;
  filterable: boolean;
};
type Problem = { field?: string | undefined; message: string } | null;

const unitLabel = (kind: UnitKind) => `${kind} (${units[kind].metric}, or ${units[kind].imperial})`;
const describe = (a: Attribute) =>
  a.type === 'text'
    ? 'text'
    : `number${a.unit ? ` in ${a.unit}` : ', no unit'} · ${a.filterable ? 'filter' : 'not a filter'}`;
const valuesCount = (n: number) => (n === 1 ? '1 product has a value' : `${n} products have a value`);

/**
 * Name, key (new attributes only), type and unit of an attribute. The unit is a kind whose canonical metric unit
 * the values are stored in; the storefront and the CSV also take its imperial unit. Text has no unit.
 */
function AttributeForm({
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

/**
 * A category's spec attributes: its own, which it defines, edits and orders here, and those it inherits (edited on
 * the category that defines them). Its products' spec fields, the catalogue's filters and the CSV's columns follow.
 */
export function CategoryAttributesEditor({ category }: { category: AdminCategory }) {
  const actions = useAttributeActions(category._id);
  const [editing, setEditing] = useState<string | null>(null);
  // The attribute an admin asked to remove, with what removing it deletes (read before the question is put).
  const [removing, setRemoving] = useState<AttributeUsage | null>(null);
  const [counting, setCounting] = useState<string | null>(null);
  const removal = useConfirmedAction();
  const [orderError, setOrderError] = useState('');
  const own = category.attributes.filter((a) => !a.inheritedFrom);
  const inherited = category.attributes.filter((a) => a.inheritedFrom);

  const move = async (index: number, by: -1 | 1) => {
    const keys = own.map((a) => a.key);
    [keys[index], keys[index + by]] = [keys[index + by]!, keys[index]!];
    setOrderError('');
    try {
      await actions.mutateAsync({ kind: 'order', keys });
    } catch (err) {
      setOrderError((err as Error).message);
    }
  };
  const create = (v: Values) => {
    const body: AttributeCreate = {
      label: v.label,
      type: v.type,
      unitKind: v.type === 'number' && v.unitKind ? (v.unitKind as UnitKind) : null,
      filterable: v.type === 'number' && v.filterable,
      ...(v.key && { key: v.key }),
    };
    return actions.mutateAsync({ kind: 'create', body });
  };
  const update = (a: Attribute, v: Values) =>
    actions.mutateAsync({
      kind: 'update',
      key: a.key,
      body: {
        ...(v.label !== a.label && { label: v.label }),
        ...(v.type !== a.type && { type: v.type }),
        ...((v.unitKind || null) !== a.unitKind && { unitKind: (v.unitKind || null) as UnitKind | null }),
        ...(v.type === 'number' && v.filterable !== a.filterable && { filterable: v.filterable }),
      },
    });
  const askRemove = async (a: Attribute) => {
    setCounting(a.key);
    setOrderError('');
    removal.clearError();
    try {
      setRemoving(await getAttributeUsage(category._id, a.key));
    } catch (err) {
      setOrderError((err as Error).message);
    } finally {
      setCounting(null);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="own-attributes">
        <h3 id="own-attributes" className="font-semibold">
          Defined here
        </h3>
        {own.length === 0 ? (
          <p className="text-sm text-base-content/75">None yet: add the first below.</p>
        ) : (
          <ol aria-label={`Own spec attributes of ${category.name}`} className="mt-2 flex flex-col gap-2">
            {own.map((a, i) => (
              <li key={a.key} className="rounded-box border border-base-300 p-2">
                {editing === a.key ? (
                  <AttributeForm
                    initial={a}
                    submitLabel="Save attribute"
                    onSubmit={async (v) => {
                      await update(a, v);
                      setEditing(null);
                    }}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span>
                      <span className="font-medium">{a.label}</span>{' '}
                      <span className="text-sm text-base-content/75">
                        · <span className="font-mono">{a.key}</span> · {describe(a)}
                      </span>
                    </span>
                    <span className="flex gap-1">
                      <button
                        type="button"
                        className="btn btn-xs btn-ghost"
                        aria-label={`Move ${a.label} up`}
                        disabled={i === 0 || actions.isPending}
                        onClick={() => void move(i, -1)}
                      >
                        Up
                      </button>
                      <button
                        type="button"
                        className="btn btn-xs btn-ghost"
                        aria-label={`Move ${a.label} down`}
                        disabled={i === own.length - 1 || actions.isPending}
                        onClick={() => void move(i, 1)}
                      >
                        Down
                      </button>
                      <button
                        type="button"
                        className="btn btn-xs btn-outline"
                        aria-label={`Edit ${a.label}`}
                        onClick={() => setEditing(a.key)}
                      >
                        Edit
                      </button>
                      <SubmitButton
                        type="button"
                        className="btn btn-xs btn-outline btn-error"
                        aria-label={`Remove ${a.label}`}
                        busy={counting === a.key}
                        disabled={actions.isPending || counting !== null}
                        onClick={() => void askRemove(a)}
                      >
                        Remove
                      </SubmitButton>
                    </span>
                  </div>
                )}
              </li>
            ))}
          </ol>
        )}
        <FormError message={orderError || undefined} />
      </section>
      {inherited.length > 0 && (
        <section aria-labelledby="inherited-attributes">
          <h3 id="inherited-attributes" className="font-semibold">
            Inherited
          </h3>
          <ul className="mt-1 text-sm text-base-content/75">
            {inherited.map((a) => (
              <li key={a.key}>
                {a.label} · {describe(a)} · from {a.inheritedFrom} (edit it there)
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="add-attribute">
        <h3 id="add-attribute" className="mb-2 font-semibold">
          Add a spec attribute
        </h3>
        <AttributeForm submitLabel="Add attribute" onSubmit={create} />
      </section>
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.label}?`}
          confirmLabel="Remove attribute"
          busy={removal.busy}
          error={removal.error || undefined}
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            void removal.run(
              () => actions.mutateAsync({ kind: 'remove', key: removing.key }),
              `Removed ${removing.label} from ${category.name}`,
              () => setRemoving(null),
            )
          }
        >
          <p>
            {removing.label} ({removing.key}) will no longer be a spec of {category.name} or its
            subcategories.
          </p>
          <p className="mt-2">
            {removing.productsWithValue === 0
              ? 'No product has a value for it.'
              : `${valuesCount(removing.productsWithValue)} for it: ${
                  removing.productsWithValue === 1 ? 'it is' : 'they are'
                } deleted with it.`}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
