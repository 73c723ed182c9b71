import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@shared/accounts/accounts.schema';
import { useSignIn } from '../api/sign-in';
import { FormError } from '@/components/ui/error-text';
import { TextField } from '@/components/ui/field';
import { SubmitButton } from '@/components/ui/submit-button';

/** Email and password (the shared rules); `onSuccess` runs once the session cookie is set. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await signIn(input);
      onSuccess();
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
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <SubmitButton busy={isSubmitting} className="btn btn-primary w-full">
        Login
      </SubmitButton>
      <FormError message={errors.root?.server?.message} />
    </form>
  );
}
