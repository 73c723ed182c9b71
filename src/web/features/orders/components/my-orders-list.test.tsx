import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import type { Invoice } from '@shared/invoices/invoices.schema';
import type { Order } from '@shared/orders/orders.schema';
import { messages } from '@shared/messages';
import { Component as MyOrdersPage } from '@/app/routes/dashboard/my-orders';
import { makeOrder, session } from '@/test/order-fixtures';
import { expectNoToast, renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

let orders: Order[];
function useApi() {
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/myorder/:email', () => HttpResponse.json(orders)),
  );
}

/** Where the router is, with the hash (the invoice's fallback lands on #invoice). */
function WhereProbe() {
  const { pathname, hash } = useLocation();
  return <output data-testid="where">{pathname + hash}</output>;
}

const card = (productName: string) => screen.getByRole('link', { name: productName }).closest('tr')!;

describe('My Orders', () => {
  it('a purchase on account reads "On account, due <date>" until its invoice is paid, then "Payment done"', async () => {
    orders = [
      makeOrder({
        productName: 'Account compressor',
        paymentStatus: true,
        transactionId: 'account_c1',
        onAccount: { dueDate: '2027-01-06', invoicePaid: false },
      }),
      makeOrder({
        productName: 'Settled compressor',
        paymentStatus: true,
        transactionId: 'account_c2',
        onAccount: { dueDate: '2026-12-01', invoicePaid: true },
      }),
    ];
    useApi();
    renderWithProviders(<MyOrdersPage />);
    await screen.findByRole('table');
    const open = within(card('Account compressor'));
    expect(open.getByText('On account, due Jan 6, 2027')).toBeInTheDocument();
    expect(open.queryByText('Payment done')).not.toBeInTheDocument();
    // Its status says the same, not "Paid" (issue 38).
    expect(open.getByText('On account, due Jan 6, 2027 · Awaiting shipment')).toBeInTheDocument();
    expect(open.queryByText(/^Paid/)).not.toBeInTheDocument();
    expect(within(card('Settled compressor')).getByText('Payment done')).toBeInTheDocument();
    expect(within(card('Settled compressor')).getByText('Paid · Awaiting shipment')).toBeInTheDocument();
  });

  it('offers the actions for each state of an order', async () => {
    orders = [
      makeOrder({
        _id: 'a0000000-0000-4000-8000-000000000001',
        productName: 'Unpaid drill',
        expiresAt: '2026-05-02T10:07:00.000Z',
      }),
      makeOrder({ productName: 'Paid saw', paymentStatus: true, transactionId: 'pi_123' }),
      makeOrder({
        productName: 'Delivered grinder',
        paymentStatus: true,
        transactionId: 'pi_456',
        orderStatus: 'Delivered',
        review: true,
      }),
      makeOrder({
        productName: 'Reviewed lathe',
        paymentStatus: true,
        orderStatus: 'Delivered',
        review: true,
        reviewed: true,
      }),
      makeOrder({ productName: 'Cancelled vice', orderStatus: 'Cancelled' }),
      makeOrder({ productName: 'Expired clamp', orderStatus: 'Expired' }),
    ];
    useApi();
    renderWithProviders(<MyOrdersPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Product', 'Quantity', 'Total', 'Status', 'Payment', 'Review']);
    expect(screen.getByRole('table').parentElement).toHaveClass('overflow-x-auto');

    // Unpaid: a red Pay link to the payment page and Cancel.
    const unpaid = within(card('Unpaid drill'));
    const pay = unpaid.getByRole('link', { name: /^Pay/ });
    expect(pay).toHaveTextContent('Pay');
    expect(pay).toHaveClass('btn-error');
    expect(pay).toHaveAttribute('href', '/dashboard/payment/a0000000-0000-4000-8000-000000000001');
    expect(unpaid.getByRole('button', { name: /^Cancel/ })).toBeEnabled();
    // Issue 39 item 11: the deadline to pay names the time, not only the day.
    const payBy = unpaid.getByText(/^Pay by/).querySelector('time')!;
    expect(payBy).toHaveAttribute('datetime', '2026-05-02T10:07:00.000Z');
    expect(payBy.textContent).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}(,| at) \d{1,2}:\d{2}\s?[AP]M \S+$/);
    expect(unpaid.queryByText('Payment done')).not.toBeInTheDocument();
    expect(unpaid.getByRole('button', { name: 'Wait for delivery' })).toBeDisabled();
    expect(unpaid.getByText('$1,247.50')).toBeInTheDocument();
    expect(unpaid.getByText('Awaiting payment')).toBeInTheDocument();
    expect(unpaid.queryByText('Pending')).not.toBeInTheDocument();

    // Paid, not delivered: Payment done (with the transaction), no Pay or Cancel, Wait for delivery.
    const paid = within(card('Paid saw'));
    expect(paid.getByText('Payment done')).toBeInTheDocument();
    // Not "Pending" beside "Payment done": the status says where the paid order stands.
    expect(paid.getByText('Paid · Awaiting shipment')).toBeInTheDocument();
    expect(paid.queryByText('Pending')).not.toBeInTheDocument();
    expect(paid.getByText('pi_123')).toBeInTheDocument();
    expect(paid.queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(paid.queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
    expect(paid.getByRole('button', { name: 'Wait for delivery' })).toBeDisabled();

    // Delivered: Write a review.
    const delivered = within(card('Delivered grinder'));
    expect(delivered.getByText('Payment done')).toBeInTheDocument();
    expect(delivered.getByRole('button', { name: /^Write a review/ })).toBeEnabled();
    expect(delivered.queryByRole('button', { name: 'Wait for delivery' })).not.toBeInTheDocument();

    // Reviewed.
    const reviewed = within(card('Reviewed lathe'));
    expect(reviewed.getByText('Reviewed')).toBeInTheDocument();
    expect(reviewed.queryByRole('button', { name: /^Write a review/ })).not.toBeInTheDocument();

    // Cancelled and expired: a badge and no payment or review action; a cancelled order can be ordered again.
    for (const [name, status, actions] of [
      ['Cancelled vice', 'Cancelled', ['Order again']],
      ['Expired clamp', 'Expired', []],
    ] as const) {
      const closed = within(card(name));
      expect(closed.getByText(status)).toBeInTheDocument();
      expect(closed.queryAllByRole('button').map((b) => b.textContent)).toEqual(actions);
      // The product and the order's details (its history) are the only links.
      expect(closed.queryAllByRole('link').map((a) => a.textContent)).toEqual([name, 'Details']);
    }
  });

  it('cancels an unpaid order after confirmation and toasts "Successfully deleted"', async () => {
    const order = makeOrder({ productName: 'Unpaid drill' });
    orders = [order];
    const deleted = vi.fn();
    useApi();
    server.use(
      http.delete('/api/order/:id', ({ params }) => {
        deleted(params.id);
        orders = [{ ...order, orderStatus: 'Cancelled' }];
        return HttpResponse.json({ acknowledged: true, order: orders[0] });
      }),
    );
    const { user } = renderWithProviders(<MyOrdersPage />);
    await user.click(await screen.findByRole('button', { name: /^Cancel order for Unpaid drill/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel this order?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel order' }));

    await waitFor(() => expect(deleted).toHaveBeenCalledWith(order._id));
    expect(await screen.findByText(messages.orderCancelled)).toBeInTheDocument();
    await waitFor(() => expect(within(card('Unpaid drill')).getByText('Cancelled')).toBeInTheDocument());
    // Cancelled: nothing to pay or cancel any more, only Order again.
    expect(
      within(card('Unpaid drill'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Order again']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the order when the confirmation is dismissed, and shows a refusal', async () => {
    orders = [makeOrder({ productName: 'Unpaid drill' })];
    useApi();
    server.use(
      http.delete('/api/order/:id', () =>
        HttpResponse.json({ error: 'conflict', message: 'This order is already paid.' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<MyOrdersPage />);
    await user.click(await screen.findByRole('button', { name: /^Cancel order for/ }));
    await user.click(screen.getByRole('button', { name: 'Keep order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Cancel order for/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'This order is already paid.',
    );
    expectNoToast();
  });

  it('opens the review form for a delivered order', async () => {
    orders = [
      makeOrder({
        productName: 'Delivered grinder',
        paymentStatus: true,
        orderStatus: 'Delivered',
        review: true,
      }),
    ];
    useApi();
    const { user } = renderWithProviders(<MyOrdersPage />);
    await user.click(await screen.findByRole('button', { name: /^Write a review/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Review Delivered grinder' }));
    expect(dialog.getByLabelText('Rating')).toHaveFocus();
  });

  it('repeats the congratulations after a payment', async () => {
    orders = [makeOrder({ productName: 'Paid saw', paymentStatus: true, transactionId: 'pi_9' })];
    useApi();
    renderWithProviders(<MyOrdersPage />, { state: { paid: { transactionId: 'pi_9' } } });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(messages.paymentCongrats);
    expect(status).toHaveTextContent('Transaction id: pi_9');
    expect(await screen.findByText('Payment done')).toBeInTheDocument();
  });

  it('has an empty state with a link to the products', async () => {
    orders = [];
    useApi();
    renderWithProviders(<MyOrdersPage />);
    expect(await screen.findByText('You have not ordered anything yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse our products' })).toHaveAttribute(
      'href',
      '/our-products',
    );
  });

  it('shows a loading state, then an error with a retry', async () => {
    let fail = true;
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(session)),
      http.get('/api/myorder/:email', () =>
        fail
          ? HttpResponse.json({ error: 'internal', message: 'Database down.' }, { status: 500 })
          : HttpResponse.json([]),
      ),
    );
    const { user } = renderWithProviders(<MyOrdersPage />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your orders');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load your orders. Database down.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not ordered anything yet.')).toBeInTheDocument();
  });

  it('loads the next page with "Show more orders", asking for the cursor the server gave', async () => {
    const first = Array.from({ length: 2 }, (_, i) => makeOrder({ productName: `Drill ${i + 1}` }));
    const second = [makeOrder({ productName: 'Drill 3' })];
    const asked: string[] = [];
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(session)),
      http.get('/api/myorder/:email', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        return url.searchParams.get('cursor') === 'page-2'
          ? HttpResponse.json(second, { headers: { 'x-total-count': '3' } })
          : HttpResponse.json(first, { headers: { 'x-total-count': '3', 'x-next-cursor': 'page-2' } });
      }),
    );
    const { user } = renderWithProviders(<MyOrdersPage />);
    await screen.findByRole('link', { name: 'Drill 1' });
    expect(screen.getByText('Showing 2 of 3 orders')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Drill 3' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more orders' }));
    expect(await screen.findByRole('link', { name: 'Drill 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Drill 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more orders' })).not.toBeInTheDocument();
    expect(asked).toEqual(['?limit=50', '?limit=50&cursor=page-2']);
  });

  it('gives each cell its column name, which the card layout of a narrow screen shows as a label', async () => {
    orders = [
      makeOrder({ productName: 'Unpaid drill' }),
      makeOrder({ productName: 'Paid saw', paymentStatus: true }),
    ];
    useApi();
    renderWithProviders(<MyOrdersPage />);
    const table = await screen.findByRole('table');
    // styles.css turns a .card-table's rows into cards when its box is narrower than 48rem.
    expect(table.parentElement).toHaveClass('card-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    for (const name of ['Unpaid drill', 'Paid saw']) {
      const labels = Array.from(card(name).cells).map((td) => td.dataset.label);
      // The product is the card's title; every other cell is labelled as its header.
      expect(labels).toEqual([undefined, ...headers.slice(1)]);
    }
  });

  it('styles Details as a link: underlined in the link colour, not only on hover', async () => {
    orders = [makeOrder({ productName: 'Unpaid drill' })];
    useApi();
    renderWithProviders(<MyOrdersPage />);
    const details = await screen.findByRole('link', { name: 'Details of Unpaid drill' });
    expect(details).toHaveClass('link', 'link-primary');
    expect(details).not.toHaveClass('link-hover');
  });

  describe('Invoice link of a paid order', () => {
    const paidId = 'b0000000-0000-4000-8000-000000000002';
    const invoice: Invoice = {
      _id: 'c0000000-0000-4000-8000-000000000003',
      kind: 'invoice',
      number: 'INV-2026-000007',
      issuedAt: '2026-11-20T10:00:00.000Z',
      total: 1247.5,
      orderId: paidId,
      checkoutId: null,
      refersTo: null,
      transactionId: 'pi_123',
      refundId: null,
      poNumber: null,
      dueDate: null,
      pdfUrl: '/api/invoices/c0000000-0000-4000-8000-000000000003/pdf',
    };

    function renderWithInvoices(documents: Invoice[]) {
      orders = [
        makeOrder({ productName: 'Unpaid drill' }),
        makeOrder({ _id: paidId, productName: 'Paid saw', paymentStatus: true, transactionId: 'pi_123' }),
      ];
      const asked: string[] = [];
      server.use(
        http.get('/api/auth/get-session', () => HttpResponse.json(session)),
        http.get('/api/myorder/:email', () => HttpResponse.json(orders)),
        http.get('/api/order/:id/invoices', ({ params }) => {
          asked.push(params.id as string);
          return HttpResponse.json(documents);
        }),
      );
      const view = renderWithProviders(
        <Routes>
          <Route path="/dashboard/my-orders" element={<MyOrdersPage />} />
          <Route path="*" element={<WhereProbe />} />
        </Routes>,
        { route: '/dashboard/my-orders' },
      );
      return { ...view, asked };
    }

    it('is shown on paid orders only and asks for nothing until clicked', async () => {
      const { asked } = renderWithInvoices([invoice]);
      await screen.findByRole('link', { name: 'Paid saw' });
      const link = within(card('Paid saw')).getByRole('link', { name: 'Invoice of Paid saw (PDF)' });
      // Opened in a new tab, it is the order's page at its invoices.
      expect(link).toHaveAttribute('href', `/dashboard/orders/${paidId}#invoice`);
      expect(within(card('Unpaid drill')).queryByRole('link', { name: /^Invoice/ })).not.toBeInTheDocument();
      expect(asked).toEqual([]);
    });

    it('downloads the invoice PDF in one click', async () => {
      const downloads: { href: string; download: string }[] = [];
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        downloads.push({ href: this.getAttribute('href')!, download: this.download });
      });
      try {
        const { user, asked } = renderWithInvoices([invoice]);
        await user.click(await screen.findByRole('link', { name: 'Invoice of Paid saw (PDF)' }));
        await waitFor(() => expect(downloads).toEqual([{ href: invoice.pdfUrl, download: '' }]));
        expect(asked).toEqual([paidId]);
        // The list stays: the PDF comes as an attachment.
        expect(screen.getByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
      } finally {
        click.mockRestore();
      }
    });

    it('opens the order page at its invoices when there is no invoice to download', async () => {
      const { user } = renderWithInvoices([]);
      await user.click(await screen.findByRole('link', { name: 'Invoice of Paid saw (PDF)' }));
      expect(await screen.findByTestId('where')).toHaveTextContent(`/dashboard/orders/${paidId}#invoice`);
    });
  });
});
