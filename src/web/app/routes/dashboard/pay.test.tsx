import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { Checkout } from '@shared/checkout/checkout.schema';
import { messages } from '@shared/messages';
import { makeOrder, noDelivery, session } from '@/test/order-fixtures';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';
import { Component as PayCheckoutPage } from './pay';

const server = setupMswServer();

const id = 'c0000000-0000-4000-8000-000000000001';
let checkout: Checkout;
beforeEach(() => {
  checkout = {
    _id: id,
    name: session.user.name,
    email: session.user.email,
    number: '+1 555 0100',
    address: '1 Main Street',
    company: 'Acme Ltd',
    poNumber: 'PO-4711',
    status: 'unpaid',
    total: 322,
    subtotal: 322,
    ...noDelivery,
    totalCents: 32_200,
    subtotalCents: 32_200,
    shippingCents: 0,
    taxCents: 0,
    transactionId: null,
    createdAt: '2026-05-01T10:00:00.000Z',
    paidAt: null,
    approval: null,
    approvalExpiresAt: null,
    expiresAt: '2026-05-02T10:00:00.000Z',
    lines: [
      makeOrder({ checkoutId: id, productName: 'Air hose 15 m', quantity: 10, price: 12.4, total: 124 }),
      makeOrder({ checkoutId: id, productName: '18V drill', quantity: 2, price: 99, total: 198 }),
    ],
  };
});

const noAccount = {
  offered: false,
  allowed: false,
  reason: 'Your company has no payment terms: please pay by card.',
  totalCents: 32_200,
  availableCents: 0,
  netDays: null,
};

function useApi(getCheckout?: () => Response, account: object = noAccount) {
  const intentBody = vi.fn();
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/checkout/:id/account', () => HttpResponse.json(account)),
    http.get('/api/checkout/:id', () => getCheckout?.() ?? HttpResponse.json(checkout)),
    http.post('/api/make-payment', async ({ request }) => {
      intentBody(await request.json());
      return HttpResponse.json({
        clientSecret: 'pi_test_1_secret_abc',
        provider: 'test',
        publishableKey: null,
        amount: checkout.total,
        amountCents: checkout.totalCents,
      });
    }),
  );
  return intentBody;
}

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/pay-checkout/:id" element={<PayCheckoutPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: `/dashboard/pay-checkout/${id}` },
  );

describe('Checkout payment page', () => {
  it('shows the checkout, asks for one intent for it and pays every line at once', async () => {
    const intentBody = useApi();
    const paid = vi.fn();
    server.use(
      http.post('/api/payments/test/confirm', () =>
        HttpResponse.json({ status: 'succeeded', transactionId: 'pi_test_1' }),
      ),
      http.put('/api/checkout/:id', async ({ request, params }) => {
        paid(params.id, await request.json());
        return HttpResponse.json({ acknowledged: true, checkout: { ...checkout, status: 'paid' } });
      }),
    );
    const { user } = renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the checkout');
    const summary = within(await screen.findByRole('region', { name: 'Checkout summary' }));
    expect(summary.getByText('PO-4711')).toBeInTheDocument();
    expect(summary.getByText('Acme Ltd')).toBeInTheDocument();
    expect(summary.getByText('Unpaid')).toBeInTheDocument();
    const rows = summary.getAllByRole('row').slice(1);
    // Each line's order number first (decision 049), then the columns as before.
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      [expect.stringMatching(/^#\d+$/), 'Air hose 15 m', '10', '$12.40', '$124.00'],
      [expect.stringMatching(/^#\d+$/), '18V drill', '2', '$99.00', '$198.00'],
    ]);
    expect(summary.getByText('$322.00')).toBeInTheDocument();
    // Issue 39 item 11: the deadline names the time, not only the day.
    expect(summary.getByText(/^Pay by/).querySelector('time')?.textContent).toMatch(
      /^[A-Z][a-z]+ \d{1,2}, \d{4}(,| at) \d{1,2}:\d{2}\s?[AP]M \S+$/,
    );

    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry'), '12/40');
    await user.type(screen.getByLabelText('CVC'), '123');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    expect(intentBody).toHaveBeenCalledWith({ checkoutId: id });
    await user.click(screen.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/my-orders');
    expect(paid).toHaveBeenCalledWith(id, { transactionId: 'pi_test_1' });
    expect(screen.getByTestId('location')).toHaveAttribute(
      'data-state',
      JSON.stringify({ paid: { transactionId: 'pi_test_1' } }),
    );
    expect(await screen.findByText(messages.paymentDone)).toBeInTheDocument();
    expect(intentBody).toHaveBeenCalledTimes(1);
  });

  it('shows a paid checkout with its transaction instead of the card form', async () => {
    checkout = { ...checkout, status: 'paid', transactionId: 'pi_99', paidAt: '2026-05-01T11:00:00.000Z' };
    const intentBody = useApi();
    renderPage();
    expect(await screen.findByText('Payment done')).toBeInTheDocument();
    expect(screen.getByText('pi_99')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
    expect(intentBody).not.toHaveBeenCalled();
  });

  it('a checkout awaiting approval says until when, in the words of the mails, and offers no card form', async () => {
    checkout = {
      ...checkout,
      status: 'awaiting_approval',
      expiresAt: '2026-12-10T15:35:00.000Z',
      approvalExpiresAt: '2026-12-10T15:35:00.000Z',
      approval: {
        status: 'awaiting',
        reason: 'order',
        limit: 100,
        limitCents: 10000,
        decidedAt: null,
        comment: null,
      },
    };
    useApi();
    renderPage();
    expect(await screen.findByText(/Awaiting approval until/)).toHaveTextContent(
      'Awaiting approval until Thu, Dec 10, 2026, 3:35 PM UTC',
    );
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
  });

  it('itemises the subtotal, shipping (method), tax and total when shipping and tax are charged', async () => {
    checkout = {
      ...checkout,
      shipping: 120,
      tax: 36.47,
      total: 478.47,
      shippingCents: 12_000,
      taxCents: 3_647,
      totalCents: 47_847,
      shippingMethod: 'LTL freight',
      shippingKind: 'freight',
      liftgate: true,
      deliveryMinDays: 3,
      deliveryMaxDays: 6,
    };
    useApi();
    renderPage();
    const total = within(await screen.findByLabelText('Checkout total'));
    expect(total.getByText('Subtotal')).toBeInTheDocument();
    expect(total.getByText('$322.00')).toBeInTheDocument();
    expect(total.getByText('Shipping (LTL freight)')).toBeInTheDocument();
    expect(total.getByText('$120.00')).toBeInTheDocument();
    expect(total.getByText('$36.47')).toBeInTheDocument();
    expect(total.getByText('$478.47')).toBeInTheDocument();
    expect(screen.getByText('LTL freight: 3–6 business days, liftgate delivery.')).toBeInTheDocument();
  });

  it("a line's Total is its goods: its share of shipping and tax is on the summary's own lines", async () => {
    checkout = {
      ...checkout,
      shipping: 120,
      tax: 36.47,
      total: 478.47,
      shippingMethod: 'LTL freight',
      shippingKind: 'freight',
      lines: [
        makeOrder({
          checkoutId: id,
          productName: 'Air hose 15 m',
          quantity: 10,
          price: 12.4,
          subtotal: 124,
          shipping: 46.21,
          tax: 14.05,
          total: 184.26,
        }),
        makeOrder({
          checkoutId: id,
          productName: '18V drill',
          quantity: 2,
          price: 99,
          subtotal: 198,
          shipping: 73.79,
          tax: 22.42,
          total: 294.21,
        }),
      ],
    };
    useApi();
    renderPage();
    const hose = (await screen.findByRole('cell', { name: 'Air hose 15 m' })).closest('tr')!;
    expect(within(hose).getByText('$124.00')).toBeInTheDocument();
    expect(within(hose).queryByText('$184.26')).not.toBeInTheDocument();
    const drill = screen.getByRole('cell', { name: '18V drill' }).closest('tr')!;
    expect(within(drill).getByText('$198.00')).toBeInTheDocument();
  });

  it.each([
    ['cancelled', 'This checkout was cancelled'],
    ['expired', 'This checkout has expired'],
  ] as const)('says a %s checkout cannot be paid', async (status, text) => {
    checkout = { ...checkout, status };
    const intentBody = useApi();
    renderPage();
    expect(await screen.findByText(new RegExp(text))).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(intentBody).not.toHaveBeenCalled();
  });

  it('says when the checkout is not found, and offers a retry for other failures', async () => {
    useApi(() => HttpResponse.json({ error: 'not_found', message: 'Not found' }, { status: 404 }));
    const first = renderPage();
    expect(await screen.findByText(/We could not find this checkout/)).toBeInTheDocument();
    first.unmount();

    let fail = true;
    useApi(() =>
      fail
        ? HttpResponse.json({ error: 'internal', message: 'Database down.' }, { status: 500 })
        : HttpResponse.json(checkout),
    );
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load this checkout. Database down.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Checkout summary' })).toBeInTheDocument();
  });

  it('offers Pay on account to a buyer of a company with terms, says why it cannot be used, and pays on account', async () => {
    const option = {
      offered: true,
      allowed: false,
      reason:
        "This checkout ($322.00) is over your company's available credit ($100.00): please pay by card.",
      totalCents: 32_200,
      availableCents: 10_000,
      netDays: 30,
    };
    useApi(undefined, option);
    const { unmount } = renderPage();
    const section = within(await screen.findByRole('region', { name: 'Pay on account' }));
    expect(await section.findByText(/due in 30 days\. Available credit: \$100\.00/)).toBeInTheDocument();
    const refused = section.getByRole('button', { name: 'Pay on account' });
    expect(refused).toBeDisabled();
    expect(refused).toHaveAccessibleDescription(option.reason);
    // The card form stays the other way to pay.
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    unmount();

    const paid = vi.fn();
    // The refresh after paying finds the checkout paid, so the section goes: the page must still move on.
    const paidCheckout = {
      ...checkout,
      status: 'paid',
      transactionId: `account_${id}`,
      paidAt: '2026-05-02T09:00:00.000Z',
    };
    useApi(() => HttpResponse.json(paid.mock.calls.length ? paidCheckout : checkout), {
      ...option,
      allowed: true,
      reason: null,
      availableCents: 50_000,
    });
    server.use(
      http.post('/api/checkout/:id/account', ({ params }) => {
        paid(params.id);
        return HttpResponse.json({
          acknowledged: true,
          checkout: { ...checkout, status: 'paid' },
          invoice: {
            _id: 'c0000000-0000-4000-8000-000000000009',
            number: 'INV-2026-000042',
            dueDate: '2026-06-01',
          },
        });
      }),
    );
    const { user } = renderPage();
    const ok = within(await screen.findByRole('region', { name: 'Pay on account' }));
    await waitFor(() => expect(ok.getByRole('button', { name: 'Pay on account' })).toBeEnabled());
    await user.click(ok.getByRole('button', { name: 'Pay on account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/my-orders');
    expect(paid).toHaveBeenCalledWith(id);
    expect(
      await screen.findByText(/Paid on account: invoice INV-2026-000042, due 2026-06-01/),
    ).toBeInTheDocument();
  });
});
