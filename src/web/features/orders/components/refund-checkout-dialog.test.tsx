import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order } from '@shared/orders/orders.schema';
import { Component as AllOrdersPage } from '@/app/routes/dashboard/all-orders';
import { makeOrder } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();
const checkoutId = 'c0000000-0000-4000-8000-00000000abcd';

let orders: Order[];
const refunded = vi.fn();
beforeEach(() => {
  refunded.mockReset();
  orders = [
    makeOrder({
      orderNumber: 2002,
      productName: 'Checkout saw',
      name: 'Bob',
      email: 'bob@example.com',
      checkoutId,
      poNumber: 'PO-77',
      paymentStatus: true,
    }),
    makeOrder({
      productName: 'Checkout drill',
      name: 'Bob',
      checkoutId,
      poNumber: 'PO-77',
      paymentStatus: true,
    }),
    makeOrder({ productName: 'Single saw', paymentStatus: true }),
  ];
});

/** The checkout refund endpoint: every line of the checkout refunded, at once or `pending` at the provider. */
function useApi(outcome: 'refunded' | 'pending') {
  server.use(
    http.get('/api/order', () => HttpResponse.json(orders)),
    // The dialog weighs the checkout's lines (what each was charged and has had back) for its refund total.
    http.get('/api/checkout/:id', ({ params }) =>
      HttpResponse.json({ _id: params.id, lines: orders.filter((o) => o.checkoutId === params.id) }),
    ),
    http.post('/api/checkout/:id/refund', async ({ params, request }) => {
      refunded(params.id, await request.json());
      orders = orders.map((o) =>
        o.checkoutId === params.id
          ? {
              ...o,
              orderStatus: 'Cancelled',
              paymentStatus: false,
              refundStatus: outcome,
              refundAmount: o.total,
            }
          : o,
      );
      return HttpResponse.json({ _id: params.id, lines: orders.filter((o) => o.checkoutId === params.id) });
    }),
  );
}
const row = (name: string) => screen.getByText(name).closest('tr')!;

describe('Refund checkout on Manage All Orders', () => {
  it("is offered on a paid checkout's lines only, and says what will happen", async () => {
    useApi('refunded');
    const { user } = renderWithProviders(<AllOrdersPage />);
    await screen.findByRole('table');
    expect(
      within(row('Single saw')).queryByRole('button', { name: /^Refund checkout/ }),
    ).not.toBeInTheDocument();
    await user.click(
      within(row('Checkout saw')).getByRole('button', {
        name: 'Refund checkout of order #2002 (Checkout saw) for Bob',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel and refund this whole checkout?' });
    expect(dialog).toHaveTextContent(
      'Every paid line of the checkout of order #2002 (PO PO-77) for Bob (bob@example.com) that is not delivered yet will be cancelled.',
    );
    expect(dialog).toHaveTextContent('delivered lines stay sold');
    await user.click(within(dialog).getByRole('button', { name: 'Keep checkout' }));
    expect(refunded).not.toHaveBeenCalled();
  });

  it('refunds the checkout once confirmed, toasts it, and shows every line refunded', async () => {
    useApi('refunded');
    const { user } = renderWithProviders(<AllOrdersPage />);
    await user.click(
      await screen.findByRole('button', {
        name: 'Refund checkout of order #2002 (Checkout saw) for Bob',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Refund checkout' }));
    expect(
      await screen.findByText('Checkout cancelled. The refunds are on their way to the customer.'),
    ).toBeInTheDocument();
    expect(refunded).toHaveBeenCalledWith(checkoutId, { restock: true });
    // The Payment column's badge and the status both say so.
    await waitFor(() => expect(within(row('Checkout drill')).getAllByText('Refunded')).toHaveLength(2));
    expect(within(row('Checkout saw')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets the admin keep the unshipped units out of stock', async () => {
    useApi('refunded');
    const { user } = renderWithProviders(<AllOrdersPage />);
    await user.click(
      await screen.findByRole('button', {
        name: 'Refund checkout of order #2002 (Checkout saw) for Bob',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel and refund this whole checkout?' });
    expect(dialog).toHaveTextContent('Their units not shipped yet go back into stock (shipped units do not)');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Put the unshipped units back in stock' }));
    expect(dialog).toHaveTextContent('Their units stay out of stock; delivered lines stay sold.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund checkout' }));
    await waitFor(() => expect(refunded).toHaveBeenCalledWith(checkoutId, { restock: false }));
  });

  it('says so when the provider has not confirmed every refund yet', async () => {
    useApi('pending');
    const { user } = renderWithProviders(<AllOrdersPage />);
    await user.click(
      await screen.findByRole('button', {
        name: 'Refund checkout of order #2002 (Checkout saw) for Bob',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Refund checkout' }));
    expect(
      await screen.findByText(
        'The payment provider has not confirmed every refund yet; they will be retried.',
      ),
    ).toBeInTheDocument();
  });

  it('refunds some units of one line as one refund of the checkout, showing its total first', async () => {
    useApi('refunded');
    const { user } = renderWithProviders(<AllOrdersPage />);
    await user.click(
      await screen.findByRole('button', { name: 'Refund checkout of order #2002 (Checkout saw) for Bob' }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('radio', { name: 'Some units' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund part of this checkout?' });
    await user.type(within(dialog).getByLabelText('Units of Checkout drill to refund (up to 5)'), '1');
    // 1 of 5 × $249.50.
    expect(dialog).toHaveTextContent('Refund total: $249.50');
    await user.click(within(dialog).getByRole('button', { name: 'Refund checkout' }));
    await waitFor(() =>
      expect(refunded).toHaveBeenCalledWith(checkoutId, {
        lines: [{ orderId: orders.find((o) => o.productName === 'Checkout drill')!._id, quantity: 1 }],
        restock: true,
      }),
    );
  });
});
