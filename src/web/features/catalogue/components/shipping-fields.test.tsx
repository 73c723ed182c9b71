import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AdminProduct } from '@shared/catalogue/admin-products.schema';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { resetUnitSystemCache } from '../lib/units';
import { AddProductForm } from './add-product-form';
import { EditProductDialog } from './edit-product-dialog';

const server = setupMswServer();

const product: AdminProduct = {
  _id: 'p1',
  name: 'Pallet Jack',
  img: '/media/p.webp',
  price: 500,
  quantity: 3,
  minOrder: 1,
  desc: 'Manual, 5,500 lb.',
  sku: 'PJ-1',
  brand: null,
  category: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  lowStockThreshold: null,
  shippingWeightLb: 160.5,
  lengthIn: 48,
  widthIn: 27,
  heightIn: 49.5,
  shipsAs: 'parcel',
  freightClass: null,
  backorderable: false,
  leadTimeDays: null,
};

let sent: unknown;
beforeEach(() => {
  sent = undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  server.use(
    http.get('/api/admin/categories', () => HttpResponse.json([])),
    http.get('/api/catalogue/products/p1', () =>
      HttpResponse.json({
        product: { ...product, keySpecs: [], packSize: 1, fromPrice: 500, priceBreaks: [] },
        breadcrumbs: [],
        related: [],
        specs: [],
      }),
    ),
    http.put('/api/product/p1', async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({ acknowledged: true, product });
    }),
    http.post('/api/images', () => HttpResponse.json({ success: true, data: { url: '/media/jack.webp' } })),
    http.post('/api/product', async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({
        acknowledged: true,
        insertedId: 'p2',
        product: { _id: 'p2', ...(sent as object) },
      });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  resetUnitSystemCache();
});

describe('Shipping fields of the product form', () => {
  it('edit: shows the current shipping data; freight needs a class, backorders a lead time; sends only the edits', async () => {
    const { user } = renderWithProviders(<EditProductDialog product={product} onClose={() => {}} />);
    expect(screen.getByLabelText('Shipping weight (lb)')).toHaveValue(160.5);
    expect(screen.getByLabelText('Height (in)')).toHaveValue(49.5);
    expect(screen.getByLabelText('Ships as')).toHaveValue('parcel');
    expect(screen.getByLabelText('Allow backorders')).not.toBeChecked();

    await user.selectOptions(screen.getByLabelText('Ships as'), 'LTL freight');
    await user.click(screen.getByLabelText('Allow backorders'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Is required when the product ships as LTL freight')).toBeInTheDocument();
    expect(screen.getByText('Is required when backorders are allowed')).toBeInTheDocument();
    expect(sent).toBeUndefined();

    await user.selectOptions(screen.getByLabelText('Freight class'), 'Class 85');
    await user.type(screen.getByLabelText('Lead time (days)'), '14');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({ shipsAs: 'freight', freightClass: '85', backorderable: true, leadTimeDays: 14 });
  });

  it('add: sends the weight in lb, the box in inches and the backorder settings given', async () => {
    const { user } = renderWithProviders(<AddProductForm />);
    await user.click(screen.getByRole('radio', { name: 'Imperial' }));
    await user.type(screen.getByLabelText('Product Name'), 'Pallet Jack');
    await user.upload(
      screen.getByLabelText('Product image'),
      new File(['png'], 'j.png', { type: 'image/png' }),
    );
    await user.type(screen.getByLabelText('Minimum Order'), '1');
    await user.type(screen.getByLabelText('Price'), '500');
    await user.type(screen.getByLabelText('Quantity'), '3');
    await user.type(screen.getByLabelText('Description'), 'Manual.');
    await user.type(screen.getByLabelText('Shipping weight (lb)'), '1.234');
    await user.type(screen.getByLabelText('Length (in)'), '48');
    await user.click(screen.getByLabelText('Allow backorders'));
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Must have at most 2 decimals')).toBeInTheDocument();
    expect(screen.getByText('Is required when backorders are allowed')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Shipping weight (lb)'));
    await user.type(screen.getByLabelText('Shipping weight (lb)'), '160.5');
    await user.type(screen.getByLabelText('Lead time (days)'), '21');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({
      shippingWeightLb: 160.5,
      lengthIn: 48,
      backorderable: true,
      leadTimeDays: 21,
    });
    expect(sent).not.toHaveProperty('shipsAs');
    expect(sent).not.toHaveProperty('widthIn');
  });

  it('add: follows the metric/imperial toggle: kg and cm typed, lb and inches sent; a switch keeps the amount', async () => {
    const { user } = renderWithProviders(<AddProductForm />);
    // Metric is the catalogue's default, as for the specs.
    expect(screen.getByRole('radio', { name: 'Metric' })).toBeChecked();
    await user.type(screen.getByLabelText('Product Name'), 'Pallet Jack');
    await user.upload(
      screen.getByLabelText('Product image'),
      new File(['png'], 'j.png', { type: 'image/png' }),
    );
    await user.type(screen.getByLabelText('Minimum Order'), '1');
    await user.type(screen.getByLabelText('Price'), '500');
    await user.type(screen.getByLabelText('Quantity'), '3');
    await user.type(screen.getByLabelText('Description'), 'Manual.');
    await user.type(screen.getByLabelText('Shipping weight (kg)'), '10');
    await user.type(screen.getByLabelText('Length (cm)'), '100');

    await user.click(screen.getByRole('radio', { name: 'Imperial' }));
    expect(screen.getByLabelText('Shipping weight (lb)')).toHaveValue(22.05);
    expect(screen.getByLabelText('Length (in)')).toHaveValue(39.4);
    await user.click(screen.getByRole('radio', { name: 'Metric' }));
    expect(screen.getByLabelText('Shipping weight (kg)')).toHaveValue(10);

    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ shippingWeightLb: 22.05, lengthIn: 39.4 });
  });
});
