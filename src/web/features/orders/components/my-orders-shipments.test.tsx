import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order, OrderShipment } from '@shared/orders/orders.schema';
import { Component as MyOrdersPage } from '@/app/routes/dashboard/my-orders';
import { makeOrder, session } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

const ups = (quantity: number, n: string): OrderShipment => ({
  _id: `d0000000-0000-4000-8000-00000000000${n}`,
  kind: 'shipment',
  carrier: 'UPS',
  trackingNumber: `1Z${n}`,
  trackingUrl: `https://ups.example/track/1Z${n}`,
  quantity,
  createdAt: '2026-11-26T10:00:00.000Z',
});

const statusOf = (productName: string) =>
  screen
    .getByRole('link', { name: productName })
    .closest('tr')!
    .querySelector('td[data-label="Status"]') as HTMLElement;

describe('My Orders: shipments', () => {
  it('reads Shipped, Partly shipped or Ready for pickup, with the tracking link and no packing slip', async () => {
    const orders: Order[] = [
      makeOrder({
        productName: 'Shipped drill',
        paymentStatus: true,
        quantity: 2,
        shippedQuantity: 2,
        fulfilment: 'shipped',
        shipments: [ups(2, '1')],
      }),
      makeOrder({
        productName: 'Half saw',
        paymentStatus: true,
        quantity: 4,
        shippedQuantity: 1,
        fulfilment: 'partly_shipped',
        shipments: [ups(1, '2')],
      }),
      makeOrder({
        productName: 'Pickup hoist',
        paymentStatus: true,
        quantity: 1,
        shippedQuantity: 1,
        fulfilment: 'ready_for_pickup',
        shippingKind: 'pickup',
        shipments: [
          { ...ups(1, '3'), kind: 'pickup', carrier: null, trackingNumber: null, trackingUrl: null },
        ],
      }),
      makeOrder({ productName: 'Waiting vice', paymentStatus: true, fulfilment: 'awaiting_shipment' }),
    ];
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(session)),
      http.get('/api/myorder/:email', () => HttpResponse.json(orders)),
    );
    renderWithProviders(<MyOrdersPage />);
    await screen.findByRole('table');
    const shipped = within(statusOf('Shipped drill'));
    expect(shipped.getByText('Shipped')).toBeInTheDocument();
    expect(shipped.getByText(/2 shipped · UPS 1Z1/)).toBeInTheDocument();
    const track = shipped.getByRole('link', { name: 'Track Shipped drill with UPS (opens in a new tab)' });
    expect(track).toHaveAttribute('href', 'https://ups.example/track/1Z1');
    expect(track).toHaveAttribute('rel', 'noopener noreferrer');
    expect(shipped.queryByRole('link', { name: /Packing slip/ })).not.toBeInTheDocument();
    expect(within(statusOf('Half saw')).getByText('Partly shipped')).toBeInTheDocument();
    const pickup = within(statusOf('Pickup hoist'));
    expect(pickup.getByText('Ready for pickup')).toBeInTheDocument();
    expect(pickup.getByText('1 ready for pickup')).toBeInTheDocument();
    expect(within(statusOf('Waiting vice')).getByText('Paid · Awaiting shipment')).toBeInTheDocument();
  });
});
