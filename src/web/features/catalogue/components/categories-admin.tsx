import { useState } from 'react';
import type { AdminCategory } from '@shared/catalogue/categories-admin.schema';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Modal } from '@/components/ui/modal';
import { useConfirmTarget } from '@/components/ui/use-confirmed-action';
import { useAdminCategories, useCategoryActions } from '../api/admin-categories';
import { CategoryForm } from './category-form';
import { CategoryAttributesEditor } from './category-attributes-editor';

/** The category and everything below it: what it may not be moved under. */
function subtree(cats: AdminCategory[], id: string): Set<string> {
  const out = new Set([id]);
  for (const c of cats) if (c.parentId && out.has(c.parentId)) out.add(c._id);
  return out;
}

function Attributes({ category }: { category: AdminCategory }) {
  if (category.attributes.length === 0)
    return <p className="text-sm text-base-content/75">No spec attributes.</p>;
  return (
    <ul aria-label={`Spec attributes of ${category.name}`} className="flex flex-wrap gap-2">
      {category.attributes.map((a) => (
        <li key={a.key} className="badge badge-soft h-auto py-1 text-xs">
          {a.label} ·{' '}
          {a.type === 'number'
            ? `number${a.unitKind ? `, ${a.unitKind}` : ''}${a.unit ? ` (${a.unit})` : ''}`
            : 'text'}
          {a.inheritedFrom && <span className="text-base-content/75"> · from {a.inheritedFrom}</span>}
        </li>
      ))}
    </ul>
  );
}

/**
 * Categories admin: the tree with counts and attributes; add, rename, move, delete when empty, and define, edit and
 * order each category's spec attributes.
 */
export function CategoriesAdmin() {
  const categories = useAdminCategories();
  const actions = useCategoryActions();
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  // By id: the dialog shows the category as the refreshed tree has it after each change.
  const [specsOf, setSpecsOf] = useState<string | null>(null);
  const deleting = useConfirmTarget<AdminCategory>();

  if (categories.isPending) {
    return (
      <div role="status" className="mt-6 space-y-3">
        <span className="sr-only">Loading categories…</span>
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} aria-hidden="true" className="skeleton h-16 w-full" />
        ))}
      </div>
    );
  }
  if (categories.isError) {
    return (
      <ErrorState
        message={`We could not load the categories. ${categories.error.message}`}
        onRetry={() => void categories.refetch()}
      />
    );
  }
  const all = categories.data;
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[20rem_1fr]">
      <section aria-labelledby="add-category" className="rounded-box border border-base-300 bg-base-100 p-4">
        <h2 id="add-category" className="mb-3 text-lg font-semibold">
          Add a category
        </h2>
        <CategoryForm categories={all} submitLabel="Add category" onSubmit={(v) => actions.create(v)} />
      </section>
      <section aria-labelledby="category-tree">
        <h2 id="category-tree" className="mb-3 text-lg font-semibold">
          Category tree ({all.length})
        </h2>
        {all.length === 0 ? (
          <p className="text-base-content/75">There are no categories yet. Add the first one.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {all.map((c) => (
              <li
                key={c._id}
                style={{ marginInlineStart: `${c.depth * 1.5}rem` }}
                className="rounded-box border border-base-300 bg-base-100 p-3"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <h3 className="font-semibold">{c.name}</h3>
                    <p className="text-sm text-base-content/75">
                      <span className="font-mono">{c.slug}</span> · {c.productCount}{' '}
                      {c.productCount === 1 ? 'product' : 'products'} · {c.childCount}{' '}
                      {c.childCount === 1 ? 'subcategory' : 'subcategories'}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      aria-label={`Spec attributes of ${c.name}`}
                      onClick={() => setSpecsOf(c._id)}
                    >
                      Spec attributes
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      aria-label={`Edit ${c.name}`}
                      onClick={() => setEditing(c)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-error"
                      aria-label={`Delete ${c.name}`}
                      onClick={() => deleting.ask(c)}
                    >
                      Delete
                    </button>
                  </div>
                </div>
                <div className="mt-2">
                  <Attributes category={c} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {editing && (
        <Modal title={`Edit ${editing.name}`} onClose={() => setEditing(null)}>
          <CategoryForm
            // A form per category: switching straight to another one must not keep the first one's values.
            key={editing._id}
            categories={all}
            exclude={subtree(all, editing._id)}
            initial={{ name: editing.name, parentId: editing.parentId, unspsc: editing.unspsc }}
            submitLabel="Save changes"
            onSubmit={(v) => actions.update(editing._id, v)}
            onDone={() => setEditing(null)}
          />
        </Modal>
      )}
      {specsOf && all.some((c) => c._id === specsOf) && (
        <Modal
          title={`Spec attributes of ${all.find((c) => c._id === specsOf)!.name}`}
          onClose={() => setSpecsOf(null)}
        >
          <CategoryAttributesEditor category={all.find((c) => c._id === specsOf)!} />
        </Modal>
      )}
      {deleting.target && (
        <ConfirmDialog
          title="Delete category?"
          confirmLabel="Delete"
          busy={deleting.busy}
          error={deleting.error}
          onConfirm={() => deleting.confirm((c) => actions.remove(c._id), 'Category deleted')}
          onClose={deleting.close}
        >
          <p>
            <span className="font-semibold">{deleting.target.name}</span> is removed. Only an empty category
            can be deleted.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
