import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { UserSummary } from '@shared/accounts/accounts.schema';
import { messages } from '@shared/messages';
import { expectNoToast, renderWithProviders, setupMswServer } from '@/test/utils';
import { MakeAdminTable } from './make-admin-table';

const server = setupMswServer();

let users: UserSummary[];
beforeEach(() => {
  users = [
    { _id: '1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' },
    { _id: '2', name: 'Bob Buyer', email: 'bob+shop@example.com', role: 'user' },
    { _id: '3', name: 'Cy Customer', email: 'cy@example.com', role: 'user' },
  ];
  // Who is signed in decides which row has no Demote button; nobody by default.
  server.use(http.get('/api/auth/get-session', () => HttpResponse.json(null)));
});

describe('MakeAdminTable', () => {
  it('lists every user with SL, Name, Email, Status and Action; the button only for non-admins', async () => {
    server.use(http.get('/api/user', () => HttpResponse.json(users)));
    renderWithProviders(<MakeAdminTable />);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['SL', 'Name', 'Email', 'Status', 'Action']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('admin')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button', { name: /^Make admin/ })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: /^Make admin/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Make admin/ })).toHaveLength(2);
    // The table scrolls inside its own box on narrow screens.
    expect(table.parentElement).toHaveClass('overflow-x-auto');
  });

  it('confirms, promotes with PUT /api/user/{email}, toasts and refreshes the table', async () => {
    const put = vi.fn();
    server.use(
      http.get('/api/user', () => HttpResponse.json(users)),
      http.put('/api/user/:email', ({ params }) => {
        put(params.email);
        users = users.map((u) => (u.email === params.email ? { ...u, role: 'admin' } : u));
        return HttpResponse.json({ acknowledged: true });
      }),
    );
    const { user } = renderWithProviders(<MakeAdminTable />);
    await user.click(await screen.findByRole('button', { name: 'Make admin Bob Buyer' }));

    const dialog = screen.getByRole('dialog', { name: 'Make admin?' });
    expect(dialog).toHaveTextContent('bob+shop@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));

    await waitFor(() => expect(put).toHaveBeenCalledWith('bob+shop@example.com'));
    expect(await screen.findByText(messages.madeAdmin)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Make admin/ })).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const bobRow = screen.getByText('Bob Buyer').closest('tr')!;
    expect(within(bobRow).getByText('admin')).toBeInTheDocument();
  });

  it('does nothing when the confirmation is cancelled', async () => {
    const put = vi.fn();
    server.use(
      http.get('/api/user', () => HttpResponse.json(users)),
      http.put('/api/user/:email', () => (put(), HttpResponse.json({ acknowledged: true }))),
    );
    const { user } = renderWithProviders(<MakeAdminTable />);
    await user.click(await screen.findByRole('button', { name: 'Make admin Cy Customer' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it('shows the server message when the promotion fails', async () => {
    server.use(
      http.get('/api/user', () => HttpResponse.json(users)),
      http.put('/api/user/:email', () =>
        HttpResponse.json({ error: 'forbidden', message: 'Only admins can do this.' }, { status: 403 }),
      ),
    );
    const { user } = renderWithProviders(<MakeAdminTable />);
    await user.click(await screen.findByRole('button', { name: 'Make admin Cy Customer' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Make admin' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'Only admins can do this.',
    );
    expectNoToast();
  });

  it('has loading, empty and error states', async () => {
    server.use(http.get('/api/user', () => HttpResponse.json([])));
    const first = renderWithProviders(<MakeAdminTable />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading users');
    expect(await screen.findByText('There are no users yet.')).toBeInTheDocument();
    first.unmount();

    server.use(
      http.get('/api/user', () =>
        HttpResponse.json({ error: 'internal', message: 'Database down.' }, { status: 500 }),
      ),
    );
    renderWithProviders(<MakeAdminTable />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the users. Database down.');
  });

  it('confirms, demotes another admin with DELETE /api/user/{email}/admin, toasts and refreshes the table', async () => {
    const removed = vi.fn();
    users.push({ _id: '4', name: 'Dee Admin', email: 'dee@example.com', role: 'admin' });
    server.use(
      http.get('/api/auth/get-session', () =>
        HttpResponse.json({
          session: { id: 's', expiresAt: '2099-01-01T00:00:00.000Z' },
          user: {
            id: '1',
            name: 'Ada Admin',
            email: 'ada@example.com',
            emailVerified: true,
            image: null,
            role: 'admin',
          },
        }),
      ),
      http.get('/api/user', () => HttpResponse.json(users)),
      http.delete('/api/user/:email/admin', ({ params }) => {
        removed(params.email);
        users = users.map((u) => (u.email === params.email ? { ...u, role: 'user' } : u));
        return HttpResponse.json({ acknowledged: true });
      }),
    );
    const { user } = renderWithProviders(<MakeAdminTable />);
    const dee = await screen.findByRole('button', { name: 'Demote Dee Admin' });
    // Not oneself: the signed-in admin's row has no Demote.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Demote Ada Admin' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('You')).toBeInTheDocument();

    await user.click(dee);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(removed).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Demote Dee Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Demote admin?' });
    expect(dialog).toHaveTextContent('dee@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Demote' }));
    await waitFor(() => expect(removed).toHaveBeenCalledWith('dee@example.com'));
    expect(await screen.findByText('Successfully demoted to customer')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Make admin Dee Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("keeps the demote dialog open with the server's reason when it refuses", async () => {
    server.use(
      http.get('/api/user', () => HttpResponse.json(users)),
      http.delete('/api/user/:email/admin', () =>
        HttpResponse.json(
          {
            statusCode: 409,
            error: 'Conflict',
            message: 'ada@example.com is the last admin: make someone else an admin first.',
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderWithProviders(<MakeAdminTable />);
    await user.click(await screen.findByRole('button', { name: 'Demote Ada Admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Demote admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Demote' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('is the last admin');
  });
});
