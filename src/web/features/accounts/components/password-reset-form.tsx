import { useState } from 'react';
import { passwordResetRequestSchema } from '@shared/accounts/accounts.schema';
import { requestPasswordReset } from '../api/request-password-reset';
import { AccountForm, EmailField, useAccountForm } from './account-form';

/** The same text whether or not the account exists, so the form does not reveal who has one. */
export const RESET_LINK_SENT =
  'If an account exists for this email, we have sent a link to reset the password.';

export function PasswordResetForm() {
  const [sent, setSent] = useState(false);
  const form = useAccountForm(passwordResetRequestSchema, { email: '' });

  const onSubmit = form.submitWith(async (input) => {
    setSent(false);
    await requestPasswordReset(input);
    setSent(true);
  });

  return (
    <AccountForm
      form={form}
      onSubmit={onSubmit}
      submitLabel="Send Email"
      status={
        <p role="status" className={sent ? 'alert alert-success alert-soft' : 'sr-only'}>
          {sent ? RESET_LINK_SENT : ''}
        </p>
      }
    >
      <EmailField error={form.formState.errors.email?.message} {...form.register('email')} />
    </AccountForm>
  );
}
