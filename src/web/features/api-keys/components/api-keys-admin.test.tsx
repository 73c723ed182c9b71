import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ApiKey } from '@shared/api-keys/api-keys.schema';
import { Component as ApiKeysPage } from '@/app/routes/dashboard/admin/api-keys';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

const makeKey = (over: Partial<ApiKey> = {}): ApiKey => ({
  _id: 'a0000000-0000-4000-8000-000000000001',
  name: 'ERP sync',
  prefix: 'sk_live_abc123',
  scopes: ['orders:read'],
  ratePerMinute: 600,
  createdAt: '2026-12-01T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  revokedAt: null,
  status: 'active',
  ...over,
});

function renderPage(initial: ApiKey[]) {
  let keys = initial;
  const created = vi.fn();
  const revoked = vi.fn();
  server.use(
    http.get('/api/api-keys', () =>
      HttpResponse.json(keys, { headers: { 'x-total-count': String(keys.length) } }),
    ),
    http.post('/api/api-keys', async ({ request }) => {
      const body = (await request.json()) as { name: string; scopes: ApiKey['scopes'] };
      created(body);
      const key = makeKey({
        _id: 'a0000000-0000-4000-8000-000000000002',
        name: body.name,
        scopes: body.scopes,
      });
      keys = [key, ...keys];
      return HttpResponse.json({ key, secret: 'sk_live_abc123SECRETSECRET' }, { status: 201 });
    }),
    http.delete('/api/api-keys/:id', ({ params }) => {
      revoked(params.id);
      keys = keys.map((k) => (k._id === params.id ? { ...k, status: 'revoked' as const } : k));
      return HttpResponse.json(keys.find((k) => k._id === params.id));
    }),
  );
  return { ...renderWithProviders(<ApiKeysPage />, { route: '/dashboard/api-keys' }), created, revoked };
}

describe('API keys (admin)', () => {
  it('asks for a name and a scope, then shows the secret once', async () => {
    const { user, created } = renderPage([]);
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText('Give the key a name')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one scope')).toBeInTheDocument();
    expect(created).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), 'Books');
    await user.click(screen.getByRole('checkbox', { name: /invoices:read/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByLabelText('Secret key')).toHaveValue('sk_live_abc123SECRETSECRET');
    expect(created).toHaveBeenCalledWith({ name: 'Books', scopes: ['invoices:read'], ratePerMinute: 600 });

    await user.click(screen.getByRole('button', { name: 'Done, I stored it' }));
    expect(screen.queryByLabelText('Secret key')).not.toBeInTheDocument();
    const row = (await screen.findByRole('rowheader', { name: 'Books' })).closest('tr')!;
    expect(within(row).getByText('sk_live_abc123…')).toBeInTheDocument();
    expect(screen.queryByText(/SECRETSECRET/)).not.toBeInTheDocument();
  });

  it('revokes a key only after the confirmation', async () => {
    const { user, revoked } = renderPage([makeKey({ lastUsedAt: '2026-12-02T10:00:00.000Z' })]);
    const row = (await screen.findByRole('rowheader', { name: 'ERP sync' })).closest('tr')!;
    expect(within(row).getByText('Active')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Revoke key ERP sync' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the key “ERP sync”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep key' }));
    expect(revoked).not.toHaveBeenCalled();

    await user.click(within(row).getByRole('button', { name: 'Revoke key ERP sync' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Revoke the key “ERP sync”?' })).getByRole('button', {
        name: 'Revoke key',
      }),
    );
    await waitFor(() => expect(revoked).toHaveBeenCalledWith('a0000000-0000-4000-8000-000000000001'));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
  });
});
