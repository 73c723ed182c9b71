/**
 * An error message in red, or nothing when there is none. `alert` announces it as it appears (a dialog's
 * answer from the server); a field's error is linked to its control instead and read with it.
 */
export function ErrorText({
  error,
  id,
  alert = false,
  className = '',
}: {
  error: string | undefined;
  id?: string;
  alert?: boolean;
  className?: string;
}) {
  if (!error) return null;
  return (
    <p id={id} role={alert ? 'alert' : undefined} className={`text-sm text-error ${className}`}>
      {error}
    </p>
  );
}

/**
 * The form-level error (for example the server's answer), shown in red under the form. The live region is
 * always in the page, empty until there is a message, so screen readers announce the message when it comes.
 */
export function FormError({ message }: { message: string | undefined }) {
  return (
    <p role="alert" className={message ? 'text-sm font-medium text-error' : 'sr-only'}>
      {message}
    </p>
  );
}
