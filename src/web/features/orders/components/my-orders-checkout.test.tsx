import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order } from '@shared/orders/orders.schema';
import { Component as MyOrdersPage } from '@/app/routes/dashboard/my-orders';
import { makeOrder, session } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

const checkoutId = 'c0000000-0000-4000-8000-0000000a1b2c';
const paidCheckoutId = 'c0000000-0000-4000-8000-0000000d4e5f';

let orders: Order[];
function useApi() {
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/myorder/:email', () => HttpResponse.json(orders)),
  );
}

const line = (fields: Partial<Order>) =>
  makeOrder({ checkoutId, poNumber: 'PO-4711', expiresAt: '2026-05-02T10:00:00.000Z', ...fields });

const rowOf = (productName: string) => screen.getByRole('link', { name: productName }).closest('tr')!;
/** A checkout's block: the table body under its heading. */
const block = (label: string) =>
  screen.getByRole('rowheader', { name: new RegExp(`^Checkout · ${label}`) }).closest('tbody')!;

describe('My Orders with checkouts', () => {
  it("groups a checkout's lines under one heading with one Pay and one Cancel checkout; single orders stay as they are", async () => {
    orders = [
      line({ productName: 'Hose', total: 124 }),
      makeOrder({ _id: 'a0000000-0000-4000-8000-000000000009', productName: 'Single drill' }),
      line({ productName: 'Saw', total: 198 }),
      makeOrder({
        orderNumber: 3007,
        productName: 'Grinder',
        checkoutId: paidCheckoutId,
        poNumber: null,
        paymentStatus: true,
        transactionId: 'pi_77',
        orderStatus: 'Delivered',
        review: true,
      }),
    ];
    useApi();
    renderWithProviders(<MyOrdersPage />);
    await screen.findByRole('table');

    const unpaid = within(block('PO PO-4711'));
    const heading = unpaid.getByRole('rowheader');
    expect(heading).toHaveTextContent('Checkout · PO PO-4711');
    expect(heading).toHaveTextContent('$322.00');
    expect(heading).toHaveTextContent('Unpaid');
    // Both lines, though a single order came between them in the list.
    expect(unpaid.getByRole('link', { name: 'Hose' })).toBeInTheDocument();
    expect(unpaid.getByRole('link', { name: 'Saw' })).toBeInTheDocument();
    const pays = unpaid.getAllByRole('link', { name: /^Pay/ });
    expect(pays).toHaveLength(1);
    expect(pays[0]).toHaveAttribute('href', `/dashboard/pay-checkout/${checkoutId}`);
    expect(unpaid.getAllByRole('button', { name: /^Cancel/ }).map((b) => b.textContent)).toEqual([
      'Cancel checkout',
    ]);
    // Issue 39 item 11: the checkout's deadline names the time, not only the day.
    expect(unpaid.getByText(/^Pay by/).querySelector('time')?.textContent).toMatch(
      /^[A-Z][a-z]+ \d{1,2}, \d{4}(,| at) \d{1,2}:\d{2}\s?[AP]M \S+$/,
    );
    // Its lines keep their details link and review state, without Pay or Cancel of their own.
    for (const name of ['Hose', 'Saw']) {
      const row = within(rowOf(name));
      expect(row.queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
      expect(row.queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
      expect(row.getByText('Paid with its checkout')).toBeInTheDocument();
      expect(row.getByRole('link', { name: `Details of ${name}` })).toBeInTheDocument();
      expect(row.getByRole('button', { name: 'Wait for delivery' })).toBeDisabled();
    }

    // A paid checkout without a PO is named by its orders' numbers, and offers no Pay or Cancel checkout.
    const paid = within(block('#3007'));
    expect(within(rowOf('Grinder')).getByText('Order #3007')).toBeInTheDocument();
    expect(paid.getByRole('rowheader')).toHaveTextContent('Paid');
    expect(paid.queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(paid.queryByRole('button', { name: /^Cancel checkout/ })).not.toBeInTheDocument();
    expect(within(rowOf('Grinder')).getByText('pi_77')).toBeInTheDocument();
    expect(within(rowOf('Grinder')).getByRole('button', { name: /^Write a review/ })).toBeEnabled();

    // The single order is exactly as before: its own Pay and Cancel.
    const single = within(rowOf('Single drill'));
    expect(single.getByRole('link', { name: /^Pay/ })).toHaveAttribute(
      'href',
      '/dashboard/payment/a0000000-0000-4000-8000-000000000009',
    );
    expect(single.getByRole('button', { name: /^Cancel order for Single drill/ })).toBeEnabled();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Product',
      'Quantity',
      'Total',
      'Status',
      'Payment',
      'Review',
    ]);
  });

  it('cancels the whole checkout after confirmation', async () => {
    orders = [line({ productName: 'Hose' }), line({ productName: 'Saw' })];
    const deleted = vi.fn();
    useApi();
    server.use(
      http.delete('/api/checkout/:id', ({ params }) => {
        deleted(params.id);
        orders = orders.map((o) => ({ ...o, orderStatus: 'Cancelled' as const }));
        return HttpResponse.json({ _id: params.id, status: 'cancelled' });
      }),
    );
    const { user } = renderWithProviders(<MyOrdersPage />);
    await user.click(await screen.findByRole('button', { name: 'Cancel checkout PO PO-4711' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel this checkout?' }));
    expect(dialog.getByText(/Hose ×/)).toBeInTheDocument();
    expect(dialog.getByText(/Saw ×/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Keep checkout' }));
    expect(deleted).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancel checkout PO PO-4711' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel checkout' }));
    await waitFor(() => expect(deleted).toHaveBeenCalledWith(checkoutId));
    expect(await screen.findByText('Checkout cancelled')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(block('PO PO-4711')).getByRole('rowheader')).toHaveTextContent('Cancelled'),
    );
    expect(screen.queryByRole('button', { name: /^Cancel checkout/ })).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    orders = [line({ productName: 'Hose' })];
    useApi();
    server.use(
      http.delete('/api/checkout/:id', () =>
        HttpResponse.json(
          { error: 'conflict', message: 'This checkout is no longer waiting for payment.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderWithProviders(<MyOrdersPage />);
    await user.click(await screen.findByRole('button', { name: /^Cancel checkout/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel checkout' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'This checkout is no longer waiting for payment.',
    );
  });

  it('shows a checkout over the spending limit as Awaiting approval (no Pay), and a rejected one as Rejected', async () => {
    orders = [
      line({ productName: 'Compressor', total: 2500, checkoutApproval: 'awaiting' }),
      makeOrder({
        productName: 'Dryer',
        checkoutId: paidCheckoutId,
        poNumber: 'PO-9',
        orderStatus: 'Cancelled',
        checkoutApproval: 'rejected',
      }),
    ];
    useApi();
    renderWithProviders(<MyOrdersPage />);
    await screen.findByRole('table');
    const waiting = within(block('PO PO-4711'));
    expect(waiting.getByRole('rowheader')).toHaveTextContent('Awaiting approval');
    expect(waiting.queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(waiting.getByRole('link', { name: 'See checkout PO PO-4711' })).toHaveAttribute(
      'href',
      `/dashboard/pay-checkout/${checkoutId}`,
    );
    expect(waiting.getByRole('button', { name: 'Cancel checkout PO PO-4711' })).toBeInTheDocument();
    const rejected = within(block('PO PO-9'));
    expect(rejected.getByRole('rowheader')).toHaveTextContent('Rejected');
    expect(rejected.getByRole('link', { name: 'Why checkout PO PO-9 was rejected' })).toBeInTheDocument();
  });
});
