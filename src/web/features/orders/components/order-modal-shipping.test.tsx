import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Rates } from '@shared/orders/delivery.schema';
import { customer, linePriceHandler, savedAddressesHandler } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { OrderModal, type OrderableProduct } from './order-modal';
import { ratesCents } from '@/test/money-fixtures';

// The server prices the drill at its catalogue price: the dialog's goods are the server's line total.
const server = setupMswServer(
  savedAddressesHandler(),
  linePriceHandler(() => ({ unitPriceCents: 99_00 })),
);

const drill: OrderableProduct = {
  _id: '0b9c4f0e-8a51-4a7e-9d0c-1f2e3a4b5c6f',
  name: '18V drill',
  img: '/media/drill.webp',
  price: 99,
  quantity: 20,
  minOrder: 1,
  desc: 'Cordless.',
};
const base = { liftgate: false, residential: false, minDays: 2, maxDays: 5 };
const rates: Rates = ratesCents({
  destination: { state: 'TX', zip: '75201' },
  subtotal: 99,
  exemptionNumber: null,
  notice: null,
  freightExtras: null,
  options: [
    {
      ...base,
      optionId: 'pickup',
      kind: 'pickup',
      name: 'Pickup',
      shipping: 0,
      tax: 8.17,
      total: 107.17,
      pickupLocation: {
        _id: 'p1',
        name: 'Depot',
        street: '1 Depot Road',
        city: 'Dallas',
        state: 'TX',
        zip: '75207',
        readyHours: 4,
      },
    },
    {
      ...base,
      optionId: 'ground',
      kind: 'parcel',
      name: 'Ground',
      shipping: 9.5,
      tax: 8.95,
      total: 117.45,
      pickupLocation: null,
    },
  ],
});

describe('Order modal shipping note', () => {
  it('prices the shipping and tax the server adds once the address names a state and ZIP', async () => {
    const asked = vi.fn();
    server.use(
      http.post(
        '/api/shipping-rates/:email',
        async ({ request }) => (asked(await request.json()), HttpResponse.json(rates)),
      ),
    );
    const { user } = renderWithProviders(
      <OrderModal product={drill} customer={{ ...customer, address: '' }} onClose={() => {}} />,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Order 18V drill' }));
    await user.type(dialog.getByLabelText('Address'), '1 Main Street, Springfield');
    expect(dialog.queryByText(/Shipping to/)).not.toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Address'));
    await user.type(dialog.getByLabelText('Address'), '500 Elm Street, Dallas, TX 75201');
    expect(
      await dialog.findByText(
        'Shipping to TX 75201: $9.50 (Ground), tax $8.95; total $117.45 on the payment page.',
      ),
    ).toBeInTheDocument();
    expect(asked).toHaveBeenLastCalledWith({
      zip: '75201',
      state: 'TX',
      productId: drill._id,
      quantity: 1,
      liftgate: false,
      residential: false,
    });
    // The dialog's Total is what the payment page will charge (issue 38: it read $99.00, the goods alone, while the
    // line above quoted $117.45), with the goods, shipping and tax beside it.
    expect(dialog.getByRole('status', { name: 'Total' })).toHaveTextContent('$117.45');
    expect(dialog.getByText('Goods $99.00, shipping $9.50, tax $8.95')).toBeInTheDocument();
  });

  it('lets the customer choose the method: the cheapest delivery first, pickup on a click, sent with the order', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('/api/shipping-rates/:email', () => HttpResponse.json(rates)),
      http.post('/api/order/:email', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({
          acknowledged: true,
          insertedId: 'o1',
          message: 'Order placed for 1 unit',
        });
      }),
    );
    const { user } = renderWithProviders(
      <OrderModal product={drill} customer={{ ...customer, address: '' }} onClose={() => {}} />,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Order 18V drill' }));
    await user.type(dialog.getByLabelText('Number'), '+1 214 555 0100');
    await user.type(dialog.getByLabelText('Address'), '500 Elm Street, Dallas, TX 75201');
    const methods = within(await dialog.findByRole('group', { name: 'Shipping method' }));
    expect(await methods.findByRole('radio', { name: /Ground/ })).toBeChecked();
    await user.click(methods.getByRole('radio', { name: /Pickup/ }));
    expect(
      await dialog.findByText(
        'Shipping to TX 75201: Free (Pickup), tax $8.17; total $107.17 on the payment page.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Place order' }));
    await vi.waitFor(() => expect(body).toBeDefined());
    expect(body).toMatchObject({
      address: '500 Elm Street, Dallas, TX 75201',
      // The same address, structured: the server saves it for the next order.
      shipTo: { street: '500 Elm Street', city: 'Dallas', state: 'TX', zip: '75201' },
      shippingOption: 'pickup',
    });
    expect(body).not.toHaveProperty('liftgate');
  });

  it('fills the Address from a saved address, and sends a text it cannot read as one without a structured copy', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      savedAddressesHandler([
        { _id: 'a1', street: '9 Harbor Road', city: 'Houston', state: 'TX', zip: '77002' },
      ]),
      http.post('/api/shipping-rates/:email', () => HttpResponse.json(rates)),
      http.post('/api/order/:email', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ acknowledged: true, insertedId: 'o1', message: 'Order placed' });
      }),
    );
    const { user } = renderWithProviders(
      <OrderModal
        product={drill}
        customer={{ ...customer, phone: '+1 214 555 0100', address: 'Depot gate 3' }}
        onClose={() => {}}
      />,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Order 18V drill' }));
    const saved = await dialog.findByLabelText('Deliver to');
    expect(saved).toHaveValue('');
    await user.selectOptions(saved, '9 Harbor Road, Houston, TX 77002');
    expect(dialog.getByLabelText('Address')).toHaveValue('9 Harbor Road, Houston, TX 77002');
    expect(await dialog.findByRole('group', { name: 'Shipping method' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Place order' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      address: '9 Harbor Road, Houston, TX 77002',
      shipTo: { street: '9 Harbor Road', city: 'Houston', state: 'TX', zip: '77002' },
    });

    await user.selectOptions(saved, 'The address below');
    await user.clear(dialog.getByLabelText('Address'));
    await user.type(dialog.getByLabelText('Address'), 'Depot gate 3');
    expect(saved).toHaveValue('');
    await user.click(dialog.getByRole('button', { name: 'Place order' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ address: 'Depot gate 3' });
    expect(bodies[1]).not.toHaveProperty('shipTo');
  });
});
