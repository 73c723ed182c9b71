import {
  useId,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { fieldBorder } from '../../accounts/components/text-field';

/** Ids that tie a field to its error text (aria-describedby). */
function useFieldIds(id: string | undefined, error: string | undefined) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorId = `${fieldId}-error`;
  return { fieldId, errorId, describedBy: error ? errorId : undefined };
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="text-sm text-error">
      {error}
    </p>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea with its error text; spreads react-hook-form's `register()` result. */
export function TextAreaField({ label, error, id, className = '', ref, ...textarea }: TextAreaFieldProps) {
  const { fieldId, errorId, describedBy } = useFieldIds(id, error);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={fieldId} className="font-medium">
        {label}
      </label>
      <textarea
        ref={ref}
        id={fieldId}
        rows={3}
        className={`${fieldBorder(error)} textarea w-full ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...textarea}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | undefined;
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select with its error text. */
export function SelectField({
  label,
  error,
  id,
  className = '',
  ref,
  children,
  ...select
}: SelectFieldProps) {
  const { fieldId, errorId, describedBy } = useFieldIds(id, error);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={fieldId} className="font-medium">
        {label}
      </label>
      <select
        ref={ref}
        id={fieldId}
        className={`${fieldBorder(error)} select w-full ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {children}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** The API's field messages ("must be …", "quantity: You can not …"): which field, and the words to show. */
export function fieldOfApiMessage<F extends string>(
  message: string,
  fields: readonly F[],
): { field: F; message: string } | null {
  const match = /^(\w+): (.+)$/s.exec(message);
  const field = fields.find((f) => f === match?.[1]);
  return field && match ? { field, message: sentence(match[2]!) } : null;
}

/** The shared schemas' messages are written for the API ("must be …"): start them with a capital here. */
export const sentence = (message: string) => message && message[0]!.toUpperCase() + message.slice(1);
