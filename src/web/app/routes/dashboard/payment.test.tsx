import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order } from '@shared/orders/orders.schema';
import { messages } from '@shared/messages';
import { OrderNow as PaymentPage } from './pay';
import { customer, makeOrder, session } from '@/test/order-fixtures';
import { expectNoToast, setupMswServer } from '@/test/utils';
import { deferred, fillCard, paymentApi, payButton, renderPaymentPage } from './payment.harness';

const server = setupMswServer();

let order: Order;
const useApi = paymentApi(server, () => order);
const renderPage = () => renderPaymentPage(PaymentPage, order._id);

// Test mode never loads the Stripe form (a lazy chunk), so Stripe.js needs no stand-in here.
beforeEach(() => {
  order = makeOrder({ productName: 'Air Compressor 50L', quantity: 5, price: 249.5, total: 1247.5 });
});

describe('Payment page (test mode)', () => {
  it('shows the order summary and keeps Pay disabled until the client secret exists', async () => {
    const gate = deferred();
    const intentBody = useApi({}, gate.promise);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    const summary = within(await screen.findByRole('region', { name: 'Checkout summary' }));
    expect(summary.getByText('Air Compressor 50L')).toBeInTheDocument();
    expect(summary.getByText('$249.50')).toBeInTheDocument();
    // The line's goods and the total: no shipping or tax on this order.
    expect(summary.getAllByText('$1,247.50')).toHaveLength(2);

    expect(payButton()).toBeDisabled();
    await waitFor(() => expect(intentBody).toHaveBeenCalledWith({ orderId: order._id, total: 1247.5 }));
    expect(payButton()).toBeDisabled();

    gate.release();
    await waitFor(() => expect(payButton()).toBeEnabled());
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Test mode');
    expect(note).toHaveTextContent('No real card is charged');
    expect(note).toHaveTextContent('4242 4242 4242 4242');
    expect(note).toHaveTextContent('4000 0000 0000 0002');
    expect(screen.getByLabelText('Expiry')).toHaveAttribute('placeholder', 'MM/YY');
    expect(screen.getByLabelText('CVC')).toBeInTheDocument();
    expect(intentBody).toHaveBeenCalledTimes(1);
  });

  it('checks the Luhn digit and the expiry on the client', async () => {
    const confirm = vi.fn();
    useApi();
    server.use(http.post('/api/payments/test/confirm', () => (confirm(), HttpResponse.json({}))));
    const { user } = renderPage();
    await fillCard(user, '4242 4242 4242 4241', '01/20');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());
    expect(await screen.findByText('Your card number is invalid.')).toBeInTheDocument();
    expect(screen.getByText("Your card's expiration date is in the past.")).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).not.toHaveBeenCalled();
  });

  it("shows the provider's decline in red under the card field", async () => {
    let body: unknown;
    useApi();
    server.use(
      http.post('/api/payments/test/confirm', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { error: 'payment_required', message: 'Your card was declined.' },
          { status: 402 },
        );
      }),
    );
    const { user } = renderPage();
    await fillCard(user, '4000 0000 0000 0002');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.paymentDeclined);
    expect(alert).toHaveClass('text-error');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-describedby', alert.id);
    expect(body).toEqual({
      clientSecret: 'pi_test_1_secret_abc',
      cardNumber: '4000000000000002',
      expiry: '12/40',
      cvc: '123',
      name: customer.name,
      email: customer.email,
      phone: order.number,
    });
    expectNoToast();
  });

  it('on success shows the congratulations with the transaction id, records the payment and goes to My Orders', async () => {
    const gate = deferred();
    let paid: unknown;
    useApi();
    server.use(
      http.post('/api/payments/test/confirm', () =>
        HttpResponse.json({ status: 'succeeded', transactionId: 'pi_test_42' }),
      ),
      http.put('/api/order/:id', async ({ request, params }) => {
        paid = { id: params.id, body: await request.json() };
        await gate.promise;
        return HttpResponse.json({ acknowledged: true, order: { ...order, paymentStatus: true } });
      }),
    );
    const { user } = renderPage();
    await fillCard(user, '4242 4242 4242 4242');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.click(payButton());

    expect(await screen.findByText(messages.paymentCongrats)).toBeInTheDocument();
    expect(screen.getByText('pi_test_42')).toBeInTheDocument();
    await waitFor(() =>
      expect(paid).toEqual({
        id: order._id,
        body: {
          email: customer.email,
          name: customer.name,
          phone: order.number,
          total: order.total,
          transactionId: 'pi_test_42',
        },
      }),
    );
    expectNoToast();
    gate.release();
    const location = await screen.findByTestId('location');
    expect(location).toHaveTextContent('/dashboard/my-orders');
    // My Orders repeats the congratulations with the transaction id.
    expect(location).toHaveAttribute('data-state', JSON.stringify({ paid: { transactionId: 'pi_test_42' } }));
    expect(await screen.findByText(messages.paymentDone)).toBeInTheDocument();
  });

  it('says when the order is already paid, and asks for no payment intent', async () => {
    order = { ...order, paymentStatus: true, transactionId: 'pi_done' };
    const intentBody = useApi();
    renderPage();
    expect(await screen.findByText('Payment done')).toBeInTheDocument();
    expect(screen.getByText('pi_done')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(intentBody).not.toHaveBeenCalled();
  });

  it.each([
    ['Cancelled', /was cancelled, so it can’t be paid/],
    ['Expired', /has expired .* so it can’t be paid/],
  ] as const)('explains that a %s order cannot be paid', async (status, text) => {
    order = { ...order, orderStatus: status };
    const intentBody = useApi();
    renderPage();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
    expect(intentBody).not.toHaveBeenCalled();
  });

  it('shows why the payment could not start', async () => {
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(session)),
      http.get('/api/singleorderitem/:id', () => HttpResponse.json(order)),
      http.post('/api/make-payment', () =>
        HttpResponse.json({ error: 'conflict', message: 'This order has expired.' }, { status: 409 }),
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not start the payment. This order has expired.',
    );
  });

  it('shows the goods as the line total and shipping, tax and the total on their own lines', async () => {
    order = makeOrder({
      productName: 'Air Compressor 50L',
      quantity: 5,
      price: 249.5,
      subtotal: 1247.5,
      subtotalCents: 124_750,
      shipping: 35,
      tax: 105.81,
      total: 1388.31,
      totalCents: 138_831,
      shippingMethod: 'Ground',
    });
    useApi();
    renderPage();
    const summary = within(await screen.findByRole('region', { name: 'Checkout summary' }));
    const line = within(summary.getByRole('row', { name: /Air Compressor 50L/ }));
    expect(line.getByText('$1,247.50')).toBeInTheDocument();
    const total = within(summary.getByLabelText('Checkout total'));
    expect(total.getByText('$1,247.50')).toBeInTheDocument();
    expect(total.getByText('Shipping (Ground)')).toBeInTheDocument();
    expect(total.getByText('$35.00')).toBeInTheDocument();
    expect(total.getByText('$105.81')).toBeInTheDocument();
    expect(total.getByText('$1,388.31')).toBeInTheDocument();
  });
});
