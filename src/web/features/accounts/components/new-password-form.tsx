import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { newPasswordSchema, type NewPasswordInput } from '@shared/accounts/accounts.schema';
import { AuthError } from '../api/auth-fetch';
import { resetPassword } from '../api/reset-password';
import { PASSWORD_MISMATCH } from './register-form';
import { FormError } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';

/** Sets a new password with the token from the mailed link. */
export function NewPasswordForm({
  token,
  onSuccess,
  onInvalidToken,
}: {
  token: string;
  onSuccess: () => void;
  onInvalidToken: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password, confirmPassword }) => {
    if (password !== confirmPassword) {
      setError('confirmPassword', { message: PASSWORD_MISMATCH }, { shouldFocus: true });
      return;
    }
    try {
      await resetPassword(token, password);
      onSuccess();
    } catch (e) {
      if (e instanceof AuthError && e.code === 'INVALID_TOKEN') onInvalidToken();
      else setError('root.server', { message: (e as Error).message });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <SubmitButton busy={isSubmitting} className="btn btn-primary w-full">
        Reset password
      </SubmitButton>
      <FormError message={errors.root?.server?.message} />
    </form>
  );
}
