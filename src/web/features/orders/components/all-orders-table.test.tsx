import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order } from '@shared/orders/orders.schema';
import { messages } from '@shared/messages';
import { Component as ManageAllProduct } from '@/app/routes/dashboard/all-orders';
import { makeOrder } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

let orders: Order[];
beforeEach(() => {
  orders = [
    makeOrder({ productName: 'Unpaid drill', name: 'Bob', email: 'bob@example.com' }),
    makeOrder({ productName: 'Paid saw', paymentStatus: true, transactionId: 'pi_1' }),
    makeOrder({
      productName: 'Delivered grinder',
      paymentStatus: true,
      orderStatus: 'Delivered',
      review: true,
    }),
    makeOrder({ productName: 'Cancelled vice', orderStatus: 'Cancelled' }),
    makeOrder({ productName: 'Expired clamp', orderStatus: 'Expired' }),
  ];
});

const row = (productName: string) => screen.getByText(productName).closest('tr')!;

describe('Manage All Products', () => {
  it('is titled with the order count and lists every order', async () => {
    server.use(http.get('/api/order', () => HttpResponse.json(orders)));
    renderWithProviders(<ManageAllProduct />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Manage All Products$/);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage All Products (5)' }),
    ).toBeInTheDocument();

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['SL', 'Customer', 'Product', 'PO', 'Quantity', 'Total', 'Payment', 'Status', 'Action']);
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(table.parentElement).toHaveClass('overflow-x-auto');

    const unpaid = within(row('Unpaid drill'));
    expect(unpaid.getByText('Bob')).toBeInTheDocument();
    expect(unpaid.getByText('bob@example.com')).toBeInTheDocument();
    expect(unpaid.getByText('Unpaid')).toBeInTheDocument();
    expect(unpaid.getByText('$1,247.50')).toBeInTheDocument();

    // The Status column in plain words, never the stored "Pending".
    const status = (name: string) => row(name).querySelectorAll('td')[7]!.textContent;
    expect(status('Unpaid drill')).toBe('Awaiting payment');
    expect(status('Paid saw')).toBe('Paid · Awaiting shipment');
    expect(status('Delivered grinder')).toBe('Delivered');
    expect(status('Cancelled vice')).toBe('Cancelled');
    expect(status('Expired clamp')).toBe('Expired');
  });

  it('offers Ship and Delivery only for paid, undelivered orders and Cancel only for unpaid, pending ones', async () => {
    server.use(http.get('/api/order', () => HttpResponse.json(orders)));
    renderWithProviders(<ManageAllProduct />);
    await screen.findByRole('table');
    const buttons = (name: string) =>
      within(row(name))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(buttons('Unpaid drill')).toEqual(['Cancel']);
    expect(buttons('Paid saw')).toEqual(['Ship', 'Delivery', 'Refund']);
    expect(within(row('Paid saw')).getByText('Paid')).toBeInTheDocument();
    expect(buttons('Delivered grinder')).toEqual([]);
    expect(buttons('Cancelled vice')).toEqual([]);
    expect(buttons('Expired clamp')).toEqual([]);
  });

  it("shows the PO number and marks a checkout's lines, which are cancelled with their checkout only", async () => {
    const checkoutId = 'c0000000-0000-4000-8000-00000000abcd';
    orders = [
      makeOrder({ orderNumber: 2001, productName: 'Checkout drill', checkoutId, poNumber: 'PO-77' }),
      makeOrder({
        orderNumber: 2002,
        productName: 'Checkout saw',
        checkoutId,
        poNumber: 'PO-77',
        paymentStatus: true,
      }),
      makeOrder({ orderNumber: 2003, productName: 'Single vice' }),
    ];
    server.use(http.get('/api/order', () => HttpResponse.json(orders)));
    renderWithProviders(<ManageAllProduct />);
    await screen.findByRole('table');
    const unpaidLine = within(row('Checkout drill'));
    expect(unpaidLine.getByText('PO-77')).toBeInTheDocument();
    // The checkout is named by its orders' numbers, each line by its own.
    expect(screen.getByRole('rowheader', { name: /Checkout #2001–#2002/ })).toBeInTheDocument();
    expect(unpaidLine.getByText('Order #2001')).toBeInTheDocument();
    expect(unpaidLine.queryAllByRole('button')).toEqual([]);
    expect(
      within(row('Checkout saw'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ship', 'Delivery', 'Refund', 'Refund checkout']);
    const single = within(row('Single vice'));
    expect(single.getByText('None')).toBeInTheDocument();
    expect(single.getByText('Order #2003')).toBeInTheDocument();
    expect(single.queryByText(/^Checkout /)).not.toBeInTheDocument();
    expect(single.getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel']);
  });

  it('delivers after confirmation and toasts "Successfully delivered"', async () => {
    const delivered = vi.fn();
    server.use(
      http.get('/api/order', () => HttpResponse.json(orders)),
      http.put('/api/delivery/:id', ({ params }) => {
        delivered(params.id);
        orders = orders.map((o) =>
          o._id === params.id ? { ...o, orderStatus: 'Delivered', review: true } : o,
        );
        return HttpResponse.json({ acknowledged: true, order: orders[1] });
      }),
    );
    const { user } = renderWithProviders(<ManageAllProduct />);
    await user.click(await screen.findByRole('button', { name: /^Delivery Paid saw/ }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Mark as delivered?' })).getByRole('button', {
        name: 'Deliver',
      }),
    );
    await waitFor(() => expect(delivered).toHaveBeenCalledWith(orders[1]!._id));
    expect(await screen.findByText(messages.delivered)).toBeInTheDocument();
    await waitFor(() => expect(within(row('Paid saw')).getByText('Delivered')).toBeInTheDocument());
    expect(within(row('Paid saw')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('cancels an unpaid order after confirmation and toasts "Successfully deleted"', async () => {
    const deleted = vi.fn();
    server.use(
      http.get('/api/order', () => HttpResponse.json(orders)),
      http.delete('/api/order/:id', ({ params }) => {
        deleted(params.id);
        orders = orders.map((o) => (o._id === params.id ? { ...o, orderStatus: 'Cancelled' } : o));
        return HttpResponse.json({ acknowledged: true, order: orders[0] });
      }),
    );
    const { user } = renderWithProviders(<ManageAllProduct />);
    await user.click(await screen.findByRole('button', { name: /^Cancel Unpaid drill/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(deleted).toHaveBeenCalledWith(orders[0]!._id));
    expect(await screen.findByText(messages.orderCancelled)).toBeInTheDocument();
    await waitFor(() => expect(within(row('Unpaid drill')).getByText('Cancelled')).toBeInTheDocument());
  });

  it('has empty and error states', async () => {
    server.use(http.get('/api/order', () => HttpResponse.json([])));
    const first = renderWithProviders(<ManageAllProduct />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading orders');
    expect(await screen.findByText('There are no orders yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Manage All Products (0)');
    first.unmount();

    server.use(
      http.get('/api/order', () =>
        HttpResponse.json({ error: 'forbidden', message: 'Admins only.' }, { status: 403 }),
      ),
    );
    renderWithProviders(<ManageAllProduct />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the orders. Admins only.');
  });

  it('labels every cell with its column (the cards of a narrow screen show them) and stacks the actions', async () => {
    server.use(http.get('/api/order', () => HttpResponse.json(orders)));
    renderWithProviders(<ManageAllProduct />);
    const table = await screen.findByRole('table');
    expect(table.parentElement).toHaveClass('card-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    const cells = Array.from(row('Paid saw').cells);
    expect(cells.map((td) => td.dataset.label)).toEqual(headers);
    // A long email wraps at its @ before anywhere else.
    expect(within(row('Unpaid drill')).getByText('bob@example.com').innerHTML).toBe('bob<wbr>@example.com');
    // Delivery and Refund one above the other: the Action column is as narrow as one button.
    expect(within(cells.at(-1)!).getByRole('button', { name: /^Delivery/ }).parentElement).toHaveClass(
      'flex-col',
    );
  });
});
