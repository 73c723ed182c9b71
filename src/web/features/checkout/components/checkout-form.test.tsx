import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { Cart, CartLine } from '@shared/cart/cart.schema';
import { checkoutMessages } from '@shared/checkout/checkout.schema';
import { messages } from '@shared/messages';
import { Component as CheckoutPage } from '@/app/routes/dashboard/cart-checkout';
import { session } from '@/test/order-fixtures';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

const line = (n: number, name: string, quantity: number, unitPrice: number): CartLine => ({
  productId: `0b9c4f0e-8a51-4a7e-9d0c-00000000000${n}`,
  sku: `SKU-${n}`,
  name,
  img: '/media/x.webp',
  quantity,
  stock: 100,
  minOrder: 1,
  packSize: 1,
  basePrice: unitPrice,
  unitPrice,
  lineTotal: Math.round(quantity * unitPrice * 100) / 100,
  saving: 0,
  problem: null,
});
const lines = [line(1, 'Air hose 15 m', 10, 12.4), line(2, '18V drill', 2, 99)];
const cart: Cart = { lines, count: 2, totalQuantity: 12, total: 322, saving: 0 };
const checkoutId = 'c0000000-0000-4000-8000-000000000001';

function renderPage(post: Parameters<typeof http.post>[1], saved = { phone: '', address: '' }) {
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/userprofile/:email', () =>
      HttpResponse.json({ ...session.user, ...saved, education: '', linkedin: '' }),
    ),
    http.get('/api/cart/:email', () => HttpResponse.json(cart)),
    http.post('/api/checkout/:email', post),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/cart/checkout" element={<CheckoutPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: '/dashboard/cart/checkout' },
  );
}

describe('Checkout form', () => {
  it('fills the number and address in from the profile and sends them', async () => {
    let body: Record<string, unknown> | undefined;
    const { user } = renderPage(
      async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ message: 'no' }, { status: 500 });
      },
      { phone: '+1 555 0199', address: '9 Saved Road' },
    );
    expect(await screen.findByDisplayValue('+1 555 0199')).toBe(screen.getByLabelText('Mobile number'));
    expect(screen.getByLabelText('Address')).toHaveValue('9 Saved Road');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(body).toMatchObject({ number: '+1 555 0199', address: '9 Saved Road' }));
  });

  it('labels every field, summarises the cart and checks the required fields before sending', async () => {
    const sent = vi.fn();
    const { user } = renderPage(() => (sent(), HttpResponse.json({})));
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    for (const label of ['Mobile number', 'Address', 'Company (optional)', 'PO number (optional)'])
      expect(await screen.findByLabelText(label)).toBeInTheDocument();

    const summary = within(screen.getByRole('region', { name: 'Your order' }));
    expect(summary.getByText('Air hose 15 m')).toBeInTheDocument();
    expect(summary.getByText('10 × $12.40')).toBeInTheDocument();
    expect(summary.getByText('$124.00')).toBeInTheDocument();
    expect(summary.getByText('18V drill')).toBeInTheDocument();
    expect(summary.getByText('$322.00')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Mobile number'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Must be a phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription(messages.addressRequired);
    expect(screen.getByLabelText('Company (optional)')).not.toHaveAttribute('aria-invalid');
    expect(sent).not.toHaveBeenCalled();
  });

  it('places the order with the PO number and goes to its payment page', async () => {
    const body = vi.fn();
    const { user } = renderPage(async ({ request, params }) => {
      body(params.email, await request.json());
      return HttpResponse.json({ _id: checkoutId }, { status: 201 });
    });
    await user.type(await screen.findByLabelText('Mobile number'), '+1 555 0100');
    await user.type(screen.getByLabelText('Address'), '1 Main Street');
    await user.type(screen.getByLabelText('PO number (optional)'), 'PO-4711');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(`/dashboard/pay-checkout/${checkoutId}`);
    expect(body).toHaveBeenCalledWith(session.user.email, {
      number: '+1 555 0100',
      address: '1 Main Street',
      poNumber: 'PO-4711',
    });
  });

  it("lists each line's problem on a 409 and links back to the cart", async () => {
    const { user } = renderPage(() =>
      HttpResponse.json(
        {
          statusCode: 409,
          error: 'Conflict',
          message: checkoutMessages.linesProblem,
          lines: [{ productId: lines[1]!.productId, name: '18V drill', problem: 'Only 1 left in stock.' }],
        },
        { status: 409 },
      ),
    );
    await user.type(await screen.findByLabelText('Mobile number'), '+1 555 0100');
    await user.type(screen.getByLabelText('Address'), '1 Main Street');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const problems = await screen.findByRole('alert', { name: 'Lines that cannot be ordered' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['18V drill: Only 1 left in stock.']);
    expect(screen.getByText(checkoutMessages.linesProblem)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to the cart' })[0]).toHaveAttribute(
      'href',
      '/dashboard/cart',
    );
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("shows the server's field error under its field", async () => {
    const { user } = renderPage(() =>
      HttpResponse.json(
        { statusCode: 400, error: 'Bad Request', message: 'poNumber: is already used', field: 'poNumber' },
        { status: 400 },
      ),
    );
    await user.type(await screen.findByLabelText('Mobile number'), '+1 555 0100');
    await user.type(screen.getByLabelText('Address'), '1 Main Street');
    await user.type(screen.getByLabelText('PO number (optional)'), 'PO-1');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(screen.getByLabelText('PO number (optional)')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText('Is already used')).toBeInTheDocument();
  });
});
