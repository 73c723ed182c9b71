import { loginSchema } from '@shared/accounts/accounts.schema';
import { useSignIn } from '../api/sign-in';
import { AccountForm, EmailField, useAccountForm } from './account-form';
import { TextField } from '@/components/ui/field';

/** Email and password (the shared rules); `onSuccess` runs once the session cookie is set. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const signIn = useSignIn();
  const form = useAccountForm(loginSchema, { email: '', password: '' });
  const { errors } = form.formState;

  const onSubmit = form.submitWith(async (input) => {
    await signIn(input);
    onSuccess();
  });

  return (
    <AccountForm form={form} onSubmit={onSubmit} submitLabel="Login">
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
    </AccountForm>
  );
}
