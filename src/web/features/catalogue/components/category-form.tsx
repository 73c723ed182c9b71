import { useState, type FormEvent } from 'react';
import type { AdminCategory } from '@shared/catalogue/categories-admin.schema';
import { FormError } from '@/components/ui/error-text';
import { SelectField, TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';

interface CategoryValues {
  name: string;
  parentId: string | null;
  unspsc: string | null;
}

const FIELDS = ['name', 'slug', 'parentId', 'unspsc'];

interface CategoryFormProps {
  categories: AdminCategory[];
  /** Categories that cannot be the parent (the one edited and everything below it). */
  exclude?: Set<string>;
  initial?: CategoryValues;
  submitLabel: string;
  onSubmit(values: CategoryValues): Promise<unknown>;
  onDone?(): void;
}

/**
 * Name, parent and UNSPSC code of a category; the server's message is shown beside the field it names. The code is
 * what punchout sends buyer systems for the category's products (decision 063).
 */
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
  const [unspsc, setUnspsc] = useState(initial?.unspsc ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string | undefined; message: string } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError({ field: 'name', message: 'Category name is required' });
    const code = unspsc.trim();
    if (code && !/^\d{8}$/.test(code)) return setError({ field: 'unspsc', message: 'must be 8 digits' });
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ name: name.trim(), parentId: parentId || null, unspsc: code || null });
      if (!initial) {
        setName('');
        setUnspsc('');
      }
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
      <TextField
        label="UNSPSC code (optional)"
        hint="8 digits, e.g. 27112700 for power tools; sent to buyers' purchasing systems."
        value={unspsc}
        inputMode="numeric"
        maxLength={8}
        error={error?.field === 'unspsc' ? error.message : undefined}
        onChange={(e) => setUnspsc(e.currentTarget.value)}
      />
      <FormError message={error && !FIELDS.includes(error.field ?? '') ? error.message : undefined} />
      <div>
        <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
