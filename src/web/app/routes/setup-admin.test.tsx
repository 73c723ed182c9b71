// Issue 39 item 16: the page the first start's link opens creates the shop's first admin.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { firstAdminMessages } from '@shared/accounts/first-admin.schema';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { paths } from '@/config/paths';
import { Component as SetupAdminPage } from './setup-admin';

const server = setupMswServer();
const TOKEN = 'printed-setup-token_0123456789abcdefghij';
const EMAIL = 'owner@example.com';
const PASSWORD = 'owner password 12';

/** The page at the printed link; every body it posts, and what the server answers. */
function renderPage(answer: () => Response, route = `${paths.setupAdmin}?token=${TOKEN}`) {
  const posted: unknown[] = [];
  server.use(
    http.post('/api/setup/first-admin', async ({ request }) => {
      posted.push(await request.json());
      return answer();
    }),
  );
  return { ...renderPageAt(route), posted };
}
const renderPageAt = (route: string) => renderWithProviders(<SetupAdminPage />, { route });

async function fill(user: ReturnType<typeof renderPageAt>['user'], password = PASSWORD) {
  await user.type(screen.getByLabelText('Name'), 'Olga Owner');
  await user.type(screen.getByLabelText('Email'), EMAIL);
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), password);
  await user.click(screen.getByRole('button', { name: 'Create admin account' }));
}

describe('Create the first admin page', () => {
  it('asks name, email and password under visible labels, the password hint saying 12 characters', () => {
    renderPage(() => HttpResponse.json({}));
    expect(screen.getByRole('heading', { name: 'Create the first admin' })).toBeInTheDocument();
    for (const label of ['Name', 'Email', 'Password', 'Confirm password'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 12 characters.');
    expect(document.title).toMatch(/^Create the first admin/);
  });

  it('sends the token with the form and, once created, says so and sends the admin to sign in', async () => {
    const { user, posted } = renderPage(() => HttpResponse.json({ acknowledged: true, email: EMAIL }));
    await fill(user);
    expect(await screen.findByRole('status')).toHaveTextContent(
      `The admin account ${EMAIL} is ready. This link no longer works.`,
    );
    expect(posted).toEqual([{ token: TOKEN, name: 'Olga Owner', email: EMAIL, password: PASSWORD }]);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', paths.login);
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('checks the password before asking the server: too short, or the two differ', async () => {
    const { user, posted } = renderPage(() => HttpResponse.json({}));
    await fill(user, 'short');
    await expect.poll(() => screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/must be at least 12 characters/i);
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'another password');
    await user.click(screen.getByRole('button', { name: 'Create admin account' }));
    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('shows the refusal of a spent or wrong link, and keeps the form', async () => {
    const { user } = renderPage(() =>
      HttpResponse.json({ error: 'forbidden', message: firstAdminMessages.used }, { status: 403 }),
    );
    await fill(user);
    expect(await screen.findByText(firstAdminMessages.used)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Olga Owner');
  });

  it('shows a registered address next to the email field', async () => {
    const { user } = renderPage(() =>
      HttpResponse.json(
        { error: 'conflict', message: `email: ${firstAdminMessages.emailTaken}`, field: 'email' },
        { status: 409 },
      ),
    );
    await fill(user);
    await screen.findByText(new RegExp(firstAdminMessages.emailTaken, 'i'));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      new RegExp(firstAdminMessages.emailTaken, 'i'),
    );
  });

  it('without a token says where the link is, and shows no form', () => {
    renderPageAt(paths.setupAdmin);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Open the link the shop printed when it started: it carries the setup token.',
    );
    expect(screen.queryByRole('button', { name: 'Create admin account' })).toBeNull();
  });
});
