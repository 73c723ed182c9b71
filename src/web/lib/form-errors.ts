import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldLabel } from '@shared/common/field-label';
import { ApiError } from './api-client';

/** The shared schemas' messages are written for the API ("must be …"): start them with a capital here. */
export const sentence = <Message extends string | undefined>(message: Message): Message =>
  (message && message[0]!.toUpperCase() + message.slice(1)) as Message;

/**
 * The words about one field in an API message. The server writes each problem as `field: text` (several are
 * joined by "; "; a list item's field in words, "Line 3, quantity: text") and names the field in the body's
 * `field`: show only that field's text, beside its input.
 */
export const textAbout = (message: string, field: string) => {
  for (const prefix of new Set([`${fieldLabel(field)}: `, `${field}: `])) {
    const part = message.split('; ').find((p) => p.startsWith(prefix));
    if (part) return sentence(part.slice(prefix.length));
  }
  return sentence(message);
};

/**
 * Shows a failed submission where it belongs: beside the input of the field the API names (`field` of its error
 * body, translated by `formField`; `undefined` when this form has no such input), otherwise under the form.
 */
export function showApiError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formField: (apiField: string) => Path<T> | undefined,
  { focus = true }: { focus?: boolean } = {},
) {
  const field = error instanceof ApiError && error.field ? formField(error.field) : undefined;
  if (error instanceof ApiError && error.field && field)
    setError(field, { message: textAbout(error.message, error.field) }, { shouldFocus: focus });
  else setError('root.server' as Path<T>, { message: (error as Error).message });
}

/** `formField` for a form whose inputs carry the API's field names. */
export const sameNames =
  <F extends string>(names: readonly F[]) =>
  (apiField: string): F | undefined =>
    names.find((name) => name === apiField);
