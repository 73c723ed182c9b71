import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order } from '@shared/orders/orders.schema';
import { messages } from '@shared/messages';
import { OrderNow as PaymentPage } from './pay';
import { customer, makeOrder } from '@/test/order-fixtures';
import { setupMswServer } from '@/test/utils';
import { paymentApi, payButton, renderPaymentPage } from './payment.harness';

// The Stripe path, without loading Stripe.js: the bindings this page uses, as spies.
const stripe = vi.hoisted(() => ({ confirmCardPayment: vi.fn(), loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: unknown }) => children,
  CardElement: () => <div data-testid="card-element" />,
  useStripe: () => ({ confirmCardPayment: stripe.confirmCardPayment }),
  useElements: () => ({ getElement: () => ({ card: true }) }),
}));

const server = setupMswServer();

let order: Order;
const useApi = paymentApi(server, () => order);
const renderPage = () => renderPaymentPage(PaymentPage, order._id);

beforeEach(() => {
  stripe.confirmCardPayment.mockReset();
  stripe.loadStripe.mockReset();
  order = makeOrder({ productName: 'Air Compressor 50L', quantity: 5, price: 249.5, total: 1247.5 });
});

describe('Payment page (Stripe)', () => {
  it("confirms the card with Stripe and uses the payment intent's id as the transaction id", async () => {
    let paid: unknown;
    useApi({ provider: 'stripe', publishableKey: 'pk_test_123', clientSecret: 'pi_3_secret_x' });
    server.use(
      http.put('/api/order/:id', async ({ request }) => {
        paid = await request.json();
        return HttpResponse.json({ acknowledged: true, order });
      }),
    );
    stripe.loadStripe.mockResolvedValue({});
    stripe.confirmCardPayment
      .mockResolvedValueOnce({ error: { message: 'Your card has insufficient funds.' } })
      .mockResolvedValueOnce({ paymentIntent: { id: 'pi_3', status: 'succeeded' } });
    const { user } = renderPage();
    expect(await screen.findByTestId('card-element')).toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.getByRole('group', { name: 'Card details' })).toBeInTheDocument();

    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card has insufficient funds.');
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_3_secret_x', {
      payment_method: {
        card: { card: true },
        billing_details: { name: customer.name, email: customer.email, phone: order.number },
      },
    });

    await user.click(payButton());
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/my-orders');
    expect(paid).toMatchObject({ transactionId: 'pi_3', total: order.total });
    expect(await screen.findByText(messages.paymentDone)).toBeInTheDocument();
  });
});
