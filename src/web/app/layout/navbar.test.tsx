import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { Route, Routes } from 'react-router';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';
import { Navbar } from './navbar';

const server = setupMswServer();

const session = {
  session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Ann', email: 'ann@example.com', emailVerified: true, image: null, role: 'user' },
};

function renderNavbar(route = '/my-blog') {
  return renderWithProviders(
    <>
      <Navbar />
      <Routes>
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </>,
    { route },
  );
}

const desktopMenu = () => within(screen.getAllByRole('list')[0]!);

describe('Navbar account links', () => {
  // A signed-in navbar shows the cart icon with the number of products in the cart.
  beforeEach(() =>
    server.use(
      http.get('/api/cart/:email', () =>
        HttpResponse.json({
          lines: [],
          count: 2,
          totalQuantity: 7,
          total: 1,
          saving: 0,
          quantitySavingCents: 0,
          contractSavingCents: 0,
        }),
      ),
    ),
  );

  it('shows neither Login nor Log out while the session loads', async () => {
    server.use(http.get('/api/auth/get-session', async () => (await delay(200), HttpResponse.json(null))));
    renderNavbar();
    expect(desktopMenu().getByRole('link', { name: 'Portfolio' })).toBeInTheDocument();
    expect(desktopMenu().queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(desktopMenu().queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
    expect(await desktopMenu().findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it('shows Dashboard and Log out when logged in, in this order after the public links', async () => {
    server.use(http.get('/api/auth/get-session', () => HttpResponse.json(session)));
    renderNavbar();
    expect(await desktopMenu().findByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    const items = desktopMenu()
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Home', 'Products', 'My Blog', 'Portfolio', 'Dashboard', 'Log out']);
    expect(desktopMenu().queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('keeps the cart icon with its count in the top bar, outside the menu a phone folds away', async () => {
    server.use(http.get('/api/auth/get-session', () => HttpResponse.json(session)));
    renderNavbar();
    // The cart's icon shows its count; its name says what it is.
    const cart = await screen.findByRole('link', { name: 'Cart, 2 products' });
    expect(cart).toHaveAttribute('href', '/dashboard/cart');
    expect(cart).toHaveTextContent('2');
    expect(cart.closest('ul')).toBeNull();
    expect(cart.closest('nav')).toBe(screen.getByRole('navigation', { name: 'Main' }));
    // The phone's menu (folded: hidden) holds the account links but not a second cart.
    const phoneMenu = document.getElementById(
      screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-controls')!,
    )!;
    expect(phoneMenu).not.toBeVisible();
    expect(within(phoneMenu).getByRole('link', { name: 'Dashboard', hidden: true })).toBeInTheDocument();
    expect(within(phoneMenu).queryByRole('link', { name: /^Cart/, hidden: true })).not.toBeInTheDocument();
  });

  it('shows no cart to a visitor who is not signed in', async () => {
    server.use(http.get('/api/auth/get-session', () => HttpResponse.json(null)));
    renderNavbar();
    await desktopMenu().findByRole('link', { name: 'Login' });
    expect(screen.queryByRole('link', { name: /^Cart/ })).not.toBeInTheDocument();
  });

  it('logs out: POST sign-out, forgets the session and goes home', async () => {
    let loggedIn = true;
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(loggedIn ? session : null)),
      http.post('/api/auth/sign-out', () => {
        loggedIn = false;
        return HttpResponse.json({ success: true });
      }),
    );
    const { user, queryClient } = renderNavbar('/dashboard');
    await user.click(await desktopMenu().findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(loggedIn).toBe(false);
    expect(queryClient.getQueryData(['session'])).toBeNull();
    expect(await desktopMenu().findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
