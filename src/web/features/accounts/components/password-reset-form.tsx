import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { passwordResetRequestSchema, type PasswordResetRequestInput } from '@shared/accounts/accounts.schema';
import { requestPasswordReset } from '../api/request-password-reset';
import { FormError } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';

/** The same text whether or not the account exists, so the form does not reveal who has one. */
export const RESET_LINK_SENT =
  'If an account exists for this email, we have sent a link to reset the password.';

export function PasswordResetForm() {
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetRequestInput>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    setSent(false);
    try {
      await requestPasswordReset(input);
      setSent(true);
    } catch (e) {
      setError('root.server', { message: (e as Error).message });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <SubmitButton busy={isSubmitting} className="btn btn-primary w-full">
        Send Email
      </SubmitButton>
      <p role="status" className={sent ? 'alert alert-success alert-soft' : 'sr-only'}>
        {sent ? RESET_LINK_SENT : ''}
      </p>
      <FormError message={errors.root?.server?.message} />
    </form>
  );
}
