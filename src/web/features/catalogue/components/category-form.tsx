import { useState, type FormEvent } from 'react';
import type { AdminCategory } from '@shared/catalogue/categories-admin.schema';
import { FormError } from '@/components/ui/error-text';
import { SelectField, TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';

interface CategoryFormProps {
  categories: AdminCategory[];
  /** Categories that cannot be the parent (the one edited and everything below it). */
  exclude?: Set<string>;
  initial?: { name: string; parentId: string | null };
  submitLabel: string;
  onSubmit(values: { name: string; parentId: string | null }): Promise<unknown>;
  onDone?(): void;
}

/** Name and parent of a category; the server's message is shown beside the field it names. */
export function CategoryForm({
  categories,
  exclude,
  initial,
  submitLabel,
  onSubmit,
  onDone,
}: CategoryFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [parentId, setParentId] = useState(initial?.parentId ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string | undefined; message: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError({ field: 'name', message: 'Category name is required' });
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ name: name.trim(), parentId: parentId || null });
      if (!initial) setName('');
      onDone?.();
    } catch (err) {
      setError({
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
        label="Category name"
        value={name}
        maxLength={80}
        error={error?.field === 'name' || error?.field === 'slug' ? error.message : undefined}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <SelectField
        label="Parent category"
        value={parentId}
        error={error?.field === 'parentId' ? error.message : undefined}
        onChange={(e) => setParentId(e.currentTarget.value)}
      >
        <option value="">None (top level)</option>
        {categories
          .filter((c) => !exclude?.has(c._id))
          .map((c) => (
            <option key={c._id} value={c._id}>
              {`${'\u2003'.repeat(c.depth)}${c.name}`}
            </option>
          ))}
      </SelectField>
      <FormError
        message={
          error && !['name', 'slug', 'parentId'].includes(error.field ?? '') ? error.message : undefined
        }
      />
      <div>
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
