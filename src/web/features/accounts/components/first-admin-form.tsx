import { z } from 'zod';
import { FIRST_ADMIN_PASSWORD_LENGTH, firstAdminBodySchema } from '@shared/accounts/first-admin.schema';
import { TextField } from '@/components/ui/field';
import { useApiForm } from '@/lib/use-api-form';
import { createFirstAdmin } from '../api/first-admin';
import { AccountForm, EmailField, NewPasswordFields, passwordsDiffer } from './account-form';

const formSchema = firstAdminBodySchema.omit({ token: true }).extend({ confirmPassword: z.string() });
type FormInput = z.input<typeof formSchema>;
const fields = ['name', 'email', 'password'] as const;

/** The first admin's name, address and password, sent with the printed link's token (decision 046). */
export function FirstAdminForm({ token, onCreated }: { token: string; onCreated: (email: string) => void }) {
  const form = useApiForm(formSchema, {
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
    formField: (f) =>
      (fields as readonly string[]).includes(f) ? (f as (typeof fields)[number]) : undefined,
  });
  const { register, formState } = form;
  const { errors } = formState;
  const onSubmit = form.submitWith(async (input: FormInput) => {
    if (passwordsDiffer(input, form.setError)) return;
    const { email } = await createFirstAdmin({
      token,
      name: input.name,
      email: input.email,
      password: input.password,
    });
    onCreated(email);
  });
  return (
    <AccountForm form={form} onSubmit={onSubmit} submitLabel="Create admin account">
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <EmailField {...register('email')} error={errors.email?.message} />
      <NewPasswordFields
        labels={['Password', 'Confirm password']}
        hint={`At least ${FIRST_ADMIN_PASSWORD_LENGTH} characters.`}
        password={{ ...register('password'), error: errors.password?.message }}
        confirm={{ ...register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
    </AccountForm>
  );
}
