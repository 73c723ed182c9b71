import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { messages } from '@shared/messages';
import { Component as PasswordResetPage } from '@/app/routes/request-password-reset';
import { Component as ResetPasswordPage } from '@/app/routes/choose-new-password';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

describe('Password reset request (/password-reset)', () => {
  it('validates the email with the spec messages', async () => {
    const { user } = renderWithProviders(<PasswordResetPage />);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
  });

  it('asks for the link with the reset page as redirect, and answers neutrally', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/request-password-reset', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderWithProviders(<PasswordResetPage />);
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(
      await screen.findByText(
        'If an account exists for this email, we have sent a link to reset the password.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(body).toEqual({
      email: 'ann@example.com',
      redirectTo: `${window.location.origin}/reset-password`,
    });
  });
});

function renderReset(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordPage />} />
    </Routes>,
    { route },
  );
}

describe('New password (/reset-password)', () => {
  it('explains an expired link and links to a new request', () => {
    renderReset('/reset-password?error=INVALID_TOKEN');
    expect(screen.getByRole('alert')).toHaveTextContent('invalid or has expired');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/password-reset',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('checks both passwords without asking the server when they differ', async () => {
    const { user } = renderReset('/reset-password?token=abc');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(messages.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.confirmPasswordRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
  });

  it('sets the new password with the token, then links to the login page', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/reset-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ status: true });
      }),
    );
    const { user } = renderReset('/reset-password?token=abc');
    await user.type(screen.getByLabelText('New password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(body).toEqual({ newPassword: 'secret1', token: 'abc' });
    expect(await screen.findByText(/password has been changed/)).toBeInTheDocument();
  });

  it('turns an INVALID_TOKEN answer into the expired-link message', async () => {
    server.use(
      http.post('/api/auth/reset-password', () =>
        HttpResponse.json({ code: 'INVALID_TOKEN', message: 'Invalid token' }, { status: 400 }),
      ),
    );
    const { user } = renderReset('/reset-password?token=old');
    await user.type(screen.getByLabelText('New password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm new password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('invalid or has expired');
  });
});
