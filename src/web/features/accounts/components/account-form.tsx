import type { FormEventHandler, ReactNode } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { FormError } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';
import { useApiForm } from '@/lib/use-api-form';

/** Shown when the two passwords differ (a deliberate change: the old shop silently did nothing). */
export const PASSWORD_MISMATCH = 'Passwords do not match.';

/**
 * The form of an account page with the shared schema's rules; what `submitWith`'s action throws (the auth server's
 * refusal names no field of these forms) is shown under the form.
 */
export const useAccountForm = <Input extends FieldValues>(
  schema: z.ZodType<Input, Input>,
  defaultValues: DefaultValues<Input>,
) => useApiForm(schema, { defaultValues, formField: () => undefined });

/** The sign-in, registration and password pages' form: its fields, one full-width button, the server's answer. */
export function AccountForm<Input extends FieldValues>({
  form,
  onSubmit,
  submitLabel,
  status,
  children,
}: {
  form: UseFormReturn<Input>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  /** A live region between the button and the error (a "sent" notice). */
  status?: ReactNode;
  children: ReactNode;
}) {
  const { isSubmitting, errors } = form.formState;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      {children}
      <SubmitButton busy={isSubmitting} className="btn btn-primary w-full">
        {submitLabel}
      </SubmitButton>
      {status}
      <FormError message={errors.root?.server?.message} />
    </form>
  );
}

type Registered = UseFormRegisterReturn & { error: string | undefined };

export function EmailField(field: Registered) {
  return <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...field} />;
}

/** A new password and its confirmation, under the page's own labels; the hint states the page's minimum. */
export function NewPasswordFields({
  labels: [passwordLabel, confirmLabel],
  hint = 'At least 6 characters.',
  password,
  confirm,
}: {
  labels: [string, string];
  hint?: string;
  password: Registered;
  confirm: Registered;
}) {
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        hint={hint}
        {...password}
      />
      <TextField label={confirmLabel} type="password" autoComplete="new-password" {...confirm} />
    </>
  );
}

/**
 * True (and the mismatch shown on the confirmation, focused) when the two passwords differ: the form then does not
 * ask the server.
 */
export function passwordsDiffer<T extends FieldValues & { password: string; confirmPassword: string }>(
  { password, confirmPassword }: T,
  setError: UseFormSetError<T>,
) {
  if (password === confirmPassword) return false;
  setError('confirmPassword' as Path<T>, { message: PASSWORD_MISMATCH }, { shouldFocus: true });
  return true;
}
