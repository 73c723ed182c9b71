import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Cart } from '@shared/cart/cart.schema';
import type { Rates } from '@shared/orders/delivery.schema';
import { Component as CartPage } from '@/app/routes/dashboard/cart';
import { session } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { cartCents, cartLineCents, ratesCents } from '@/test/money-fixtures';

const server = setupMswServer();

const cart: Cart = cartCents({
  lines: [
    cartLineCents({
      productId: '0b9c4f0e-8a51-4a7e-9d0c-000000000002',
      sku: 'TH-DRILL18',
      name: '18V drill',
      img: '/media/drill.webp',
      quantity: 2,
      stock: 3,
      minOrder: 1,
      packSize: 1,
      basePrice: 99,
      unitPrice: 99,
      lineTotal: 198,
      saving: 0,
      quantitySavingCents: 0,
      contractSavingCents: 0,
      problem: null,
    }),
  ],
  count: 1,
  totalQuantity: 2,
  total: 198,
  saving: 0,
  quantitySavingCents: 0,
  contractSavingCents: 0,
});
const base = { liftgate: false, residential: false, pickupLocation: null, minDays: 2, maxDays: 5 };
const rates: Rates = ratesCents({
  destination: { state: 'TX', zip: '75201' },
  subtotal: 198,
  exemptionNumber: null,
  notice: null,
  freightExtras: null,
  options: [
    { ...base, optionId: 'ground', kind: 'parcel', name: 'Ground', shipping: 12, tax: 17.33, total: 227.33 },
    {
      ...base,
      optionId: 'air',
      kind: 'parcel',
      name: 'Two-day air',
      shipping: 40,
      tax: 19.64,
      total: 257.64,
    },
  ],
});

function renderCart(answer: Parameters<typeof http.post>[1]) {
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/cart/:email', () => HttpResponse.json(cart)),
    http.post('/api/shipping-rates/:email', answer),
  );
  return renderWithProviders(<CartPage />);
}

describe('Cart shipping estimate', () => {
  it('prices the cart to a ZIP: the cheapest method with its tax and total, then the others', async () => {
    const asked = vi.fn();
    const { user } = renderCart(
      async ({ request }) => (asked(await request.json()), HttpResponse.json(rates)),
    );
    const box = within(await screen.findByRole('region', { name: 'Estimate shipping and tax' }));
    await user.type(box.getByLabelText('ZIP code'), '75201');
    await user.click(box.getByRole('button', { name: 'Estimate' }));
    const cheapest = within(await box.findByLabelText('Cheapest estimate'));
    expect(asked).toHaveBeenCalledWith({ zip: '75201' });
    expect(cheapest.getByText('Shipping (Ground)')).toBeInTheDocument();
    expect(cheapest.getByText('$12.00')).toBeInTheDocument();
    expect(cheapest.getByText('$17.33')).toBeInTheDocument();
    expect(cheapest.getByText('$227.33')).toBeInTheDocument();
    expect(
      within(box.getByRole('list', { name: 'Other shipping methods' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Two-day air: $40.00 shipping, $257.64 in all (2–5 business days)']);
  });

  it('checks the ZIP first, and says when no method ships the cart', async () => {
    const asked = vi.fn();
    const { user } = renderCart(() => (asked(), HttpResponse.json({ ...rates, options: [] })));
    const box = within(await screen.findByRole('region', { name: 'Estimate shipping and tax' }));
    await user.type(box.getByLabelText('ZIP code'), '123');
    await user.click(box.getByRole('button', { name: 'Estimate' }));
    expect(box.getByLabelText('ZIP code')).toHaveAccessibleDescription('Enter a 5-digit US ZIP code');
    expect(asked).not.toHaveBeenCalled();
    await user.clear(box.getByLabelText('ZIP code'));
    await user.type(box.getByLabelText('ZIP code'), '62701');
    await user.click(box.getByRole('button', { name: 'Estimate' }));
    expect(
      await box.findByText('Shipping is arranged after your order; you pay for the goods only.'),
    ).toBeInTheDocument();
    expect(box.getByLabelText('ZIP code')).not.toHaveAttribute('aria-invalid');
  });
});
