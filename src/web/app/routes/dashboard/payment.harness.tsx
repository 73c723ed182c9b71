import { vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import type { Order } from '@shared/orders/orders.schema';
import { session } from '@/test/order-fixtures';
import { LocationProbe, renderWithProviders, type setupMswServer } from '@/test/utils';

/** What the payment page tests share: the API it calls, the page at its route, the card form. */
export const deferred = () => {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
};

/** Serves the session, `order()` and its payment intent (overridden by `intent`, held until `gate`). */
export function paymentApi(server: ReturnType<typeof setupMswServer>, order: () => Order) {
  return function useApi(intent: Record<string, unknown> = {}, gate?: Promise<void>) {
    const intentBody = vi.fn();
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(session)),
      http.get('/api/singleorderitem/:id', () => HttpResponse.json(order())),
      http.post('/api/make-payment', async ({ request }) => {
        intentBody(await request.json());
        await gate;
        return HttpResponse.json({
          clientSecret: 'pi_test_1_secret_abc',
          provider: 'test',
          publishableKey: null,
          amount: order().total,
          ...intent,
        });
      }),
    );
    return intentBody;
  };
}

/** `PaymentPage` is the route's page, passed in: only a test file may import a page. */
export function renderPaymentPage(PaymentPage: ComponentType, orderId: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/payment/:id" element={<PaymentPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: `/dashboard/payment/${orderId}` },
  );
}

export const payButton = () => screen.getByRole('button', { name: 'Pay' });

export async function fillCard(
  user: ReturnType<typeof renderPaymentPage>['user'],
  number: string,
  expiry = '12/40',
  cvc = '123',
) {
  await user.type(await screen.findByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry'), expiry);
  await user.type(screen.getByLabelText('CVC'), cvc);
}
