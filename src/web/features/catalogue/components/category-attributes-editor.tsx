import { useState, type FormEvent } from 'react';
import type { AdminCategory, AttributeCreate } from '@shared/catalogue/categories-admin.schema';
import { unitKinds, units, type UnitKind } from '@shared/catalogue/units';
import { FormError } from '@/components/ui/error-text';
import { SelectField, TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { useAttributeActions } from '../api/admin-categories';

type Attribute = AdminCategory['attributes'][number];
type Values = { label: string; key: string; type: 'number' | 'text'; unitKind: string };
type Problem = { field?: string | undefined; message: string } | null;

const unitLabel = (kind: UnitKind) => `${kind} (${units[kind].metric}, or ${units[kind].imperial})`;
const describe = (a: Attribute) =>
  a.type === 'text' ? 'text' : `number${a.unit ? ` in ${a.unit}` : ', no unit'}`;

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
  const blank: Values = { label: '', key: '', type: 'number', unitKind: '' };
  const [values, setValues] = useState<Values>(
    initial
      ? { label: initial.label, key: initial.key, type: initial.type, unitKind: initial.unitKind ?? '' }
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
          <option value="number">Number (filterable range)</option>
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
      <FormError
        message={
          problem && !['label', 'key', 'type', 'unitKind'].includes(problem.field ?? '')
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
      },
    });

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
    </div>
  );
}
