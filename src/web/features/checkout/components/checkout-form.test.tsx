import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { Cart, CartLine } from '@shared/cart/cart.schema';
import { checkoutMessages } from '@shared/checkout/checkout.schema';
import type { Rates, ShippingOptionView } from '@shared/orders/delivery.schema';
import { Component as CheckoutPage } from '@/app/routes/dashboard/cart-checkout';
import { session } from '@/test/order-fixtures';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';
import { cartCents, cartLineCents, ratesCents } from '@/test/money-fixtures';

const server = setupMswServer();

const line = (n: number, name: string, quantity: number, unitPrice: number): CartLine =>
  cartLineCents({
    productId: `0b9c4f0e-8a51-4a7e-9d0c-00000000000${n}`,
    sku: `SKU-${n}`,
    name,
    img: '/media/x.webp',
    quantity,
    stock: 100,
    minOrder: 1,
    packSize: 1,
    basePrice: unitPrice,
    unitPrice,
    lineTotal: Math.round(quantity * unitPrice * 100) / 100,
    saving: 0,
    quantitySavingCents: 0,
    contractSavingCents: 0,
    problem: null,
  });
const lines = [line(1, 'Air hose 15 m', 10, 12.4), line(2, '18V drill', 2, 99)];
const cart: Cart = cartCents({
  lines,
  count: 2,
  totalQuantity: 12,
  total: 322,
  saving: 0,
  quantitySavingCents: 0,
  contractSavingCents: 0,
});
const checkoutId = 'c0000000-0000-4000-8000-000000000001';

const option = (o: Partial<ShippingOptionView> & Pick<ShippingOptionView, 'optionId' | 'name'>) => ({
  kind: 'parcel' as const,
  shipping: 0,
  tax: 0,
  total: 0,
  minDays: 2,
  maxDays: 5,
  liftgate: false,
  residential: false,
  pickupLocation: null,
  ...o,
});
const dallas: Rates = ratesCents({
  destination: { state: 'TX', zip: '75201' },
  subtotal: 322,
  exemptionNumber: null,
  notice: null,
  // A freight method is offered: the server prices its extras.
  freightExtras: { liftgate: 75, residential: 50 },
  options: [
    option({ optionId: 'ground', name: 'Ground', shipping: 18.5, tax: 28.09, total: 368.59 }),
    option({
      optionId: 'pickup',
      kind: 'pickup',
      name: 'Pickup at Dallas depot',
      tax: 26.57,
      total: 348.57,
      minDays: 0,
      maxDays: 0,
      pickupLocation: {
        _id: 'p1',
        name: 'Dallas depot',
        street: '1 Depot Road',
        city: 'Dallas',
        state: 'TX',
        zip: '75207',
        readyHours: 4,
      },
    }),
    option({
      optionId: 'freight',
      kind: 'freight',
      name: 'LTL freight',
      shipping: 120,
      tax: 36.47,
      total: 478.47,
    }),
  ],
});
const noRates: Rates = { ...dallas, options: [], freightExtras: null };
const savedAddress = { _id: 'a1', street: '500 Elm Street', city: 'Dallas', state: 'TX', zip: '75201' };
const acme = {
  _id: 'c1000000-0000-4000-8000-000000000001',
  name: 'Acme Tools',
  taxId: '12-3456789',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const yard = {
  _id: 'd1000000-0000-4000-8000-000000000001',
  name: 'Dallas yard',
  street: '1500 Main St',
  city: 'Dallas',
  state: 'TX',
  zip: '75201',
  taxExemption: { _id: 'e1000000-0000-4000-8000-000000000001', number: 'RC-TX-1', states: ['TX'] },
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderPage(
  post: Parameters<typeof http.post>[1],
  saved = { phone: '', address: '' },
  {
    addresses = [] as (typeof savedAddress)[],
    rates = (() => HttpResponse.json(noRates)) as Parameters<typeof http.post>[1],
    locations = null as (typeof yard)[] | null,
  } = {},
) {
  server.use(
    // A customer outside a company by default; with `locations`, a member of Acme.
    http.get('/api/companies/mine', () =>
      HttpResponse.json({ company: locations ? { ...acme, myRoles: ['buyer'] } : null }),
    ),
    http.get(`/api/companies/${acme._id}/locations`, () => HttpResponse.json(locations ?? [])),
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/userprofile/:email', () =>
      HttpResponse.json({ ...session.user, ...saved, education: '', linkedin: '' }),
    ),
    http.get('/api/cart/:email', () => HttpResponse.json(cart)),
    http.get('/api/addresses/:email', () => HttpResponse.json(addresses)),
    http.post('/api/shipping-rates/:email', rates),
    http.post('/api/checkout/:email', post),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/cart/checkout" element={<CheckoutPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: '/dashboard/cart/checkout' },
  );
}

async function typeAddress(user: ReturnType<typeof renderPage>['user'], zip = '75201') {
  await user.type(screen.getByLabelText('Street'), '1 Main Street');
  await user.type(screen.getByLabelText('City'), 'Dallas');
  await user.selectOptions(screen.getByLabelText('State'), 'TX');
  await user.type(screen.getByLabelText('ZIP'), zip);
}

describe('Checkout form', () => {
  it('fills the number from the profile and the address from the latest saved one, and sends the choice', async () => {
    let body: Record<string, unknown> | undefined;
    const ratesAsked = vi.fn();
    const { user } = renderPage(
      async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ message: 'no' }, { status: 500 });
      },
      { phone: '+1 555 0199', address: '9 Saved Road' },
      {
        addresses: [savedAddress, { ...savedAddress, _id: 'a2', street: '2 Other Way' }],
        rates: async ({ request }) => (ratesAsked(await request.json()), HttpResponse.json(dallas)),
      },
    );
    expect(await screen.findByDisplayValue('+1 555 0199')).toBe(screen.getByLabelText('Mobile number'));
    expect(await screen.findByDisplayValue('500 Elm Street')).toBe(screen.getByLabelText('Street'));
    expect(screen.getByLabelText('City')).toHaveValue('Dallas');
    expect(screen.getByLabelText('State')).toHaveValue('TX');
    expect(screen.getByLabelText('ZIP')).toHaveValue('75201');
    expect(screen.getByLabelText('Saved addresses')).toHaveValue('a1');

    const methods = await screen.findByRole('group', { name: 'Shipping method' });
    expect(ratesAsked).toHaveBeenCalledWith({
      zip: '75201',
      state: 'TX',
      liftgate: false,
      residential: false,
    });
    expect(within(methods).getAllByText('2–5 business days')).toHaveLength(2);
    expect(
      within(methods).getByText('Ready in 4 hours at 1 Depot Road, Dallas, TX 75207'),
    ).toBeInTheDocument();
    expect(within(methods).getByText('Free')).toBeInTheDocument();

    // No method chosen yet: the form asks for one, nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Choose a shipping method')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.click(screen.getByRole('radio', { name: /Ground/ }));
    const total = within(screen.getByLabelText('Order total'));
    expect(total.getByText('Shipping (Ground)')).toBeInTheDocument();
    expect(total.getByText('$18.50')).toBeInTheDocument();
    expect(total.getByText('$28.09')).toBeInTheDocument();
    expect(total.getByText('$368.59')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(body).toEqual({
        number: '+1 555 0199',
        address: '500 Elm Street, Dallas, TX 75201',
        shipTo: { street: '500 Elm Street', city: 'Dallas', state: 'TX', zip: '75201' },
        shippingOption: 'ground',
        liftgate: false,
        residential: false,
      }),
    );
  });

  it('prices freight again with a liftgate and shows a tax exemption', async () => {
    const asked: unknown[] = [];
    const { user } = renderPage(() => HttpResponse.json({}), undefined, {
      addresses: [savedAddress],
      rates: async ({ request }) => {
        const r = (await request.json()) as { liftgate: boolean };
        asked.push(r);
        if (r.liftgate) await delay(300);
        return HttpResponse.json({
          ...dallas,
          exemptionNumber: 'EX-9',
          options: [
            option({
              optionId: 'freight',
              kind: 'freight',
              name: 'LTL freight',
              shipping: r.liftgate ? 195 : 120,
              total: r.liftgate ? 517 : 442,
            }),
          ],
        });
      },
    });
    await user.click(await screen.findByRole('radio', { name: /LTL freight/ }));
    expect(screen.getByText('Tax exempt (certificate EX-9)')).toBeInTheDocument();
    expect(screen.getByText('$442.00')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Liftgate delivery (+$75.00)' }));
    expect(screen.getByRole('checkbox', { name: 'Residential delivery (+$50.00)' })).not.toBeChecked();
    // While the server prices the liftgate, the last figures stay: no blank shipping, no goods-only total.
    await waitFor(() => expect(asked).toHaveLength(2));
    const total = within(screen.getByLabelText('Order total'));
    expect(total.getByText('Shipping (LTL freight)')).toBeInTheDocument();
    expect(total.getByText('$442.00')).toBeInTheDocument();
    expect(await screen.findByText('$517.00')).toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ zip: '75201', state: 'TX', liftgate: true, residential: false });
  });

  // Issue 39 item 10: a cart with a product of unknown weight is never offered a delivery priced as weightless.
  it("shows the server's notice when a product has no shipping weight, and offers only pickup", async () => {
    const notice =
      'Air hose 15 m has no shipping weight yet, so we cannot price the delivery: request a quote, or choose pickup if it is offered.';
    renderPage(() => HttpResponse.json({}), undefined, {
      addresses: [savedAddress],
      rates: () =>
        HttpResponse.json({
          ...dallas,
          notice,
          freightExtras: null,
          options: dallas.options.filter((o) => o.kind === 'pickup'),
        }),
    });
    const methods = await screen.findByRole('group', { name: 'Shipping method' });
    expect(screen.getByText(notice)).toHaveAttribute('role', 'status');
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([expect.stringContaining('Pickup at Dallas depot')]);
    expect(screen.queryByRole('checkbox', { name: /Liftgate/ })).toBeNull();
  });

  it('labels every field, summarises the cart and checks the required fields before sending', async () => {
    const sent = vi.fn();
    const { user } = renderPage(() => (sent(), HttpResponse.json({})));
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    for (const label of [
      'Mobile number',
      'Street',
      'City',
      'State',
      'ZIP',
      'Company (optional)',
      'PO number (optional)',
    ])
      expect(await screen.findByLabelText(label)).toBeInTheDocument();
    expect(screen.queryByLabelText('Saved addresses')).not.toBeInTheDocument();

    const summary = within(screen.getByRole('region', { name: 'Your order' }));
    expect(summary.getByText('Air hose 15 m')).toBeInTheDocument();
    expect(summary.getByText('10 × $12.40')).toBeInTheDocument();
    expect(summary.getByText('$124.00')).toBeInTheDocument();
    expect(summary.getByText('18V drill')).toBeInTheDocument();
    expect(summary.getByText('$322.00')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Mobile number'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Must be a phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Street')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('ZIP')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Company (optional)')).not.toHaveAttribute('aria-invalid');
    expect(sent).not.toHaveBeenCalled();
  });

  it('places the order with the PO number, goods only when no method ships it, and goes to its payment page', async () => {
    const body = vi.fn();
    const { user } = renderPage(async ({ request, params }) => {
      body(params.email, await request.json());
      return HttpResponse.json({ _id: checkoutId }, { status: 201 });
    });
    await user.type(await screen.findByLabelText('Mobile number'), '+1 555 0100');
    await typeAddress(user);
    await user.type(screen.getByLabelText('PO number (optional)'), 'PO-4711');
    expect(
      await screen.findByText('Shipping is arranged after your order; you pay for the goods only.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(`/dashboard/pay-checkout/${checkoutId}`);
    expect(body).toHaveBeenCalledWith(session.user.email, {
      number: '+1 555 0100',
      address: '1 Main Street, Dallas, TX 75201',
      shipTo: { street: '1 Main Street', city: 'Dallas', state: 'TX', zip: '75201' },
      poNumber: 'PO-4711',
    });
  });

  it("lists each line's problem on a 409 and links back to the cart", async () => {
    const { user } = renderPage(() =>
      HttpResponse.json(
        {
          statusCode: 409,
          error: 'Conflict',
          message: checkoutMessages.linesProblem,
          lines: [{ productId: lines[1]!.productId, name: '18V drill', problem: 'Only 1 left in stock.' }],
        },
        { status: 409 },
      ),
    );
    await user.type(await screen.findByLabelText('Mobile number'), '+1 555 0100');
    await typeAddress(user);
    await screen.findByText('Shipping is arranged after your order; you pay for the goods only.');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const problems = await screen.findByRole('alert', { name: 'Lines that cannot be ordered' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['18V drill: Only 1 left in stock.']);
    expect(screen.getByText(checkoutMessages.linesProblem)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Back to the cart' })[0]).toHaveAttribute(
      'href',
      '/dashboard/cart',
    );
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it("shows the server's field error under its field", async () => {
    const { user } = renderPage(() =>
      HttpResponse.json(
        { statusCode: 400, error: 'Bad Request', message: 'poNumber: is already used', field: 'poNumber' },
        { status: 400 },
      ),
    );
    await user.type(await screen.findByLabelText('Mobile number'), '+1 555 0100');
    await typeAddress(user);
    await user.type(screen.getByLabelText('PO number (optional)'), 'PO-1');
    await screen.findByText('Shipping is arranged after your order; you pay for the goods only.');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(screen.getByLabelText('PO number (optional)')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText('Is already used')).toBeInTheDocument();
  });

  it("shows the server's refusal of the ZIP at the ZIP field", async () => {
    const { user } = renderPage(() =>
      HttpResponse.json(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'shipTo.zip: is not a ZIP code we deliver to',
          field: 'shipTo.zip',
        },
        { status: 400 },
      ),
    );
    await user.type(await screen.findByLabelText('Mobile number'), '+1 555 0100');
    await typeAddress(user);
    await screen.findByText('Shipping is arranged after your order; you pay for the goods only.');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getByLabelText('ZIP')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('ZIP')).toHaveAccessibleDescription('Is not a ZIP code we deliver to');
  });

  // A company location's exemption at checkout (decision 039): the picker fills its address and sends its id.
  it("offers a member the company's locations, prices and sends the one picked by its id", async () => {
    let body: Record<string, unknown> | undefined;
    const asked: Record<string, unknown>[] = [];
    const { user } = renderPage(
      async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ message: 'no' }, { status: 500 });
      },
      { phone: '+1 555 0199', address: '' },
      {
        locations: [yard],
        rates: async ({ request }) => {
          const r = (await request.json()) as Record<string, unknown>;
          asked.push(r);
          return HttpResponse.json(r.locationId ? { ...dallas, exemptionNumber: 'RC-TX-1' } : dallas);
        },
      },
    );
    const picker = await screen.findByLabelText('Company locations');
    expect(picker).toHaveValue('');
    await user.selectOptions(picker, 'Dallas yard: 1500 Main St, Dallas, TX 75201');
    expect(screen.getByLabelText('Street')).toHaveValue('1500 Main St');
    expect(screen.getByLabelText('ZIP')).toHaveValue('75201');
    expect(await screen.findByText('Tax exempt (certificate RC-TX-1)')).toBeInTheDocument();
    expect(asked.at(-1)).toMatchObject({ zip: '75201', state: 'TX', locationId: yard._id });

    await user.click(await screen.findByRole('radio', { name: /Ground/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(body).toMatchObject({ locationId: yard._id, shippingOption: 'ground' }));

    // Another street is the buyer's own address: no longer the location, nor its exemption.
    await user.type(screen.getByLabelText('Street'), ' rear');
    expect(picker).toHaveValue('');
    await waitFor(() => expect(asked.at(-1)).not.toHaveProperty('locationId'));
    await waitFor(() => expect(screen.queryByText(/Tax exempt/)).not.toBeInTheDocument());
  });

  it('shows no location picker to a customer outside a company', async () => {
    renderPage(() => HttpResponse.json({}));
    expect(await screen.findByLabelText('Mobile number')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Company locations')).not.toBeInTheDocument());
  });
});
