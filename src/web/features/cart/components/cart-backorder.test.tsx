import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Cart, CartLine } from '@shared/cart/cart.schema';
import { Component as CartPage } from '@/app/routes/dashboard/cart';
import { session } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { cartCents, cartLineCents } from '@/test/money-fixtures';

const server = setupMswServer();

const jack: CartLine = cartLineCents({
  productId: '0b9c4f0e-8a51-4a7e-9d0c-000000000003',
  sku: 'TH-JACK',
  name: 'Pallet jack',
  img: '/media/jack.webp',
  quantity: 5,
  stock: 3,
  minOrder: 1,
  packSize: 1,
  basePrice: 400,
  unitPrice: 400,
  lineTotal: 2000,
  saving: 0,
  quantitySavingCents: 0,
  contractSavingCents: 0,
  problem: null,
  backorderable: true,
  backordered: 2,
  expectedShipOn: '2026-12-10',
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

describe('Cart backorders', () => {
  it('a line above the stock of a backorderable product says how many go on backorder and when they ship', async () => {
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(session)),
      http.get('/api/cart/:email', () => HttpResponse.json(cartOf([jack]))),
    );
    renderWithProviders(<CartPage />);
    const link = await screen.findByRole('link', { name: 'Pallet jack' });
    const line = within(link.closest('tr')!);
    expect(line.getByText('2 on backorder, ships about Dec 10, 2026')).toBeInTheDocument();
    // Not a problem: the stepper may go above the stock.
    const input = line.getByRole('spinbutton', { name: 'Quantity of Pallet jack' });
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
    expect(line.getByRole('button', { name: 'Increase quantity of Pallet jack' })).toBeEnabled();
  });

  it('no note when nothing is on backorder', async () => {
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(session)),
      http.get('/api/cart/:email', () =>
        HttpResponse.json(
          cartOf([{ ...jack, quantity: 2, lineTotal: 800, backordered: 0, expectedShipOn: null }]),
        ),
      ),
    );
    renderWithProviders(<CartPage />);
    await screen.findByRole('link', { name: 'Pallet jack' });
    expect(screen.queryByText(/on backorder/)).not.toBeInTheDocument();
  });
});
