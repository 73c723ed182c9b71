import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { showApiError } from './form-errors';

/**
 * A form with a schema's rules, and `submitWith(action)`: `action` runs with the valid values, and what it throws
 * (the API's refusal) is shown beside the field the API names (through `formField`) or under the form; `onFailure`
 * runs after that (to refresh stale data, say).
 */
export function useApiForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  {
    defaultValues,
    formField,
  }: {
    defaultValues: DefaultValues<Input>;
    formField: (apiField: string) => Path<Input> | undefined;
  },
) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const submitWith = (action: (values: Output) => Promise<void>, onFailure?: (error: unknown) => unknown) =>
    form.handleSubmit(async (values) => {
      try {
        await action(values);
      } catch (e) {
        showApiError(e, form.setError, formField);
        await onFailure?.(e);
      }
    });
  return { ...form, submitWith };
}
