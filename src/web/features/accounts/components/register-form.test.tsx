import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { messages } from '@shared/messages';
import { Component as RegisterPage } from '@/app/routes/register';
import { expectNoToast, LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

function renderRegister(state?: unknown) {
  return renderWithProviders(
    <Routes>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: '/register', state },
  );
}

describe('Register page', () => {
  it('has the four labelled fields, the Register button and its links', () => {
    renderRegister();
    expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
    for (const label of ['Name', 'Email', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Forget Password' })).toHaveAttribute('href', '/password-reset');
    expect(screen.getByRole('button', { name: 'Continue With google' })).toBeInTheDocument();
  });

  it('shows the spec messages for empty fields', async () => {
    const { user } = renderRegister();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(messages.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.confirmPasswordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the length rule for short passwords', async () => {
    const { user } = renderRegister();
    await user.type(screen.getByLabelText('Password'), '123');
    await user.type(screen.getByLabelText('Confirm Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findAllByText(messages.passwordTooShort)).toHaveLength(2);
  });

  it('does not call the server when the passwords differ, and says so under Confirm Password', async () => {
    const calls = vi.fn();
    server.use(http.post('/api/auth/sign-up/email', () => (calls(), HttpResponse.json({}))));
    const { user } = renderRegister();
    await user.type(screen.getByLabelText('Name'), 'Ann Smith');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    const confirm = screen.getByLabelText('Confirm Password');
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(document.getElementById(confirm.getAttribute('aria-describedby')!)).toHaveTextContent(
      'Passwords do not match.',
    );
    expect(confirm).toHaveFocus();
    expect(calls).not.toHaveBeenCalled();
    expectNoToast();
  });

  it('registers, toasts the verification message and returns to `from`', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/sign-up/email', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ token: 't', user: {} });
      }),
    );
    const { user } = renderRegister({ from: '/dashboard' });
    await user.type(screen.getByLabelText('Name'), 'Ann Smith');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(body).toEqual({
      name: 'Ann Smith',
      email: 'ann@example.com',
      password: 'secret1',
      callbackURL: '/',
    });
    expect(await screen.findByText(messages.registerSuccess)).toBeInTheDocument();
  });

  it('answers a taken email with a neutral message', async () => {
    server.use(
      http.post('/api/auth/sign-up/email', () =>
        HttpResponse.json(
          { code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', message: 'User already exists' },
          { status: 422 },
        ),
      ),
    );
    const { user } = renderRegister();
    await user.type(screen.getByLabelText('Name'), 'Ann Smith');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/We could not create an account with these details/);
    expect(alert).not.toHaveTextContent(/already exists/);
  });
});
