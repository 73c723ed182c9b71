import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Cart, CartLine } from '@shared/cart/cart.schema';
import { Component as CartPage } from '@/app/routes/dashboard/cart';
import { session } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { drillId, hoseId, makeQuote } from './quote-fixtures';
import { cartCents, cartLineCents } from '@/test/money-fixtures';

const server = setupMswServer();

const line = (productId: string, name: string, quantity: number, unitPrice: number): CartLine =>
  cartLineCents({
    productId,
    sku: name.toUpperCase(),
    name,
    img: '/media/x.webp',
    quantity,
    stock: 1000,
    minOrder: 1,
    packSize: 1,
    basePrice: unitPrice,
    unitPrice,
    lineTotal: quantity * unitPrice,
    saving: 0,
    quantitySavingCents: 0,
    contractSavingCents: 0,
    problem: null,
  });

const cartOf = (lines: CartLine[]): Cart =>
  cartCents({
    lines,
    count: lines.length,
    totalQuantity: lines.reduce((s, l) => s + l.quantity, 0),
    total: lines.reduce((s, l) => s + l.lineTotal, 0),
    saving: 0,
    quantitySavingCents: 0,
    contractSavingCents: 0,
  });

function useApi(cart: Cart) {
  const sent = vi.fn();
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/cart/:email', () => HttpResponse.json(cart)),
    http.post('/api/quotes', async ({ request }) => {
      sent(await request.json());
      return HttpResponse.json(makeQuote(), { status: 201 });
    }),
  );
  return sent;
}

describe('Request a quote for the cart', () => {
  it("sends the cart's lines at their quantities from the cart page", async () => {
    const sent = useApi(cartOf([line(hoseId, 'Air Hose 10 m', 40, 12.5), line(drillId, '18V Drill', 3, 99)]));
    const { user } = renderWithProviders(<CartPage />, { route: '/dashboard/cart' });
    await user.click(await screen.findByRole('button', { name: 'Request a quote for this cart' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Request a quote' }));
    expect(dialog.getByText('18V Drill × 3')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith({
        lines: [
          { productId: hoseId, quantity: 40 },
          { productId: drillId, quantity: 3 },
        ],
      }),
    );
    expect(await screen.findByRole('link', { name: 'Go to My Quotes' })).toBeInTheDocument();
  });

  it('is not offered for an empty cart', async () => {
    useApi(cartOf([]));
    renderWithProviders(<CartPage />, { route: '/dashboard/cart' });
    expect(await screen.findByText(/cart is empty/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a quote for this cart' })).not.toBeInTheDocument();
  });
});
