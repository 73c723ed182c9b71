import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order } from '@shared/orders/orders.schema';
import { Component as AllOrdersPage } from '@/app/routes/dashboard/all-orders';
import { Component as MyOrdersPage } from '@/app/routes/dashboard/my-orders';
import { makeOrder, session } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

const orders: Order[] = [
  makeOrder({
    productName: 'Bench drill',
    orderStatus: 'Cancelled',
    refundStatus: 'refunded',
    refundAmount: 1247.5,
    refundId: 're_test_1',
    refundedAt: '2026-05-01T10:05:00.000Z',
  }),
  makeOrder({
    productName: 'Band saw',
    orderStatus: 'Expired',
    refundStatus: 'pending',
    refundAmount: 99,
  }),
  makeOrder({ productName: 'Angle grinder', paymentStatus: true, transactionId: 'pi_1' }),
];

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('refund badges', () => {
  it('the admin all-orders page shows "Refunded" and "Refund pending" in the Payment column, with the amount for screen readers', async () => {
    server.use(http.get('/api/order', () => HttpResponse.json(orders)));
    renderWithProviders(<AllOrdersPage />);
    await screen.findByRole('table');
    const refunded = within(rowOf('Bench drill'));
    // The Payment column's badge (with the amount for screen readers), and the status the order page reads.
    expect(refunded.getAllByText(/^Refunded/).map((el) => el.textContent)).toEqual([
      'Refunded $1,247.50',
      'Refunded',
    ]);
    expect(refunded.queryByText('Unpaid')).not.toBeInTheDocument();
    expect(refunded.queryAllByRole('button')).toEqual([]);
    expect(within(rowOf('Band saw')).getByText(/^Refund pending/)).toHaveClass('badge-warning');
    expect(within(rowOf('Band saw')).getByText('Expired')).toBeInTheDocument();
    expect(within(rowOf('Angle grinder')).getByText('Paid')).toBeInTheDocument();
    expect(within(rowOf('Angle grinder')).queryByText(/^Refund(ed| pending)/)).not.toBeInTheDocument();
  });

  it("the customer's My Orders shows the refund and how much goes back to the card, with no Pay or Cancel", async () => {
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(session)),
      http.get('/api/myorder/:email', () => HttpResponse.json(orders)),
    );
    renderWithProviders(<MyOrdersPage />);
    await screen.findByRole('table');
    const row = (name: string) => within(screen.getByRole('link', { name }).closest('tr')!);
    expect(
      row('Bench drill')
        .getAllByText(/^Refunded/)
        .map((el) => el.textContent),
    ).toEqual(['Refunded', 'Refunded $1,247.50']);
    expect(row('Bench drill').getByText('$1,247.50 returned to your card')).toBeInTheDocument();
    expect(row('Band saw').getByText(/^Refund pending/)).toBeInTheDocument();
    expect(row('Band saw').getByText('$99.00 to be returned')).toBeInTheDocument();
    for (const name of ['Bench drill', 'Band saw']) {
      expect(row(name).queryByRole('link', { name: /^Pay/ })).not.toBeInTheDocument();
      expect(row(name).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
    }
    expect(row('Angle grinder').getByText('Payment done')).toBeInTheDocument();
  });
});
