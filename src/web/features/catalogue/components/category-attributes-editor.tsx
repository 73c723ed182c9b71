import { useState } from 'react';
import type {
  AdminCategory,
  AttributeCreate,
  AttributeUsage,
} from '@shared/catalogue/categories-admin.schema';
import type { UnitKind } from '@shared/catalogue/units';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormError } from '@/components/ui/error-text';
import { SubmitButton } from '@/components/ui/submit-button';
import { useConfirmedAction } from '@/components/ui/use-confirmed-action';
import { getAttributeUsage, useAttributeActions } from '../api/admin-categories';
import { AttributeForm, type Attribute, type Values } from './attribute-form';

const describe = (a: Attribute) =>
  a.type === 'text'
    ? 'text'
    : `number${a.unit ? ` in ${a.unit}` : ', no unit'} · ${a.filterable ? 'filter' : 'not a filter'}`;
const valuesCount = (n: number) => (n === 1 ? '1 product has a value' : `${n} products have a value`);

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
