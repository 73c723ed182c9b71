import { newPasswordSchema } from '@shared/accounts/accounts.schema';
import { AuthError } from '../api/auth-fetch';
import { resetPassword } from '../api/reset-password';
import { AccountForm, NewPasswordFields, passwordsDiffer, useAccountForm } from './account-form';

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
  const form = useAccountForm(newPasswordSchema, { password: '', confirmPassword: '' });
  const { register, formState } = form;
  const { errors } = formState;

  const onSubmit = form.submitWith(async (input) => {
    if (passwordsDiffer(input, form.setError)) return;
    try {
      await resetPassword(token, input.password);
    } catch (e) {
      if (e instanceof AuthError && e.code === 'INVALID_TOKEN') return onInvalidToken();
      throw e;
    }
    onSuccess();
  });

  return (
    <AccountForm form={form} onSubmit={onSubmit} submitLabel="Reset password">
      <NewPasswordFields
        labels={['New password', 'Confirm new password']}
        password={{ ...register('password'), error: errors.password?.message }}
        confirm={{ ...register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
    </AccountForm>
  );
}
