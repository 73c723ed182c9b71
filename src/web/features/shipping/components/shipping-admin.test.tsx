/**
 * @vitest-environment jsdom
 * happy-dom 21 does not show a <select>'s value set by React before the user touches it; these forms depend on it
 * (docs/decisions/032-test-suite-time.md, "A lighter DOM").
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ShippingMethod, ShippingSettings } from '@shared/shipping/shipping.schema';
import type { TaxRates } from '@shared/tax/tax.schema';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { ShippingAdmin } from './shipping-admin';

const server = setupMswServer();

const ground: ShippingMethod = {
  _id: '11111111-1111-4111-8111-111111111111',
  kind: 'parcel',
  name: 'Ground parcel',
  active: true,
  position: 10,
  minDays: 2,
  maxDays: 5,
  freeAboveCents: null,
  minChargeCents: 0,
  liftgateCents: 0,
  residentialCents: 0,
  parcelRates: [{ zone: 1, maxWeightGrams: 454, cents: 895 }],
  freightRates: [],
};

let settings: ShippingSettings;
let tax: TaxRates;
beforeEach(() => {
  settings = {
    methods: [ground],
    zones: [{ state: 'TX', zone: 1 }],
    pickupLocations: [
      {
        _id: '22222222-2222-4222-8222-222222222222',
        name: 'Dallas warehouse',
        street: '2400 Industrial Blvd',
        city: 'Dallas',
        state: 'TX',
        zip: '75207',
        readyHours: 4,
        active: true,
        position: 0,
      },
    ],
  };
  tax = { rates: [{ state: 'TX', zipPrefix: '', ratePercent: 6.25, shippingTaxable: true }] };
});

const reads = () => [
  http.get('/api/shipping/settings', () => HttpResponse.json(settings)),
  http.get('/api/tax/rates', () => HttpResponse.json(tax)),
];

describe('ShippingAdmin', () => {
  it('lists the methods, zones, pickup locations and tax rates, and says the rates are illustrative', async () => {
    server.use(...reads());
    renderWithProviders(<ShippingAdmin />);
    expect(await screen.findByRole('rowheader', { name: 'Ground parcel' })).toBeInTheDocument();
    expect(screen.getAllByText(/Illustrative rates: check your own obligations/)[0]).toBeInTheDocument();
    expect(screen.getByLabelText('Texas')).toHaveValue('1');
    expect(screen.getByLabelText('Oklahoma')).toHaveValue('');
    expect(screen.getByText('Dallas warehouse')).toBeInTheDocument();
    expect(await screen.findByLabelText('Rate in percent, row 1')).toHaveValue(6.25);
  });

  it('shows an error with a retry when the settings cannot load', async () => {
    server.use(
      http.get('/api/shipping/settings', () =>
        HttpResponse.json({ error: 'internal', message: 'Boom.' }, { status: 500 }),
      ),
      http.get('/api/tax/rates', () => HttpResponse.json(tax)),
    );
    renderWithProviders(<ShippingAdmin />);
    expect(await screen.findByText(/We could not load the shipping settings/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('edits a method and its rate rows with PUT, prices typed in dollars and sent in cents', async () => {
    let body: unknown;
    server.use(
      ...reads(),
      http.put('/api/shipping/methods/:id', async ({ request }) => {
        body = await request.json();
        const saved = { ...ground, ...(body as object) };
        settings = { ...settings, methods: [saved] };
        return HttpResponse.json(saved);
      }),
    );
    const { user } = renderWithProviders(<ShippingAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Edit Ground parcel' }));
    expect(screen.getByLabelText('Method name')).toHaveFocus();
    expect(screen.getByLabelText('Price in dollars, row 1')).toHaveValue('8.95');
    expect(screen.getByText('1 lb')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add rate row' }));
    const price = screen.getByLabelText('Price in dollars, row 2');
    await user.clear(price);
    await user.type(price, '12.95');
    const grams = screen.getByLabelText('Up to grams, row 2');
    await user.clear(grams);
    await user.type(grams, '2268');
    await user.click(screen.getByRole('button', { name: 'Save method' }));
    expect(await screen.findByText('Saved Ground parcel')).toBeInTheDocument();
    expect(body).toMatchObject({
      kind: 'parcel',
      name: 'Ground parcel',
      parcelRates: [
        { zone: 1, maxWeightGrams: 454, cents: 895 },
        { zone: 1, maxWeightGrams: 2268, cents: 1295 },
      ],
    });
    expect(screen.queryByLabelText('Method name')).not.toBeInTheDocument();
  });

  it('takes a freight method’s charges in dollars, sends cents, and refuses fractions of a cent', async () => {
    let body: unknown;
    server.use(
      ...reads(),
      http.post('/api/shipping/methods', async ({ request }) => {
        body = await request.json();
        const saved = { ...ground, _id: '33333333-3333-4333-8333-333333333333', ...(body as object) };
        settings = { ...settings, methods: [ground, saved] };
        return HttpResponse.json(saved, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<ShippingAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Add method' }));
    await user.type(screen.getByLabelText('Method name'), 'LTL freight');
    await user.selectOptions(screen.getByLabelText('Kind'), 'freight');
    const minimum = screen.getByLabelText('Minimum charge ($)');
    await user.clear(minimum);
    await user.type(minimum, '1,234.5');
    const liftgate = screen.getByLabelText('Liftgate ($)');
    await user.clear(liftgate);
    await user.type(liftgate, '75.255');
    await user.click(screen.getByRole('button', { name: 'Add method' }));
    await waitFor(() => expect(liftgate).toHaveAccessibleDescription('Must have at most 2 decimals'));
    expect(body).toBeUndefined();
    await user.clear(liftgate);
    await user.type(liftgate, '75.25');
    await user.click(screen.getByRole('button', { name: 'Add method' }));
    expect(await screen.findByText('Added LTL freight')).toBeInTheDocument();
    expect(body).toMatchObject({
      kind: 'freight',
      name: 'LTL freight',
      minChargeCents: 123450,
      liftgateCents: 7525,
      residentialCents: 0,
    });
  });

  it('shows the server’s 409 at the name field', async () => {
    server.use(
      ...reads(),
      http.post('/api/shipping/methods', () =>
        HttpResponse.json(
          {
            error: 'conflict',
            message: 'name: is already the name of another shipping method',
            field: 'name',
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderWithProviders(<ShippingAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Add method' }));
    await user.type(screen.getByLabelText('Method name'), 'ground parcel');
    await user.click(screen.getByRole('button', { name: 'Add method' }));
    const name = screen.getByLabelText('Method name');
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Is already the name of another shipping method'),
    );
  });

  it('checks the form with the shared schema: a duplicate rate row is named before sending', async () => {
    const sent = vi.fn();
    server.use(...reads(), http.put('/api/shipping/methods/:id', sent));
    const { user } = renderWithProviders(<ShippingAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Edit Ground parcel' }));
    await user.click(screen.getByRole('button', { name: 'Add rate row' }));
    await user.click(screen.getByRole('button', { name: 'Save method' }));
    expect(await screen.findByText(/Repeats row 1/)).toBeInTheDocument();
    expect(screen.getByLabelText('Up to grams, row 2')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
  });

  it('confirms before deleting a method', async () => {
    const deleted = vi.fn();
    server.use(
      ...reads(),
      http.delete('/api/shipping/methods/:id', ({ params }) => {
        deleted(params.id);
        settings = { ...settings, methods: [] };
        return HttpResponse.json({ acknowledged: true });
      }),
    );
    const { user } = renderWithProviders(<ShippingAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Delete Ground parcel' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete shipping method?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete Ground parcel' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete shipping method?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(deleted).toHaveBeenCalledWith(ground._id));
    expect(await screen.findByText(/No shipping methods yet/)).toBeInTheDocument();
  });

  it('edits a pickup location with PUT and adds one with POST, showing a refused ZIP at its field', async () => {
    const bodies: unknown[] = [];
    server.use(
      ...reads(),
      http.put('/api/shipping/pickup-locations/:id', async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        return HttpResponse.json({ ...settings.pickupLocations[0], ...(body as object) });
      }),
      http.post('/api/shipping/pickup-locations', () =>
        HttpResponse.json(
          { error: 'bad_request', message: 'zip: must be a 5-digit ZIP code', field: 'zip' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<ShippingAdmin />);
    await user.click(await screen.findByRole('button', { name: 'Edit Dallas warehouse' }));
    const hours = screen.getByLabelText('Ready after (hours)');
    await user.clear(hours);
    await user.type(hours, '24');
    await user.click(screen.getByRole('button', { name: 'Save location' }));
    expect(await screen.findByText('Saved Dallas warehouse')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Dallas warehouse',
        street: '2400 Industrial Blvd',
        city: 'Dallas',
        state: 'TX',
        zip: '75207',
        readyHours: 24,
        active: true,
        position: 0,
      },
    ]);

    await user.click(screen.getByRole('button', { name: 'Add location' }));
    await user.type(screen.getByLabelText('Location name'), 'Houston yard');
    await user.type(screen.getByLabelText('Street'), '1 Port Rd');
    await user.type(screen.getByLabelText('City'), 'Houston');
    await user.type(screen.getByLabelText('ZIP code'), '7701');
    await user.click(screen.getByRole('button', { name: 'Add location' }));
    // The shared schema refuses it before sending; the same words the server would use.
    expect(await screen.findByText('Must be a 5-digit ZIP code')).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves the zones as one table', async () => {
    let body: unknown;
    server.use(
      ...reads(),
      http.put('/api/shipping/zones', async ({ request }) => {
        const sent = (await request.json()) as { zones: ShippingSettings['zones'] };
        body = sent;
        return HttpResponse.json(sent);
      }),
    );
    const { user } = renderWithProviders(<ShippingAdmin />);
    await user.selectOptions(await screen.findByLabelText('Oklahoma'), 'Zone 2');
    await user.click(screen.getByRole('button', { name: 'Save zones' }));
    await waitFor(() =>
      expect(body).toEqual({
        zones: [
          { state: 'OK', zone: 2 },
          { state: 'TX', zone: 1 },
        ],
      }),
    );
  });

  it('saves the tax table and shows a refused row at its field', async () => {
    let body: unknown;
    server.use(
      ...reads(),
      http.put('/api/tax/rates', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { error: 'bad_request', message: 'rates.1.zipPrefix: must be empty', field: 'rates.1.zipPrefix' },
          { status: 400 },
        );
      }),
    );
    const { user } = renderWithProviders(<ShippingAdmin />);
    await screen.findByLabelText('Rate in percent, row 1');
    await user.click(screen.getByRole('button', { name: 'Add tax row' }));
    await user.type(screen.getByLabelText('ZIP prefix, row 2'), '752');
    const rate = screen.getByLabelText('Rate in percent, row 2');
    await user.clear(rate);
    await user.type(rate, '8.25');
    await user.click(screen.getByRole('button', { name: 'Save tax rates' }));
    await waitFor(() =>
      expect(body).toEqual({
        rates: [
          { state: 'TX', zipPrefix: '', ratePercent: 6.25, shippingTaxable: true },
          { state: 'TX', zipPrefix: '752', ratePercent: 8.25, shippingTaxable: false },
        ],
      }),
    );
    expect(await screen.findByText('Must be empty')).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP prefix, row 2')).toHaveAttribute('aria-invalid', 'true');
  });
});
