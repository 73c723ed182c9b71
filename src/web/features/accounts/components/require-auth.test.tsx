import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';
import { RequireAdmin, RequireAuth } from './require-auth';

const server = setupMswServer();

const ann = {
  session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Ann', email: 'ann+1@example.com', emailVerified: true, image: null, role: 'user' },
};

function renderGuarded(route: string) {
  return renderWithProviders(
    <Routes>
      <Route element={<RequireAuth />}>
        <Route path="/dashboard/my-orders" element={<p>My orders page</p>} />
        <Route element={<RequireAdmin />}>
          <Route path="/dashboard/make-admin" element={<p>Make admin page</p>} />
        </Route>
      </Route>
      <Route path="/login" element={<LocationProbe />} />
    </Routes>,
    { route },
  );
}

describe('RequireAuth', () => {
  it('sends anonymous visitors to /login, carrying where they came from', async () => {
    server.use(http.get('/api/auth/get-session', () => HttpResponse.json(null)));
    renderGuarded('/dashboard/my-orders?page=2');
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const probe = await screen.findByTestId('location');
    expect(probe).toHaveTextContent('/login');
    expect(JSON.parse(probe.dataset.state!)).toEqual({ from: '/dashboard/my-orders?page=2' });
    expect(screen.queryByText('My orders page')).not.toBeInTheDocument();
  });

  it('lets logged-in users through', async () => {
    server.use(http.get('/api/auth/get-session', () => HttpResponse.json(ann)));
    renderGuarded('/dashboard/my-orders');
    expect(await screen.findByText('My orders page')).toBeInTheDocument();
  });

  it('offers a retry instead of a redirect when the session cannot be checked', async () => {
    server.use(http.get('/api/auth/get-session', () => HttpResponse.json({}, { status: 500 })));
    renderGuarded('/dashboard/my-orders');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not check whether you are logged in.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('RequireAdmin', () => {
  it('asks GET /api/user/{email} and sends non-admins to /login', async () => {
    let asked = '';
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(ann)),
      http.get('/api/user/:email', ({ params }) => {
        asked = String(params.email);
        return HttpResponse.json({ email: ann.user.email, role: 'user' });
      }),
    );
    renderGuarded('/dashboard/make-admin');
    const probe = await screen.findByTestId('location');
    expect(probe).toHaveTextContent('/login');
    expect(JSON.parse(probe.dataset.state!)).toEqual({ from: '/dashboard/make-admin', reason: 'admin' });
    expect(asked).toBe('ann+1@example.com');
  });

  it('lets admins through', async () => {
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(ann)),
      http.get('/api/user/:email', () => HttpResponse.json({ email: ann.user.email, role: 'admin' })),
    );
    renderGuarded('/dashboard/make-admin');
    expect(await screen.findByText('Make admin page')).toBeInTheDocument();
  });

  it('treats a 403 from the role lookup as "not an admin"', async () => {
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(ann)),
      http.get('/api/user/:email', () =>
        HttpResponse.json({ error: 'forbidden', message: 'No' }, { status: 403 }),
      ),
    );
    renderGuarded('/dashboard/make-admin');
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });
});
