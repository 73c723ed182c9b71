/**
 * @vitest-environment jsdom
 * happy-dom 21 does not show a <select>'s value set by React before the user touches it; these forms depend on it
 * (docs/decisions/032-test-suite-time.md, "A lighter DOM").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AdminProduct } from '@shared/catalogue/admin-products.schema';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { resetUnitSystemCache } from '../lib/units';
import { EditProductDialog } from './edit-product-dialog';

const server = setupMswServer();

const product: AdminProduct = {
  _id: 'p1',
  name: 'Piston Compressor',
  img: '/media/p.webp',
  price: 500,
  quantity: 3,
  minOrder: 1,
  desc: 'Belt driven.',
  sku: 'PC-1',
  brand: 'Atlas',
  category: { slug: 'compressors', name: 'Compressors' },
  createdAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  lowStockThreshold: null,
};
const pressure = {
  key: 'pressure',
  label: 'Maximum pressure',
  type: 'number',
  unitKind: 'pressure',
  unit: 'bar',
};
const tank = { key: 'tank', label: 'Tank volume', type: 'number', unitKind: 'volume', unit: 'L' };

let sent: unknown;
beforeEach(() => {
  sent = undefined;
  server.use(
    http.get('/api/admin/categories', () =>
      HttpResponse.json([
        {
          _id: 'c1',
          slug: 'compressors',
          name: 'Compressors',
          parentId: null,
          depth: 0,
          productCount: 1,
          childCount: 0,
          attributes: [
            { ...pressure, inheritedFrom: null },
            { ...tank, inheritedFrom: null },
          ],
        },
      ]),
    ),
    http.get('/api/catalogue/products/p1', () =>
      HttpResponse.json({
        product: {
          ...product,
          keySpecs: [],
          packSize: 1,
          fromPrice: 400,
          priceBreaks: [{ minQuantity: 5, price: 400 }],
        },
        breadcrumbs: [],
        related: [],
        specs: [
          { ...pressure, value: 10, valueText: null },
          { ...tank, value: 50, valueText: null },
        ],
      }),
    ),
    http.put('/api/product/p1', async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({ acknowledged: true, product });
    }),
  );
});
afterEach(() => {
  localStorage.clear();
  resetUnitSystemCache();
});

describe('EditProductDialog catalogue data', () => {
  it('shows the current SKU, brand, category and specs in the chosen unit, and sends only the edits, canonical', async () => {
    localStorage.setItem('toolhouse.units', 'imperial');
    const { user } = renderWithProviders(<EditProductDialog product={product} onClose={() => {}} />);
    expect(screen.getByLabelText('SKU')).toHaveValue('PC-1');
    expect(screen.getByLabelText('Brand')).toHaveValue('Atlas');
    await waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('compressors'));
    const psi = await screen.findByLabelText('Maximum pressure (psi)');
    await waitFor(() => expect(psi).toHaveValue('145'));
    await user.clear(psi);
    await user.type(psi, '116');
    await user.clear(screen.getByLabelText('Tank volume (gal)'));
    await user.clear(screen.getByLabelText('SKU'));
    await user.type(screen.getByLabelText('SKU'), 'PC-2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toBeDefined());
    const body = sent as { sku: string; specs: { pressure: number; tank: null } };
    expect(Object.keys(body).sort()).toEqual(['sku', 'specs']);
    expect(body.sku).toBe('PC-2');
    expect(body.specs.tank).toBeNull();
    expect(body.specs.pressure).toBeCloseTo(8, 1);
  });
});

describe('EditProductDialog while its data loads', () => {
  it('fills the specs when the categories arrive after the product, and a rename keeps them', async () => {
    // The order a slow machine showed: the product's details first, the categories (and so the spec fields) later.
    let releaseCategories!: () => void;
    const categoriesArrive = new Promise<void>((resolve) => (releaseCategories = resolve));
    server.use(
      http.get('/api/admin/categories', async () => {
        await categoriesArrive;
        return HttpResponse.json([
          {
            _id: 'c1',
            slug: 'compressors',
            name: 'Compressors',
            parentId: null,
            depth: 0,
            productCount: 1,
            childCount: 0,
            attributes: [
              { ...pressure, inheritedFrom: null },
              { ...tank, inheritedFrom: null },
            ],
          },
        ]);
      }),
    );
    const { user } = renderWithProviders(<EditProductDialog product={product} onClose={() => {}} />);
    const save = screen.getByRole('button', { name: 'Save changes' });
    await waitFor(() => expect(save).toBeEnabled());
    releaseCategories();
    await waitFor(() => expect(screen.getByLabelText('Maximum pressure (bar)')).toHaveValue('10'));
    await user.type(screen.getByLabelText('Product Name'), ' Pro');
    await user.click(save);
    await waitFor(() => expect(sent).toEqual({ name: 'Piston Compressor Pro' }));
  });

  it('cannot be saved before the current specs are known, so a quick rename never clears them', async () => {
    let releaseDetail!: () => void;
    const detailArrives = new Promise<void>((resolve) => (releaseDetail = resolve));
    server.use(
      http.get('/api/catalogue/products/p1', async () => {
        await detailArrives;
        return HttpResponse.json({
          product: { ...product, keySpecs: [], packSize: 1, fromPrice: 500, priceBreaks: [] },
          breadcrumbs: [],
          related: [],
          specs: [{ ...pressure, value: 10, valueText: null }],
        });
      }),
    );
    const { user } = renderWithProviders(<EditProductDialog product={product} onClose={() => {}} />);
    await screen.findByLabelText('Maximum pressure (bar)');
    await user.type(screen.getByLabelText('Product Name'), ' Pro');
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    releaseDetail();
    await waitFor(() => expect(save).toBeEnabled());
    await waitFor(() => expect(screen.getByLabelText('Maximum pressure (bar)')).toHaveValue('10'));
    await user.click(save);
    await waitFor(() => expect(sent).toEqual({ name: 'Piston Compressor Pro' }));
  });
});

describe('EditProductDialog renaming', () => {
  it('shows the name, sends only the new name, and shows a blank name as the add form does', async () => {
    const { user } = renderWithProviders(<EditProductDialog product={product} onClose={() => {}} />);
    const name = screen.getByLabelText('Product Name');
    expect(name).toHaveValue('Piston Compressor');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Product Name is required')).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.type(name, 'Piston Compressor 50 L');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toEqual({ name: 'Piston Compressor 50 L' }));
  });

  it("shows the server's refusal of the name under the name field", async () => {
    server.use(
      http.put('/api/product/p1', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message: 'name: must be at most 120 characters',
            field: 'name',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<EditProductDialog product={product} onClose={() => {}} />);
    await user.type(screen.getByLabelText('Product Name'), ' X');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByLabelText('Product Name')).toHaveAccessibleDescription(
      /at most 120 characters/i,
    );
  });
});

describe('EditProductDialog low-stock threshold', () => {
  it('sets a threshold of its own', async () => {
    const { user } = renderWithProviders(<EditProductDialog product={product} onClose={() => {}} />);
    const threshold = screen.getByLabelText('Reorder level');
    expect(threshold).toHaveValue(null);
    await user.type(threshold, '4');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toEqual({ lowStockThreshold: 4 }));
  });

  it('sends null when an existing threshold is emptied, and names a bad one', async () => {
    const { user } = renderWithProviders(
      <EditProductDialog product={{ ...product, lowStockThreshold: 6 }} onClose={() => {}} />,
    );
    const threshold = screen.getByLabelText('Reorder level');
    expect(threshold).toHaveValue(6);
    await user.clear(threshold);
    await user.type(threshold, '-1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/must be 0 or more/i)).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.clear(threshold);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toEqual({ lowStockThreshold: null }));
  });
});
