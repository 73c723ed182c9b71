import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Profile } from '@shared/accounts/accounts.schema';
import { messages } from '@shared/messages';
import { Component as DashboardRoutes } from '@/app/routes/dashboard/dashboard-routes';
import { expectNoToast, LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';
import { Route, Routes } from 'react-router';

const server = setupMswServer();

const session = {
  session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
  user: { id: 'u1', name: 'Ann', email: 'ann@example.com', emailVerified: true, image: null, role: 'user' },
};
let profile: Profile;

function useApi(role: 'admin' | 'user') {
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/user/:email', () => HttpResponse.json({ email: session.user.email, role })),
    http.get('/api/userprofile/:email', () => HttpResponse.json(profile)),
    http.get('/api/notifications/:email', () =>
      HttpResponse.json({ email: session.user.email, staffMail: true, listedInConfig: false }),
    ),
  );
}
const staffMailToggle = 'Email me about orders, quotes, stock and imports';

function renderDashboard(route: string, userOptions?: { applyAccept: boolean }) {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/*" element={<DashboardRoutes />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route, userOptions },
  );
}

const menu = () => within(screen.getByRole('navigation', { name: 'Dashboard' }));
const menuLabels = () =>
  menu()
    .getAllByRole('link')
    .map((a) => a.textContent);

beforeEach(() => {
  profile = {
    name: 'Ann',
    email: 'ann@example.com',
    phone: '',
    address: '',
    education: '',
    linkedin: '',
    image: null,
  };
});

describe('Dashboard menu', () => {
  it('shows My Profile, My Orders, My Returns, Cart, Quick Order, My reviews, My Quotes, My equipment, Tax exemption and Company to customers', async () => {
    useApi('user');
    renderDashboard('/dashboard');
    await waitFor(() =>
      expect(menuLabels()).toEqual([
        'My Profile',
        'My Orders',
        'My Returns',
        'Cart',
        'Quick Order',
        'My reviews',
        'My Quotes',
        'My equipment',
        'Tax exemption',
        'Company',
      ]),
    );
    expect(menu().getByRole('link', { name: 'My Profile' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('checkbox', { name: staffMailToggle })).not.toBeInTheDocument();
  });

  it('shows the admin pages to admins', async () => {
    useApi('admin');
    renderDashboard('/dashboard');
    await waitFor(() =>
      expect(menuLabels()).toEqual([
        'My Profile',
        'Manage All Orders',
        'Returns',
        'Add A Product',
        'Make Admin',
        'Manage Products',
        'Categories',
        'Catalogue Data',
        'Shipping & tax',
        'Store Overview',
        'Manage News',
        'Audit Log',
        'API keys',
        'Manage Quotes',
        'Tax exemptions',
        'Companies',
        'Equipment models',
        'Webhooks',
      ]),
    );
    expect(menu().getByRole('link', { name: 'Make Admin' })).toHaveAttribute('href', '/dashboard/make-admin');
    // An admin's My Profile also holds their staff-mail choice (decision 034).
    expect(await screen.findByRole('checkbox', { name: staffMailToggle })).toBeChecked();
  });

  it('opens the admin pages inside the dashboard', async () => {
    useApi('admin');
    renderDashboard('/dashboard/add-product');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add A Product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Product Name')).toBeInTheDocument();
  });

  it('opens Tax exemption for customers and Tax exemptions for admins from the menu', async () => {
    useApi('user');
    server.use(
      http.get('/api/tax-exemptions/:email', () =>
        HttpResponse.json([], { headers: { 'x-total-count': '0' } }),
      ),
      http.get('/api/tax-exemptions', () => HttpResponse.json([], { headers: { 'x-total-count': '0' } })),
    );
    const { user, unmount } = renderDashboard('/dashboard');
    await waitFor(() => expect(menuLabels()).toContain('Tax exemption'));
    await user.click(menu().getByRole('link', { name: 'Tax exemption' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax exemption' })).toBeInTheDocument();
    unmount();
    useApi('admin');
    renderDashboard('/dashboard/tax-exemptions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax exemptions' })).toBeInTheDocument();
    expect(await screen.findByText('No certificates are pending review.')).toBeInTheDocument();
  });

  it('sends the footer links to the pages they mean', async () => {
    useApi('user');
    server.use(http.get('/api/myorder/:email', () => HttpResponse.json([])));
    renderDashboard('/dashboard/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
  });

  it('sends customers who open an admin page to /login', async () => {
    useApi('user');
    renderDashboard('/dashboard/make-admin');
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
  });
});

describe('My Profile', () => {
  it('shows the profile and saves the edited fields', async () => {
    let saved: unknown;
    useApi('user');
    server.use(
      http.put('/api/userprofile/:email', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ acknowledged: true });
      }),
    );
    const { user } = renderDashboard('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'No profile picture yet' })).toBeInTheDocument();
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Phone'), '+1 555 0100');
    await user.type(screen.getByLabelText('Education'), 'Mechanical engineering');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(saved).toEqual({
      name: 'Ann',
      phone: '+1 555 0100',
      address: '',
      education: 'Mechanical engineering',
      linkedin: '',
    });
  });

  it('puts the server’s field error under that field', async () => {
    useApi('user');
    server.use(
      http.put('/api/userprofile/:email', () =>
        HttpResponse.json(
          { error: 'bad_request', message: 'address: must be at most 300 characters', field: 'address' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderDashboard('/dashboard');
    await user.type(await screen.findByLabelText('Address'), '1 Main St');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const address = screen.getByLabelText('Address');
    await waitFor(() => expect(address).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(address.getAttribute('aria-describedby')!)).toHaveTextContent(
      'Must be at most 300 characters',
    );
    expectNoToast();
  });

  it('refuses a file that is not an image, without uploading it', async () => {
    useApi('user');
    const { user } = renderDashboard('/dashboard', { applyAccept: false });
    const input = await screen.findByLabelText('Photo');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(/Please choose an image file/)).toHaveAttribute('role', 'alert');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('uploads a photo, saves it as the profile image and toasts', async () => {
    let savedImage: unknown;
    let uploaded: FormDataEntryValue | null = null;
    useApi('user');
    server.use(
      http.post('/api/images', async ({ request }) => {
        uploaded = (await request.formData()).get('image');
        return HttpResponse.json({ success: true, data: { url: '/media/abc.webp' } });
      }),
      http.put('/api/userprofile/:email', async ({ request }) => {
        savedImage = await request.json();
        profile = { ...profile, image: '/media/abc.webp' };
        return HttpResponse.json({ acknowledged: true });
      }),
    );
    const { user } = renderDashboard('/dashboard');
    await user.upload(
      await screen.findByLabelText('Photo'),
      new File(['png'], 'me.png', { type: 'image/png' }),
    );
    expect(await screen.findByText(messages.imageUpdated)).toBeInTheDocument();
    // (jsdom's File crosses into Node's fetch as a Blob: its type is what is left to check.)
    expect((uploaded as unknown as Blob).type).toBe('image/png');
    expect(savedImage).toEqual({ image: '/media/abc.webp' });
    expect(await screen.findByRole('img', { name: 'Profile photo of Ann' })).toHaveAttribute(
      'src',
      '/media/abc.webp',
    );
  });
});
