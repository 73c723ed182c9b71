import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { messages } from '@shared/messages';
import { Component as LoginPage } from '@/app/routes/login';
import { expectNoToast, LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

function renderLogin(state?: unknown, route = '/login') {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route, state },
  );
}

/** The error text linked to an input through aria-describedby. */
function describedText(input: HTMLElement) {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
}

describe('Login page', () => {
  it('has one h1, visible labels, the New Customer box, the reset link and the google button', () => {
    renderLogin();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'New Customer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Let's Register" })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forget Password' })).toHaveAttribute('href', '/password-reset');
    expect(screen.getByRole('button', { name: 'Continue With google' })).toBeInTheDocument();
  });

  it('shows the spec messages under empty fields, linked to them, without calling the server', async () => {
    const calls = vi.fn();
    server.use(http.post('/api/auth/sign-in/email', () => (calls(), HttpResponse.json({}))));
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordRequired)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(describedText(email)).toBe(messages.emailRequired);
    expect(describedText(password)).toBe(messages.passwordRequired);
    expect(email).toHaveFocus();
    expect(calls).not.toHaveBeenCalled();
  });

  it('rejects a malformed email and a short password with the spec messages', async () => {
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(messages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordTooShort)).toBeInTheDocument();
  });

  it('shows the server error in red under the form', async () => {
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        HttpResponse.json(
          { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
          { status: 401 },
        ),
      ),
    );
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByText('The email or password is not correct.');
    expect(alert).toHaveAttribute('role', 'alert');
    expect(alert).toHaveClass('text-error');
    expectNoToast();
  });

  it('says so when the server rate-limits the attempts', async () => {
    server.use(http.post('/api/auth/sign-in/email', () => HttpResponse.json({}, { status: 429 })));
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });

  it('says how long to wait, from Retry-After, when sign-in answers 429', async () => {
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        HttpResponse.json(
          { error: 'rate_limited', message: 'Too many failed sign-ins for this account.' },
          { status: 429, headers: { 'retry-after': '30' } },
        ),
      ),
    );
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 30 seconds.');
  });

  it('counts a long wait in minutes', async () => {
    server.use(
      http.post('/api/auth/sign-in/email', () =>
        HttpResponse.json({}, { status: 429, headers: { 'retry-after': '900' } }),
      ),
    );
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
  });

  it('logs in, toasts "Login successfully" and returns to the page it came from', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/sign-in/email', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ redirect: false, token: 't', user: {} });
      }),
    );
    const { user } = renderLogin({ from: '/dashboard/make-admin?page=2' });
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/make-admin?page=2');
    expect(body).toEqual({ email: 'ann@example.com', password: 'secret1' });
    expect(await screen.findByText(messages.loginSuccess)).toBeInTheDocument();
  });

  it('accepts a Location object as `from`, and goes home without one', async () => {
    server.use(http.post('/api/auth/sign-in/email', () => HttpResponse.json({})));
    const first = renderLogin({ from: { pathname: '/dashboard', search: '?a=1', hash: '' } });
    await first.user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await first.user.type(screen.getByLabelText('Password'), 'secret1');
    await first.user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard?a=1');
    first.unmount();

    const second = renderLogin();
    await second.user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await second.user.type(screen.getByLabelText('Password'), 'secret1');
    await second.user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('never follows a `from` that leaves the site', async () => {
    server.use(http.post('/api/auth/sign-in/email', () => HttpResponse.json({})));
    const { user } = renderLogin({ from: '//evil.example/phish' });
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('keeps `from` on the way to the register page', async () => {
    const { user } = renderLogin({ from: '/dashboard/my-orders' });
    await user.click(screen.getByRole('link', { name: "Let's Register" }));
    const probe = await screen.findByTestId('location');
    expect(probe).toHaveTextContent('/register');
    expect(JSON.parse(probe.dataset.state!)).toEqual({ from: '/dashboard/my-orders' });
  });

  it('explains, without leaving, that social sign-in is not configured', async () => {
    // No provider in the page's shop-info: no request may be made (msw fails on unhandled requests).
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Continue With google' }));
    const message = await screen.findByText('Social sign-in is not configured for this shop.');
    expect(message).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  });

  it('says so when a social sign-in came back with an error', () => {
    renderLogin(undefined, '/login?error=access_denied');
    expect(screen.getByText(/Signing in with google did not work/)).toHaveAttribute('role', 'alert');
  });

  it('tells a customer sent from an admin page why they are here', () => {
    renderLogin({ from: '/dashboard/make-admin', reason: 'admin' });
    expect(screen.getByText(/That page is for admins only/)).toBeInTheDocument();
  });
});
