import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { Invoice } from '@shared/invoices/invoices.schema';
import type { TimelineEntry } from '@shared/invoices/timeline.schema';
import { Component as OrderDetailsPage } from '@/app/routes/dashboard/order-details';
import { Component as MyOrdersPage } from '@/app/routes/dashboard/my-orders';
import { makeOrder, session } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

const order = makeOrder({
  productName: 'Band saw',
  paymentStatus: false,
  orderStatus: 'Cancelled',
  transactionId: 'pi_77',
  refundStatus: 'refunded',
  refundAmount: 1247.5,
});
const invoice: Invoice = {
  _id: '9a000000-0000-4000-8000-000000000001',
  kind: 'invoice',
  number: 'INV-2026-000007',
  issuedAt: '2026-05-01T10:05:00.000Z',
  total: 1247.5,
  orderId: order._id,
  checkoutId: null,
  refersTo: null,
  transactionId: 'pi_77',
  refundId: null,
  poNumber: null,
  dueDate: null,
  pdfUrl: '/api/invoices/9a000000-0000-4000-8000-000000000001/pdf',
};
const creditNote: Invoice = {
  ...invoice,
  _id: '9a000000-0000-4000-8000-000000000002',
  kind: 'credit_note',
  number: 'CN-2026-000002',
  issuedAt: '2026-05-02T09:00:00.000Z',
  refersTo: { _id: invoice._id, number: invoice.number },
  refundId: 're_9',
  pdfUrl: '/api/invoices/9a000000-0000-4000-8000-000000000002/pdf',
};
const admin = 'boss@example.com';
const entry = (kind: TimelineEntry['kind'], at: string, title: string, more: Partial<TimelineEntry> = {}) =>
  ({ kind, at, title, detail: null, invoiceId: null, by: null, ...more }) satisfies TimelineEntry;
const timeline = (forAdmin: boolean): TimelineEntry[] => [
  entry('placed', '2026-05-01T10:00:00.000Z', 'Order placed', { detail: '5 × Band saw, $1,247.50' }),
  entry('paid', '2026-05-01T10:05:00.000Z', 'Payment received', { detail: 'Transaction pi_77' }),
  entry('invoice', '2026-05-01T10:05:00.000Z', 'Invoice issued', {
    detail: invoice.number,
    invoiceId: invoice._id,
  }),
  entry('cancelled', '2026-05-02T09:00:00.000Z', 'Cancelled', {
    by: forAdmin ? { role: 'admin', email: admin } : null,
  }),
  entry('refunded', '2026-05-02T09:00:00.000Z', 'Refunded', { detail: '$1,247.50, refund re_9' }),
  entry('credit_note', '2026-05-02T09:00:00.000Z', 'Credit note issued', { invoiceId: creditNote._id }),
];

function useApi({ asAdmin = false, documents = [invoice, creditNote] } = {}) {
  const user = { ...session.user, role: asAdmin ? 'admin' : 'user' };
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json({ ...session, user })),
    http.get('/api/singleorderitem/:id', () => HttpResponse.json(order)),
    http.get('/api/order/:id/invoices', () => HttpResponse.json(documents)),
    http.get('/api/order/:id/timeline', () => HttpResponse.json({ entries: timeline(asAdmin) })),
    http.get('/api/myorder/:email', () => HttpResponse.json([order])),
  );
}

const renderDetails = (hash = '') =>
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/orders/:id" element={<OrderDetailsPage />} />
    </Routes>,
    { route: `/dashboard/orders/${order._id}${hash}` },
  );

describe('Order details', () => {
  it('shows the customer the history as an ordered list with times, and download links of the documents', async () => {
    useApi();
    renderDetails();
    expect(screen.getByRole('heading', { level: 1, name: 'Order details' })).toBeInTheDocument();
    const history = await screen.findByRole('list', { name: 'Order history' });
    const steps = within(history).getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('p')!.textContent)).toEqual([
      'Order placed',
      'Payment received',
      'Invoice issued',
      'Cancelled',
      'Refunded',
      'Credit note issued',
    ]);
    expect(steps[1]).toHaveTextContent('Transaction pi_77');
    expect(steps[0]!.querySelector('time')).toHaveAttribute('dateTime', '2026-05-01T10:00:00.000Z');
    expect(history).not.toHaveTextContent(/\bby\b/);

    const invoiceLink = await screen.findByRole('link', { name: 'Invoice INV-2026-000007 (PDF)' });
    expect(invoiceLink).toHaveAttribute('href', invoice.pdfUrl);
    expect(invoiceLink).toHaveAttribute('download');
    const noteLink = screen.getByRole('link', { name: 'Credit note CN-2026-000002 (PDF)' });
    expect(noteLink).toHaveAttribute('href', creditNote.pdfUrl);
    expect(noteLink.closest('li')).toHaveTextContent('for invoice INV-2026-000007');
    expect(screen.getByText('Band saw × 5 at $249.50')).toBeInTheDocument();
    // The status in the same words as My Orders: refunded, not "Cancelled" beside "Unpaid".
    const status = screen.getByText('Status', { selector: 'dt' }).nextElementSibling!;
    expect(status).toHaveTextContent(/^Refunded$/);
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
  });

  it('tells admins who did each step, and leads back to all orders', async () => {
    useApi({ asAdmin: true });
    renderDetails();
    const history = await screen.findByRole('list', { name: 'Order history' });
    expect(within(history).getAllByRole('listitem')[3]).toHaveTextContent(`by admin ${admin}`);
    expect(await screen.findByRole('link', { name: 'Back to all orders' })).toHaveAttribute(
      'href',
      '/dashboard/manage-all-product',
    );
  });

  it("opened at #invoice (where My Orders' Invoice link falls back to), focuses the invoices", async () => {
    useApi();
    renderDetails('#invoice');
    const documents = await screen.findByRole('region', { name: 'Invoices and credit notes' });
    expect(documents).toHaveAttribute('id', 'invoice');
    expect(documents).toHaveFocus();
  });

  it('says when there is no invoice yet', async () => {
    useApi({ documents: [] });
    renderDetails();
    expect(
      await screen.findByText('No invoice yet: one is issued as soon as the order is paid.'),
    ).toBeInTheDocument();
  });

  it('is reached from My Orders through a Details link on each order', async () => {
    useApi();
    renderWithProviders(<MyOrdersPage />);
    const link = await screen.findByRole('link', { name: 'Details of Band saw' });
    expect(link).toHaveTextContent('Details');
    expect(link).toHaveAttribute('href', `/dashboard/orders/${order._id}`);
  });
});
