import { registerSchema } from '@shared/accounts/accounts.schema';
import { useSignUp } from '../api/sign-up';
import { AccountForm, EmailField, NewPasswordFields, passwordsDiffer, useAccountForm } from './account-form';
import { TextField } from '@/components/ui/field';

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const signUp = useSignUp();
  const form = useAccountForm(registerSchema, { name: '', email: '', password: '', confirmPassword: '' });
  const { register, formState } = form;
  const { errors } = formState;

  const onSubmit = form.submitWith(async (input) => {
    // Registration proceeds only when both passwords are equal; the server is not asked otherwise.
    if (passwordsDiffer(input, form.setError)) return;
    await signUp({ name: input.name, email: input.email, password: input.password });
    onSuccess();
  });

  return (
    <AccountForm form={form} onSubmit={onSubmit} submitLabel="Register">
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <EmailField error={errors.email?.message} {...register('email')} />
      <NewPasswordFields
        labels={['Password', 'Confirm Password']}
        password={{ ...register('password'), error: errors.password?.message }}
        confirm={{ ...register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
    </AccountForm>
  );
}
