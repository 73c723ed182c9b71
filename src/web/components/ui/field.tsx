import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { ErrorText } from './error-text';

/**
 * The theme sets no daisyUI `--border` size, which leaves daisyUI inputs without any border: draw it here,
 * dark enough for the 3:1 contrast of WCAG 1.4.11, red when the value is invalid.
 */
export const fieldBorder = (error?: string) =>
  `border ${error ? 'input-error border-error' : 'border-base-content/50'}`;

/** What a control needs to be tied to its label, help and error text. */
export interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  /** The visible label, tied to the control. */
  label: string;
  /** A validation message shown under the control and linked to it (aria-describedby). */
  error?: string | undefined;
  /** A short help text under the control, also linked to it. */
  hint?: string | undefined;
  id?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}

/** A label, a control and its help and error text: every form field of the app is drawn by this. */
export function Field({ label, error, hint, id, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={controlId} className="font-medium">
        {label}
      </label>
      {children({
        id: controlId,
        className: fieldBorder(error),
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <p id={hintId} className="text-sm text-base-content/70">
          {hint}
        </p>
      )}
      <ErrorText id={errorId} error={error} />
    </div>
  );
}

type FieldOwnProps = Omit<FieldProps, 'children'>;

/** Separates what the `Field` draws (label, hint, error) from the props of the control inside it. */
const fieldAndControl = <P extends FieldOwnProps>({ label, error, hint, id, ...control }: P) =>
  [{ label, error, hint, id }, control] as const;

interface TextFieldProps extends FieldOwnProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input; spreads react-hook-form's `register()` result. */
export function TextField({ className = '', ...props }: TextFieldProps) {
  const [field, input] = fieldAndControl(props);
  return (
    <Field {...field}>
      {(control) => (
        <input {...control} className={`${control.className} input w-full ${className}`} {...input} />
      )}
    </Field>
  );
}

interface TextAreaFieldProps extends FieldOwnProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea; spreads react-hook-form's `register()` result. */
export function TextAreaField({ className = '', ...props }: TextAreaFieldProps) {
  const [field, textarea] = fieldAndControl(props);
  return (
    <Field {...field}>
      {(control) => (
        <textarea
          rows={3}
          {...control}
          className={`${control.className} textarea w-full ${className}`}
          {...textarea}
        />
      )}
    </Field>
  );
}

interface SelectFieldProps extends FieldOwnProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  children: ReactNode;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select. */
export function SelectField({ className = '', ...props }: SelectFieldProps) {
  const [field, select] = fieldAndControl(props);
  return (
    <Field {...field}>
      {(control) => (
        <select {...control} className={`${control.className} select w-full ${className}`} {...select} />
      )}
    </Field>
  );
}
