import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Cart, CartLine } from '@shared/cart/cart.schema';
import { messages } from '@shared/messages';
import { Component as CartPage } from '@/app/routes/dashboard/cart';
import { session } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { cartCents, cartLineCents } from '@/test/money-fixtures';

const server = setupMswServer();

const hoseId = '0b9c4f0e-8a51-4a7e-9d0c-000000000001';
const drillId = '0b9c4f0e-8a51-4a7e-9d0c-000000000002';

/** A line priced like the server does: breaks from 10 ($11.20) on a $12.40 product. */
function hose(quantity: number, extra: Partial<CartLine> = {}): CartLine {
  const unit = quantity >= 10 ? 11.2 : 12.4;
  return cartLineCents({
    productId: hoseId,
    sku: 'TH-HOSE15',
    name: 'Air hose 15 m',
    img: '/media/hose.webp',
    quantity,
    stock: 40,
    minOrder: 5,
    packSize: 5,
    basePrice: 12.4,
    unitPrice: unit,
    lineTotal: Math.round(quantity * unit * 100) / 100,
    saving: Math.round(quantity * (12.4 - unit) * 100) / 100,
    quantitySavingCents: Math.round(quantity * (12.4 - unit) * 100),
    contractSavingCents: 0,
    problem: null,
    ...extra,
  });
}
const drill: CartLine = cartLineCents({
  productId: drillId,
  sku: 'TH-DRILL18',
  name: '18V drill',
  img: '/media/drill.webp',
  quantity: 1,
  stock: 3,
  minOrder: 1,
  packSize: 1,
  basePrice: 99,
  unitPrice: 99,
  lineTotal: 99,
  saving: 0,
  quantitySavingCents: 0,
  contractSavingCents: 0,
  problem: null,
});

/** A line of the drill at a company's contract price of $89 (no quantity break reached). */
const contractDrill: CartLine = cartLineCents({
  ...drill,
  unitPrice: 89,
  lineTotal: 89,
  saving: 10,
  contractSavingCents: 10_00,
});

const cartOf = (lines: CartLine[]): Cart =>
  cartCents({
    lines,
    count: lines.length,
    totalQuantity: lines.reduce((s, l) => s + l.quantity, 0),
    total: lines.reduce((s, l) => s + l.lineTotal, 0),
    saving: lines.reduce((s, l) => s + l.saving, 0),
    quantitySavingCents: lines.reduce((s, l) => s + l.quantitySavingCents, 0),
    contractSavingCents: lines.reduce((s, l) => s + l.contractSavingCents, 0),
  });

let cart: Cart;
const puts: { productId: string; quantity: number }[] = [];
function useApi(initial: CartLine[]) {
  cart = cartOf(initial);
  puts.length = 0;
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/cart/:email', () => HttpResponse.json(cart)),
    http.put('/api/cart/:email/lines/:productId', async ({ params, request }) => {
      const { quantity } = (await request.json()) as { quantity: number };
      const productId = String(params.productId);
      puts.push({ productId, quantity });
      if (productId === drillId && quantity > 3)
        return HttpResponse.json(
          { error: 'conflict', message: `quantity: ${messages.quantityAboveStock}`, field: 'quantity' },
          { status: 409 },
        );
      const line = productId === hoseId ? hose(quantity) : { ...drill, quantity, lineTotal: 99 * quantity };
      const others = cart.lines.filter((l) => l.productId !== productId);
      cart = cartOf(
        cart.lines.some((l) => l.productId === productId)
          ? cart.lines.map((l) => (l.productId === productId ? line : l))
          : [...others, line],
      );
      return HttpResponse.json(cart);
    }),
    http.delete('/api/cart/:email/lines/:productId', ({ params }) => {
      cart = cartOf(cart.lines.filter((l) => l.productId !== params.productId));
      return HttpResponse.json(cart);
    }),
  );
}

const row = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

describe('Cart page', () => {
  it('shows each line with its price reached, saving and totals; the stepper moves by whole packs', async () => {
    useApi([hose(5), drill]);
    const { user } = renderWithProviders(<CartPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    await screen.findByRole('table');
    const line = within(row('Air hose 15 m'));
    expect(line.getByText('TH-HOSE15')).toBeInTheDocument();
    expect(line.getByText('$12.40')).toBeInTheDocument();
    expect(line.getByRole('spinbutton', { name: 'Quantity of Air hose 15 m' })).toHaveValue(5);
    // At the minimum already: no step down.
    expect(line.getByRole('button', { name: 'Decrease quantity of Air hose 15 m' })).toBeDisabled();

    await user.click(line.getByRole('button', { name: 'Increase quantity of Air hose 15 m' }));
    await waitFor(() => expect(puts).toEqual([{ productId: hoseId, quantity: 10 }]));
    const updated = within(row('Air hose 15 m'));
    await waitFor(() => expect(updated.getByRole('spinbutton')).toHaveValue(10));
    expect(updated.getByText('$11.20')).toBeInTheDocument();
    expect(updated.getByText('$12.40')).toBeInTheDocument(); // the base price, struck through
    expect(updated.getByText('You save $12.00')).toBeInTheDocument();
    const totals = within(screen.getByRole('region', { name: 'Cart totals' }));
    expect(totals.getByText('2 products, 11 units')).toBeInTheDocument();
    expect(totals.getByText('Quantity savings: $12.00')).toBeInTheDocument();
    expect(totals.getByText('Total: $211.00')).toBeInTheDocument();
    expect(totals.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute(
      'href',
      '/dashboard/cart/checkout',
    );
  });

  it('says where savings come from: quantity breaks and contract prices on their own lines', async () => {
    useApi([hose(10), contractDrill]);
    renderWithProviders(<CartPage />);
    const totals = within(await screen.findByRole('region', { name: 'Cart totals' }));
    expect(totals.getByText('Quantity savings: $12.00')).toBeInTheDocument();
    expect(totals.getByText('Contract price savings: $10.00')).toBeInTheDocument();
  });

  it('takes a typed quantity on Enter and shows the server refusing it beside the line', async () => {
    useApi([drill]);
    const { user } = renderWithProviders(<CartPage />);
    const input = await screen.findByRole('spinbutton', { name: 'Quantity of 18V drill' });
    await user.clear(input);
    await user.type(input, '7{Enter}');
    await waitFor(() => expect(puts).toEqual([{ productId: drillId, quantity: 7 }]));
    expect(await within(row('18V drill')).findByText(messages.quantityAboveStock)).toBeInTheDocument();
    expect(within(row('18V drill')).getByRole('spinbutton')).toHaveValue(1);
    expect(within(row('18V drill')).getByRole('spinbutton')).toHaveAccessibleDescription(
      messages.quantityAboveStock,
    );
  });

  it("shows a line's problem and holds the checkout until it is fixed", async () => {
    useApi([hose(5, { problem: 'This product is no longer sold.' })]);
    renderWithProviders(<CartPage />);
    expect(
      await within(await screen.findByRole('table')).findByText('This product is no longer sold.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Proceed to checkout' })).not.toBeInTheDocument();
    expect(screen.getByText('Proceed to checkout')).toHaveAttribute('aria-disabled', 'true');
  });

  it('removes a line, offers to undo it, and shows the empty state when nothing is left', async () => {
    useApi([drill]);
    const { user } = renderWithProviders(<CartPage />);
    await user.click(await screen.findByRole('button', { name: 'Remove 18V drill from the cart' }));
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse our products' })).toHaveAttribute(
      'href',
      '/our-products',
    );
    expect(screen.getByText('Removed 18V drill from your cart.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(puts).toEqual([{ productId: drillId, quantity: 1 }]));
    expect(await screen.findByRole('link', { name: '18V drill' })).toBeInTheDocument();
    expect(screen.queryByText('Removed 18V drill from your cart.')).not.toBeInTheDocument();
  });

  it('says so when the cart is empty', async () => {
    useApi([]);
    renderWithProviders(<CartPage />);
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quick Order' })).toHaveAttribute(
      'href',
      '/dashboard/quick-order',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('labels each cell with its column, shown when a narrow screen stacks the lines as cards', async () => {
    useApi([hose(5), drill]);
    renderWithProviders(<CartPage />);
    const table = await screen.findByRole('table');
    // styles.css turns a .card-table's rows into cards when its box is narrower than 48rem.
    expect(table.parentElement).toHaveClass('card-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(Array.from(row('Air hose 15 m').cells).map((td) => td.dataset.label)).toEqual([
      undefined,
      ...headers.slice(1),
    ]);
  });
});
