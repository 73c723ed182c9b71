import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { paths } from '@/config/paths';
import { Component as VerifyEmailPage } from './verify-email';

const server = setupMswServer();
const TOKEN = 'tok.en.value';
const EMAIL = 'ann@example.com';

/** The page at the mailed link, the link's state as the server reads it, and every write the page makes. */
function renderPage(state: { verified?: boolean; signedIn?: boolean } | { status: number; message: string }) {
  const writes: { url: string; body: unknown }[] = [];
  server.use(
    http.get('/api/email-verification', ({ request }) => {
      expect(new URL(request.url).searchParams.get('token')).toBe(TOKEN);
      if ('status' in state)
        return HttpResponse.json(
          { error: 'x', message: state.message, field: 'token' },
          { status: state.status },
        );
      return HttpResponse.json({ email: EMAIL, verified: !!state.verified, signedIn: !!state.signedIn });
    }),
  );
  const record =
    (url: string) =>
    async ({ request }: { request: Request }) => {
      writes.push({ url, body: await request.json() });
      return undefined;
    };
  server.use(
    http.post('/api/email-verification', record('verify')),
    http.post('/api/email-verification/decline', record('decline')),
  );
  const result = renderWithProviders(<VerifyEmailPage />, { route: `/verify-email?token=${TOKEN}` });
  return { ...result, writes };
}

const verifies = (answer: () => Response) => server.use(http.post('/api/email-verification', answer));

describe('Verify email page', () => {
  it('opening the link sends nothing but the read: a scanner that renders it verifies nothing', async () => {
    const { writes } = renderPage({});
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(writes).toEqual([]);
    expect(document.title).toMatch(/^Verify your email/);
  });

  it('in the session that registered: one click, and nothing about the password no longer working', async () => {
    const { user, writes } = renderPage({ signedIn: true });
    expect(await screen.findByText(EMAIL)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).toBeNull();
    verifies(() => HttpResponse.json({ email: EMAIL, verified: true }));
    server.use(http.get('/api/auth/get-session', () => HttpResponse.json(null)));
    await user.click(screen.getByRole('button', { name: 'Verify my email' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your email is verified.');
    expect(screen.getByRole('status')).not.toHaveTextContent(/log in/i);
    expect(document.body).not.toHaveTextContent(/no longer works|Forget Password/);
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      paths.dashboard,
    );
    expect(writes).toEqual([]);
  });

  it('on another device: asks for the password under a visible label; right password verifies', async () => {
    let body: unknown;
    const { user } = renderPage({});
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    server.use(
      http.post('/api/email-verification', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ email: EMAIL, verified: true });
      }),
    );
    await user.type(password, 'laptop-pass');
    await user.click(screen.getByRole('button', { name: 'Verify my email' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your email is verified. Please log in with your password.',
    );
    expect(body).toEqual({ token: TOKEN, password: 'laptop-pass' });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', paths.login);
  });

  it('says so beside the field when the password is wrong, and asks for one when empty', async () => {
    const { user } = renderPage({});
    await user.click(await screen.findByRole('button', { name: 'Verify my email' }));
    expect(await screen.findByText('password must be required')).toBeInTheDocument();
    verifies(() =>
      HttpResponse.json(
        { error: 'unauthorized', message: 'The password is not correct.', field: 'password' },
        { status: 401 },
      ),
    );
    await user.type(screen.getByLabelText('Password'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Verify my email' }));
    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('after too many wrong passwords says how long to wait (Retry-After)', async () => {
    const { user } = renderPage({});
    verifies(() =>
      HttpResponse.json(
        { error: 'rate_limited', message: 'Too many failed sign-ins for this account.' },
        { status: 429, headers: { 'retry-after': '30' } },
      ),
    );
    await user.type(await screen.findByLabelText('Password'), 'guess');
    await user.click(screen.getByRole('button', { name: 'Verify my email' }));
    expect(await screen.findByText('Too many attempts. Try again in 30 seconds.')).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it('"I didn\'t create this account" asks first, then removes the account and offers Register', async () => {
    const { user, writes } = renderPage({});
    await user.click(await screen.findByRole('button', { name: "I didn't create this account" }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this account?' });
    expect(writes).toEqual([]);
    server.use(
      http.post('/api/email-verification/decline', async ({ request }) => {
        writes.push({ url: 'decline', body: await request.json() });
        return HttpResponse.json({ email: EMAIL, removed: true });
      }),
      http.get('/api/auth/get-session', () => HttpResponse.json(null)),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove the account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      `The account has been removed. You can now register ${EMAIL}`,
    );
    expect(writes).toEqual([{ url: 'decline', body: { token: TOKEN } }]);
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', paths.register);
  });

  it('an address verified already says so and offers Login', async () => {
    renderPage({ verified: true });
    expect(await screen.findByText(/This email address is already verified\./)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('button', { name: "I didn't create this account" })).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', paths.login);
  });

  it('an invalid or expired link says so', async () => {
    renderPage({ status: 400, message: 'bad token' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This verification link is invalid or has expired.',
    );
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('a link whose account was removed offers Register', async () => {
    renderPage({ status: 404, message: 'There is no account for this link any more.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no account for this link any more.');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', paths.register);
  });
});
