import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order } from '@shared/orders/orders.schema';
import type { ReorderResult } from '@shared/cart/cart.schema';
import { Component as MyOrdersPage } from '@/app/routes/dashboard/my-orders';
import { makeOrder, session } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();
const emptyCart = {
  lines: [],
  count: 0,
  totalQuantity: 0,
  total: 0,
  saving: 0,
  totalCents: 0,
  savingCents: 0,
  quantitySavingCents: 0,
  contractSavingCents: 0,
};

function useApi(orders: Order[], answer: ReorderResult) {
  const asked: string[] = [];
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/myorder/:email', () => HttpResponse.json(orders)),
    http.post('/api/order/:id/reorder', ({ params }) => {
      asked.push(String(params.id));
      return HttpResponse.json(answer);
    }),
  );
  return asked;
}

describe('Order again', () => {
  it('puts a delivered order in the cart and lists what changed in a dialog that leads to the cart', async () => {
    const order = makeOrder({
      productName: 'Delivered grinder',
      paymentStatus: true,
      orderStatus: 'Delivered',
      review: true,
    });
    const asked = useApi([order], {
      cart: emptyCart,
      changes: [
        {
          productId: order.productId,
          name: 'Delivered grinder',
          kind: 'price',
          message: 'Now $260.00 per unit at 5 (was $249.50).',
        },
      ],
    });
    const { user } = renderWithProviders(<MyOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Order again: Delivered grinder' }));
    await waitFor(() => expect(asked).toEqual([order._id]));
    const dialog = within(await screen.findByRole('dialog', { name: 'Added to your cart, with changes' }));
    expect(dialog.getByText('Price')).toBeInTheDocument();
    expect(dialog.getByText('Now $260.00 per unit at 5 (was $249.50).')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/dashboard/cart');
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the cart' })).toHaveAttribute('href', '/dashboard/cart');
  });

  it('says so in a toast when nothing changed; unpaid and paid orders have no Order again', async () => {
    const cancelled = makeOrder({ productName: 'Cancelled vice', orderStatus: 'Cancelled' });
    useApi(
      [
        cancelled,
        makeOrder({ productName: 'Unpaid drill' }),
        makeOrder({ productName: 'Paid saw', paymentStatus: true }),
      ],
      {
        cart: emptyCart,
        changes: [],
      },
    );
    const { user } = renderWithProviders(<MyOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Order again: Cancelled vice' }));
    expect(await screen.findByText('Cancelled vice is in your cart again.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Order again/ })).toHaveLength(1);
  });
});
