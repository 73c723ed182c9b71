import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { AuditLog } from './audit-log';

const server = setupMswServer();

describe('AuditLog search and order', () => {
  it("asks the server for one admin's actions, oldest first", async () => {
    const seen: Record<string, string>[] = [];
    server.use(
      http.get('/api/audit', ({ request }) => {
        seen.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json({ entries: [], nextBefore: null });
      }),
    );
    const { user } = renderWithProviders(<AuditLog />);
    expect(await screen.findByText('No admin actions have been recorded yet.')).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search by admin' }), 'ann@{Enter}');
    await user.selectOptions(screen.getByLabelText('Order'), 'Oldest first');
    await expect.poll(() => seen.at(-1)).toEqual({ limit: '50', actor: 'ann@', sort: 'oldest' });
  });
});
