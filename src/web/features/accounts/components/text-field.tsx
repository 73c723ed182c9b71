import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  /** The visible label, tied to the input. */
  label: string;
  /** A validation message shown under the input and linked to it (aria-describedby). */
  error?: string | undefined;
  /** A short help text under the input, also linked to it. */
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The theme sets no daisyUI `--border` size, which leaves daisyUI inputs without any border: draw it here,
 * dark enough for the 3:1 contrast of WCAG 1.4.11, red when the value is invalid.
 */
export const fieldBorder = (error?: string) =>
  `border ${error ? 'input-error border-error' : 'border-base-content/50'}`;

/** A labelled input with its help and error text; spreads react-hook-form's `register()` result. */
export function TextField({ label, error, hint, id, className = '', ref, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="font-medium">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className={`${fieldBorder(error)} input w-full ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <p id={hintId} className="text-sm text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The form-level error (for example the server's answer), shown in red under the form and announced. */
export function FormError({ message }: { message: string | undefined }) {
  return (
    <p role="alert" className={message ? 'text-sm font-medium text-error' : 'sr-only'}>
      {message}
    </p>
  );
}
