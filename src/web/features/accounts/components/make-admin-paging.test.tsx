import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';
import { MakeAdminTable } from './make-admin-table';

const server = setupMswServer();

describe('Make Admin: search, role filter and pages', () => {
  it('searches by email and filters by role on the server, newest first by default', async () => {
    const seen: Record<string, string>[] = [];
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(null)),
      http.get('/api/user', ({ request }) => {
        const params = Object.fromEntries(new URL(request.url).searchParams);
        seen.push(params);
        const users = params.q ? [] : [{ _id: 'u1', name: 'Una', email: 'una@example.com', role: 'user' }];
        return HttpResponse.json(users, { headers: { 'x-total-count': String(users.length) } });
      }),
    );
    const { user } = renderWithProviders(
      <>
        <MakeAdminTable />
        <LocationProbe />
      </>,
      { route: '/dashboard/make-admin' },
    );
    expect(await screen.findByText('Showing 1–1 of 1 users')).toBeVisible();
    expect(seen[0]).toEqual({ limit: '25', sort: 'newest' });
    await user.selectOptions(screen.getByLabelText('Role'), 'Customers');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zed@{Enter}');
    expect(await screen.findByText('No user matches this search.')).toBeVisible();
    expect(seen.at(-1)).toEqual({ limit: '25', sort: 'newest', role: 'user', q: 'zed@' });
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/make-admin?role=user&q=zed%40');
  });
});
