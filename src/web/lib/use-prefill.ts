import { useEffect } from 'react';
import type { FieldValues, Path, PathValue, UseFormGetValues, UseFormSetValue } from 'react-hook-form';

/**
 * Fills a form's empty text fields with saved values (the customer's profile phone and address). The profile may
 * arrive after the form opened, so this runs when it does; a field the customer has typed in is never overwritten.
 */
export function usePrefill<T extends FieldValues>(
  form: { getValues: UseFormGetValues<T>; setValue: UseFormSetValue<T> },
  saved: Partial<Record<Path<T>, string | null | undefined>>,
) {
  const { getValues, setValue } = form;
  const key = JSON.stringify(saved);
  useEffect(() => {
    for (const [name, value] of Object.entries(saved) as [Path<T>, string | null | undefined][]) {
      if (value && !getValues(name)) setValue(name, value as PathValue<T, Path<T>>);
    }
    // `key` stands for `saved`, a fresh object each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, getValues, setValue]);
}
