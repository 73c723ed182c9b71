import type { ButtonHTMLAttributes, ReactNode } from 'react';

/** The small spinner a busy button shows before its label. */
export const ButtonSpinner = ({ className = '' }: { className?: string }) => (
  <span aria-hidden="true" className={`loading loading-spinner loading-sm ${className}`} />
);

interface SubmitButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** While true the button shows a spinner and cannot be pressed again. */
  busy: boolean;
  children: ReactNode;
}

/** A form's primary button: disabled with a spinner while the form is being sent. */
export function SubmitButton({
  busy,
  children,
  className = 'btn btn-primary',
  type = 'submit',
  disabled,
  ...button
}: SubmitButtonProps) {
  return (
    // The type is a prop so a dialog's confirm button can be a plain button.
    <button type={type} className={className} disabled={busy || disabled} {...button}>
      {busy && <ButtonSpinner />}
      {children}
    </button>
  );
}
