import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order } from '@shared/orders/orders.schema';
import { Component as AllOrdersPage } from '@/app/routes/dashboard/all-orders';
import { makeOrder } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

let orders: Order[];
const refunded = vi.fn();
let bodies: unknown[] = [];
beforeEach(() => {
  refunded.mockReset();
  bodies = [];
  orders = [
    makeOrder({
      productName: 'Paid saw',
      name: 'Bob',
      email: 'bob@example.com',
      paymentStatus: true,
      transactionId: 'pi_1',
    }),
    makeOrder({
      productName: 'Delivered grinder',
      paymentStatus: true,
      orderStatus: 'Delivered',
      review: true,
    }),
    makeOrder({ productName: 'Unpaid drill' }),
  ];
});

/** The refund endpoint; `outcome` is what the provider said (refunded at once, or pending and retried). */
function useApi(outcome: 'refunded' | 'pending') {
  server.use(
    http.get('/api/order', () => HttpResponse.json(orders)),
    http.post('/api/order/:id/refund', async ({ params, request }) => {
      refunded(params.id);
      bodies.push(await request.json());
      orders = orders.map((o) =>
        o._id === params.id
          ? {
              ...o,
              orderStatus: 'Cancelled',
              paymentStatus: false,
              refundStatus: outcome,
              refundAmount: o.total,
            }
          : o,
      );
      return HttpResponse.json({ acknowledged: true, order: orders.find((o) => o._id === params.id) });
    }),
  );
}
const row = (name: string) => screen.getByText(name).closest('tr')!;

describe('Refund on Manage All Orders', () => {
  it('is offered only for paid orders that are not delivered', async () => {
    useApi('refunded');
    renderWithProviders(<AllOrdersPage />);
    await screen.findByRole('table');
    expect(
      within(row('Paid saw')).getByRole('button', { name: 'Refund Paid saw for Bob' }),
    ).toBeInTheDocument();
    expect(
      within(row('Delivered grinder')).queryByRole('button', { name: /^Refund/ }),
    ).not.toBeInTheDocument();
    expect(within(row('Unpaid drill')).queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
  });

  it('says exactly what will happen; keeping the order changes nothing', async () => {
    useApi('refunded');
    const { user } = renderWithProviders(<AllOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Refund Paid saw for Bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel and refund this paid order?' });
    expect(dialog).toHaveTextContent('Paid saw × 5 ($1,247.50) for Bob (bob@example.com) will be cancelled');
    expect(dialog).toHaveTextContent(
      "The full payment of $1,247.50 is refunded to the customer's card through the payment provider.",
    );
    expect(dialog).toHaveTextContent('5 units go back into stock.');
    expect(dialog).toHaveTextContent('The customer is emailed when the refund is made.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(refunded).not.toHaveBeenCalled();
  });

  it('a partly shipped order: shipped units stay out of stock, and the admin chooses whether the rest go back', async () => {
    orders[0] = { ...orders[0]!, quantity: 5, shippedQuantity: 2 };
    useApi('refunded');
    const { user } = renderWithProviders(<AllOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Refund Paid saw for Bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel and refund this paid order?' });
    expect(dialog).toHaveTextContent('2 units already shipped stay out of stock: a return brings them back.');
    expect(dialog).toHaveTextContent('3 units not shipped yet go back into stock.');
    const restock = within(dialog).getByRole('checkbox', { name: 'Put the unshipped units back in stock' });
    expect(restock).toBeChecked();
    await user.click(restock);
    expect(dialog).toHaveTextContent('3 units not shipped yet stay out of stock.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    await waitFor(() => expect(refunded).toHaveBeenCalledWith(orders[0]!._id));
    expect(bodies).toEqual([{ restock: false }]);
  });

  it('says "1 unit goes" for a single unit', async () => {
    orders[0] = { ...orders[0]!, quantity: 1, total: 249.5 };
    useApi('refunded');
    const { user } = renderWithProviders(<AllOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Refund Paid saw for Bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel and refund this paid order?' });
    expect(dialog).toHaveTextContent('1 unit goes back into stock.');
    expect(dialog).not.toHaveTextContent('1 units');
  });

  it('refunds after confirmation, toasts, and the row then shows "Refunded" with no actions', async () => {
    useApi('refunded');
    const { user } = renderWithProviders(<AllOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Refund Paid saw for Bob' }));
    await user.click(screen.getByRole('button', { name: 'Cancel and refund' }));
    await waitFor(() => expect(refunded).toHaveBeenCalledWith(orders[0]!._id));
    expect(
      await screen.findByText('Order cancelled. The refund is on its way to the customer.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(row('Paid saw')).getAllByText(/^Refunded/)).toHaveLength(2));
    expect(within(row('Paid saw')).queryAllByRole('button')).toEqual([]);
  });

  it('says so when the provider has not confirmed the refund yet, and shows "Refund pending"', async () => {
    useApi('pending');
    const { user } = renderWithProviders(<AllOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Refund Paid saw for Bob' }));
    await user.click(screen.getByRole('button', { name: 'Cancel and refund' }));
    expect(
      await screen.findByText('The payment provider has not confirmed the refund yet; it will be retried.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(row('Paid saw')).getByText(/^Refund pending/)).toBeInTheDocument());
  });

  it('keeps the dialog open with the server’s words when the refund is refused', async () => {
    server.use(
      http.get('/api/order', () => HttpResponse.json(orders)),
      http.post('/api/order/:id/refund', () =>
        HttpResponse.json(
          { error: 'conflict', message: 'This order is already delivered and cannot be refunded.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderWithProviders(<AllOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Refund Paid saw for Bob' }));
    await user.click(screen.getByRole('button', { name: 'Cancel and refund' }));
    expect(
      await within(screen.getByRole('dialog')).findByText(/already delivered and cannot be refunded/),
    ).toBeInTheDocument();
  });

  it('refunds some units: a labelled quantity per line, the refund total before confirming, the restock choice', async () => {
    useApi('refunded');
    const { user } = renderWithProviders(<AllOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Refund Paid saw for Bob' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel and refund this paid order?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Some units' }));
    dialog = screen.getByRole('dialog', { name: 'Refund part of this paid order?' });
    const qty = within(dialog).getByLabelText('Units of Paid saw to refund (up to 5)');
    await user.type(qty, '6');
    expect(dialog).toHaveTextContent('must be at most 5');
    await user.clear(qty);
    await user.type(qty, '2');
    // 2 of 5 × $249.50.
    expect(dialog).toHaveTextContent('Refund total: $499.00');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Put the unshipped units back in stock' }));
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refunded).toHaveBeenCalledWith(orders[0]!._id));
    expect(bodies).toEqual([{ lines: [{ orderId: orders[0]!._id, quantity: 2 }], restock: false }]);
    expect(
      await screen.findByText('Refunded $499.00. The money is on its way to the customer.'),
    ).toBeInTheDocument();
  });

  it('refunds an amount typed in dollars, parsed to cents; too much is refused before anything is sent', async () => {
    useApi('refunded');
    const { user } = renderWithProviders(<AllOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Refund Paid saw for Bob' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'An amount' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund part of this paid order?' });
    const amount = within(dialog).getByLabelText('Amount to refund ($)');
    await user.type(amount, '2,000');
    expect(dialog).toHaveTextContent('Amount must be at most $1,247.50, what is still refundable.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(refunded).not.toHaveBeenCalled();
    await user.clear(amount);
    await user.type(amount, '12.34');
    expect(dialog).toHaveTextContent('Refund total: $12.34');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(refunded).toHaveBeenCalledWith(orders[0]!._id));
    expect(bodies).toEqual([{ amountCents: 1234, restock: true }]);
  });
});
