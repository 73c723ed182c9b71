import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Order } from '@shared/orders/orders.schema';
import type { Shipment } from '@shared/fulfilment/fulfilment.schema';
import { Component as ManageAllProduct } from '@/app/routes/dashboard/all-orders';
import { makeOrder } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

const checkoutA = 'c0000000-0000-4000-8000-00000000aaaa';
const checkoutB = 'c0000000-0000-4000-8000-00000000bbbb';
let orders: Order[];
beforeEach(() => {
  orders = [
    makeOrder({
      productName: 'Drill A',
      name: 'Ann',
      checkoutId: checkoutA,
      poNumber: 'PO-1',
      checkoutTotal: 300,
      checkoutTotalCents: 300_00,
      paymentStatus: true,
      quantity: 3,
      shippedQuantity: 0,
      backorderedQuantity: 1,
    }),
    makeOrder({
      productName: 'Saw A',
      name: 'Ann',
      checkoutId: checkoutA,
      poNumber: 'PO-1',
      checkoutTotal: 300,
      checkoutTotalCents: 300_00,
      paymentStatus: true,
      quantity: 4,
      shippedQuantity: 0,
    }),
    makeOrder({
      productName: 'Vice B',
      name: 'Bob',
      checkoutId: checkoutB,
      paymentStatus: true,
      quantity: 2,
    }),
    makeOrder({ productName: 'Unpaid clamp', name: 'Cara' }),
  ];
});

const row = (productName: string) => screen.getByText(productName, { selector: 'div' }).closest('tr')!;
const shipment = (over: Partial<Shipment> = {}): Shipment => ({
  _id: 'd0000000-0000-4000-8000-000000000001',
  kind: 'shipment',
  carrier: 'UPS',
  trackingNumber: '1Z1',
  trackingUrl: null,
  checkoutId: checkoutA,
  poNumber: 'PO-1',
  recipient: 'Ann',
  email: 'ann@example.com',
  address: '1 Yard Road',
  pickupLocation: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  lines: [],
  packingSlipUrl: '/api/shipments/d0000000-0000-4000-8000-000000000001/packing-slip',
  ...over,
});

describe('Manage All Orders: shipping', () => {
  it("groups a checkout's lines under one header with its PO number and total", async () => {
    server.use(http.get('/api/order', () => HttpResponse.json(orders)));
    renderWithProviders(<ManageAllProduct />);
    const header = (await screen.findByRole('rowheader', { name: /Checkout #\d+–#\d+/ })).closest('tr')!;
    expect(header).toHaveTextContent('PO PO-1');
    expect(header).toHaveTextContent('2 lines');
    expect(header).toHaveTextContent('Checkout total $300.00');
    // Its lines are in the same row group, the next checkout in its own.
    expect(header.parentElement).toContainElement(row('Saw A'));
    expect(header.parentElement).not.toContainElement(row('Vice B'));
    // An unpaid line has no Ship action and nothing to select.
    expect(within(row('Unpaid clamp')).queryByRole('button', { name: /^Ship/ })).not.toBeInTheDocument();
    expect(within(row('Unpaid clamp')).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('ships part of a line with carrier, tracking number and link, then toasts', async () => {
    const posted = vi.fn();
    server.use(
      http.get('/api/order', () => HttpResponse.json(orders)),
      http.post('/api/shipments', async ({ request }) => {
        posted(await request.json());
        return HttpResponse.json(shipment(), { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<ManageAllProduct />);
    await user.click(await screen.findByRole('button', { name: 'Ship Drill A for Ann' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship' });
    // The shipment is named by its order's number (decision 049), not by the checkout's id.
    const legend = within(dialog).getByText(`Checkout #${orders[0]!.orderNumber} (PO PO-1) for Ann`);
    expect(legend.tagName).toBe('LEGEND');
    expect(dialog).not.toHaveTextContent(checkoutA.slice(-6));
    const qty = within(dialog).getByLabelText('Quantity of Drill A');
    expect(qty).toHaveValue(3);
    expect(qty).toHaveAccessibleDescription('3 of 3 left to ship, 1 on backorder');

    // What the server would refuse is said at the field first.
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(within(dialog).getByLabelText('Carrier')).toHaveAccessibleDescription(
      expect.stringContaining('Carrier is required'),
    );
    expect(within(dialog).getByLabelText('Tracking number')).toHaveAccessibleDescription(
      'Tracking number is required',
    );
    expect(posted).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Carrier'), 'UPS');
    await user.type(within(dialog).getByLabelText('Tracking number'), '1Z999');
    await user.type(within(dialog).getByLabelText('Tracking link (optional)'), 'http://ups.example/1Z999');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(within(dialog).getByLabelText('Tracking link (optional)')).toHaveAccessibleDescription(
      'Tracking link must start with https://',
    );
    await user.clear(within(dialog).getByLabelText('Tracking link (optional)'));
    await user.type(within(dialog).getByLabelText('Tracking link (optional)'), 'https://ups.example/1Z999');
    await user.clear(qty);
    await user.type(qty, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    await waitFor(() =>
      expect(posted).toHaveBeenCalledWith({
        lines: [{ orderId: orders[0]!._id, quantity: 2 }],
        carrier: 'UPS',
        trackingNumber: '1Z999',
        trackingUrl: 'https://ups.example/1Z999',
      }),
    );
    expect(await screen.findByText('1 shipment sent: the customer was emailed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's refusal at the field it names", async () => {
    server.use(
      http.get('/api/order', () => HttpResponse.json(orders)),
      http.post('/api/shipments', () =>
        HttpResponse.json(
          {
            error: 'conflict',
            message: 'lines.0.quantity: only 1 of 2 are left to ship on this line',
            field: 'lines.0.quantity',
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderWithProviders(<ManageAllProduct />);
    await user.click(await screen.findByRole('button', { name: 'Ship Vice B for Bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship' });
    await user.type(within(dialog).getByLabelText('Carrier'), 'FedEx');
    await user.type(within(dialog).getByLabelText('Tracking number'), '7777');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Quantity of Vice B')).toHaveAccessibleDescription(
        '2 of 2 left to ship only 1 of 2 are left to ship on this line',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Ship' })).toBeInTheDocument();
  });

  it('ships selected checkouts at once: one shipment each, in one bulk call', async () => {
    const posted = vi.fn();
    server.use(
      http.get('/api/order', () => HttpResponse.json(orders)),
      http.post('/api/shipments/bulk', async ({ request }) => {
        posted(await request.json());
        return HttpResponse.json(
          { shipments: [shipment(), shipment({ _id: 'd0000000-0000-4000-8000-000000000002' })] },
          { status: 201 },
        );
      }),
    );
    const { user } = renderWithProviders(<ManageAllProduct />);
    const shipSelected = await screen.findByRole('button', { name: 'Ship selected' });
    expect(shipSelected).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /^Select checkout #\d+–#\d+ for Ann$/ }));
    expect(within(row('Drill A')).getByRole('checkbox')).toBeChecked();
    expect(within(row('Saw A')).getByRole('checkbox')).toBeChecked();
    await user.click(within(row('Vice B')).getByRole('checkbox', { name: 'Select Vice B for Bob' }));
    await user.click(screen.getByRole('button', { name: 'Ship selected (3)' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship 2 orders' });
    const [a, b, c] = orders.map((o) => o.orderNumber);
    expect(within(dialog).getByText(`Checkout #${a}–#${b} (PO PO-1) for Ann`)).toBeInTheDocument();
    expect(within(dialog).getByText(`Checkout #${c} for Bob`)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Carrier'), 'UPS');
    const [first, second] = within(dialog).getAllByLabelText('Tracking number');
    await user.type(first!, '1ZA');
    await user.type(second!, '1ZB');
    await user.click(within(dialog).getByRole('button', { name: 'Ship 2 orders' }));
    await waitFor(() =>
      expect(posted).toHaveBeenCalledWith({
        shipments: [
          {
            lines: [
              { orderId: orders[0]!._id, quantity: 3 },
              { orderId: orders[1]!._id, quantity: 4 },
            ],
            carrier: 'UPS',
            trackingNumber: '1ZA',
          },
          { lines: [{ orderId: orders[2]!._id, quantity: 2 }], carrier: 'UPS', trackingNumber: '1ZB' },
        ],
      }),
    );
    expect(await screen.findByText('2 shipments sent: the customers were emailed')).toBeInTheDocument();
  });

  it('makes pickup lines ready without a carrier', async () => {
    const posted = vi.fn();
    orders = [makeOrder({ productName: 'Hoist', paymentStatus: true, quantity: 1, shippingKind: 'pickup' })];
    server.use(
      http.get('/api/order', () => HttpResponse.json(orders)),
      http.post('/api/shipments', async ({ request }) => {
        posted(await request.json());
        return HttpResponse.json(shipment({ kind: 'pickup', carrier: null, trackingNumber: null }), {
          status: 201,
        });
      }),
    );
    const { user } = renderWithProviders(<ManageAllProduct />);
    await user.click(await screen.findByRole('button', { name: /^Ship Hoist/ }));
    const dialog = screen.getByRole('dialog', { name: 'Ready for pickup' });
    expect(within(dialog).queryByLabelText('Carrier')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Mark ready for pickup' }));
    await waitFor(() =>
      expect(posted).toHaveBeenCalledWith({ lines: [{ orderId: orders[0]!._id, quantity: 1 }] }),
    );
    expect(await screen.findByText('1 ready for pickup: the customer was emailed')).toBeInTheDocument();
  });

  it("shows a line's shipments with the tracking link and the packing slip, and filters by fulfilment", async () => {
    const asked = vi.fn();
    orders = [
      makeOrder({
        productName: 'Compressor',
        paymentStatus: true,
        quantity: 3,
        shippedQuantity: 2,
        fulfilment: 'partly_shipped',
        shipments: [
          {
            _id: 'd0000000-0000-4000-8000-000000000009',
            kind: 'shipment',
            carrier: 'UPS',
            trackingNumber: '1Z9',
            trackingUrl: 'https://ups.example/1Z9',
            quantity: 2,
            createdAt: '2026-11-26T10:00:00.000Z',
          },
        ],
      }),
    ];
    server.use(
      http.get('/api/order', ({ request }) => {
        asked(new URL(request.url).searchParams.get('fulfilment'));
        return HttpResponse.json(orders);
      }),
    );
    const { user } = renderWithProviders(<ManageAllProduct />);
    await screen.findByRole('table');
    const status = row('Compressor').querySelectorAll('td')[7]!;
    expect(within(status).getByText('Partly shipped')).toBeInTheDocument();
    expect(within(status).getByText(/2 shipped · UPS 1Z9/)).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: /^Track Compressor with UPS/ })).toHaveAttribute(
      'href',
      'https://ups.example/1Z9',
    );
    expect(within(status).getByRole('link', { name: /^Packing slip/ })).toHaveAttribute(
      'href',
      '/api/shipments/d0000000-0000-4000-8000-000000000009/packing-slip',
    );
    expect(within(row('Compressor')).getByText('2 shipped')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Fulfilment'), 'Partly shipped');
    await waitFor(() => expect(asked).toHaveBeenLastCalledWith('partly_shipped'));
  });
});
