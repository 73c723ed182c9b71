import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema, type RegisterInput } from '@shared/accounts/accounts.schema';
import { useSignUp } from '../api/sign-up';
import { FormError } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';

/** Shown when the two passwords differ (a deliberate change: the old shop silently did nothing). */
export const PASSWORD_MISMATCH = 'Passwords do not match.';

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ name, email, password, confirmPassword }) => {
    // Registration proceeds only when both passwords are equal; the server is not asked otherwise.
    if (password !== confirmPassword) {
      setError('confirmPassword', { message: PASSWORD_MISMATCH }, { shouldFocus: true });
      return;
    }
    try {
      await signUp({ name, email, password });
      onSuccess();
    } catch (e) {
      setError('root.server', { message: (e as Error).message });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <SubmitButton busy={isSubmitting} className="btn btn-primary w-full">
        Register
      </SubmitButton>
      <FormError message={errors.root?.server?.message} />
    </form>
  );
}
