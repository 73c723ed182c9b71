import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { messages } from '@shared/messages';
import type { AdminCategory } from '@shared/catalogue/categories-admin.schema';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { resetUnitSystemCache } from '../lib/units';
import { AddProductForm } from './add-product-form';

const server = setupMswServer();

const pressure = {
  key: 'pressure',
  label: 'Maximum pressure',
  type: 'number',
  unitKind: 'pressure',
  unit: 'bar',
};
const source = { key: 'source', label: 'Power source', type: 'text', unitKind: null, unit: null };
const category = (slug: string, name: string, depth: number, attributes: object[]) =>
  ({
    _id: `id-${slug}`,
    slug,
    name,
    parentId: null,
    depth,
    productCount: 0,
    childCount: 0,
    attributes,
  }) as AdminCategory;
const tree = [
  category('compressors', 'Compressors', 0, [{ ...pressure, inheritedFrom: null }]),
  category('piston', 'Piston', 1, [
    { ...pressure, inheritedFrom: 'compressors' },
    { ...source, inheritedFrom: null },
  ]),
];

let created: Record<string, unknown> | undefined;
beforeEach(() => {
  created = undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:preview');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  server.use(
    http.get('/api/admin/categories', () => HttpResponse.json(tree)),
    http.post('/api/images', () => HttpResponse.json({ success: true, data: { url: '/media/d.webp' } })),
    http.post('/api/product', async ({ request }) => {
      created = (await request.json()) as Record<string, unknown>;
      return HttpResponse.json({ acknowledged: true, insertedId: 'p1', product: { _id: 'p1', ...created } });
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  resetUnitSystemCache();
});

async function fillRequired(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('Product Name'), 'Piston Compressor');
  await user.upload(
    screen.getByLabelText('Product image'),
    new File(['png'], 'a.png', { type: 'image/png' }),
  );
  await user.type(screen.getByLabelText('Minimum Order'), '1');
  await user.type(screen.getByLabelText('Price'), '500');
  await user.type(screen.getByLabelText('Quantity'), '3');
  await user.type(screen.getByLabelText('Description'), 'Belt driven.');
}

describe('AddProductForm catalogue data', () => {
  it("sends SKU, brand, category and the category's specs, numbers converted from the chosen unit", async () => {
    localStorage.setItem('toolhouse.units', 'imperial');
    const { user } = renderWithProviders(<AddProductForm />);
    await fillRequired(user);
    await user.type(screen.getByLabelText('SKU'), 'PC-145');
    await user.type(screen.getByLabelText('Brand'), 'Atlas');
    await user.selectOptions(await screen.findByLabelText('Category'), 'piston');
    await user.type(screen.getByLabelText('Maximum pressure (psi)'), '145');
    await user.type(screen.getByLabelText('Power source'), 'Electric');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(created).toMatchObject({ sku: 'PC-145', brand: 'Atlas', category: 'piston' });
    const specs = created!.specs as Record<string, number | string>;
    expect(specs.source).toBe('Electric');
    // 145 psi is 10 bar, the canonical unit.
    expect(specs.pressure as number).toBeCloseTo(10, 1);
  });

  // Issue 39 item 13: the form's toggle is the catalogue's; a spec typed keeps its amount when the units change.
  it('converts a spec typed in bar to psi and back when the toggle changes, and remembers the choice', async () => {
    const { user } = renderWithProviders(<AddProductForm />);
    await fillRequired(user);
    await user.selectOptions(await screen.findByLabelText('Category'), 'piston');
    await user.type(screen.getByLabelText('Maximum pressure (bar)'), '10');
    await user.click(screen.getByRole('radio', { name: 'Imperial' }));
    expect(Number((screen.getByLabelText('Maximum pressure (psi)') as HTMLInputElement).value)).toBeCloseTo(
      145,
      0,
    );
    expect(localStorage.getItem('toolhouse.units')).toBe('imperial');
    await user.click(screen.getByRole('radio', { name: 'Metric' }));
    expect(Number((screen.getByLabelText('Maximum pressure (bar)') as HTMLInputElement).value)).toBeCloseTo(
      10,
      1,
    );
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect((created!.specs as Record<string, number>).pressure).toBeCloseTo(10, 1);
  });

  it('shows the metric unit by default and sends no specs or catalogue fields left empty', async () => {
    const { user } = renderWithProviders(<AddProductForm />);
    await fillRequired(user);
    await user.selectOptions(await screen.findByLabelText('Category'), 'compressors');
    expect(screen.getByLabelText('Maximum pressure (bar)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Power source')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(created).not.toHaveProperty('specs');
    expect(created).not.toHaveProperty('sku');
    expect(created).toMatchObject({ category: 'compressors' });
  });

  it("refuses a non-number spec, and shows the API's spec and SKU errors under their fields", async () => {
    const { user } = renderWithProviders(<AddProductForm />);
    await fillRequired(user);
    await user.selectOptions(await screen.findByLabelText('Category'), 'compressors');
    await user.type(screen.getByLabelText('Maximum pressure (bar)'), 'high');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('Must be a number, 0 or more')).toBeInTheDocument();
    expect(created).toBeUndefined();

    server.use(
      http.post('/api/product', () =>
        HttpResponse.json(
          {
            error: 'bad_request',
            message: "specs.pressure: is not a spec of this product's category",
            field: 'specs.pressure',
          },
          { status: 400 },
        ),
      ),
    );
    await user.clear(screen.getByLabelText('Maximum pressure (bar)'));
    await user.type(screen.getByLabelText('Maximum pressure (bar)'), '8');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText("Is not a spec of this product's category")).toBeInTheDocument();
    expect(screen.getByLabelText('Maximum pressure (bar)')).toHaveAttribute('aria-invalid', 'true');

    server.use(
      http.post('/api/product', () =>
        HttpResponse.json(
          { error: 'conflict', message: 'sku: this SKU is already used by another product', field: 'sku' },
          { status: 409 },
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(await screen.findByText('This SKU is already used by another product')).toBeInTheDocument();
    expect(screen.getByLabelText('SKU')).toHaveAttribute('aria-invalid', 'true');
  });
});
