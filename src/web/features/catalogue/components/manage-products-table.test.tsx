import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AdminProduct } from '@shared/catalogue/admin-products.schema';
import { messages } from '@shared/messages';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { ManageProductsTable } from './manage-products-table';

const server = setupMswServer();

let products: AdminProduct[];
beforeEach(() => {
  products = [
    {
      _id: 'p1',
      name: 'Impact Drill',
      img: '/media/p1.webp',
      price: 89.5,
      quantity: 120,
      minOrder: 10,
      desc: 'Strong.',
      sku: 'DR-100',
      brand: null,
      category: { slug: 'drills', name: 'Drills' },
      createdAt: '2026-01-02T00:00:00.000Z',
      deletedAt: null,
      lowStockThreshold: null,
    },
    {
      _id: 'p2',
      name: 'Air Compressor',
      img: '/media/p2.webp',
      price: 1249,
      quantity: 3,
      minOrder: 5,
      desc: 'Loud.',
      sku: 'AC-50',
      brand: 'Atlas',
      category: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      deletedAt: null,
      lowStockThreshold: null,
    },
  ];
});

const listProducts = () => http.get('/api/admin/products', () => HttpResponse.json(products));

describe('ManageProductsTable', () => {
  it('lists every product with image, name, price, stock and minimum order in a scrolling box', async () => {
    server.use(listProducts());
    renderWithProviders(<ManageProductsTable />);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Image', 'Name', 'Category', 'Price', 'Stock', 'Minimum order', 'Action']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Impact Drill');
    expect(rows[0]).toHaveTextContent('$89.50');
    expect(rows[0]).toHaveTextContent('DR-100');
    expect(rows[0]).toHaveTextContent('Drills');
    expect(rows[1]).toHaveTextContent('Low stock');
    expect(table.parentElement).toHaveClass('overflow-x-auto');
  });

  // Issue 39 item 10: a product whose delivery cannot be priced stands out on the list.
  it('flags a product without a shipping weight, and only that one', async () => {
    products[0] = { ...products[0]!, shippingWeightLb: null, unweighed: true };
    products[1] = { ...products[1]!, shippingWeightLb: 52.5, unweighed: false };
    server.use(listProducts());
    renderWithProviders(<ManageProductsTable />);
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(within(rows[0]!).getByText('No shipping weight')).toHaveAttribute(
      'title',
      expect.stringContaining('only pickup is offered'),
    );
    expect(within(rows[1]!).queryByText('No shipping weight')).toBeNull();
  });

  it('confirms, deletes with DELETE /api/product/{id}, toasts and drops the row', async () => {
    const deleted = vi.fn();
    server.use(
      listProducts(),
      http.delete('/api/product/:id', ({ params }) => {
        deleted(params.id);
        products = products.filter((p) => p._id !== params.id);
        return HttpResponse.json({ acknowledged: true });
      }),
    );
    const { user } = renderWithProviders(<ManageProductsTable />);
    await user.click(await screen.findByRole('button', { name: 'Delete Air Compressor' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete product?' });
    expect(dialog).toHaveTextContent('Air Compressor');
    expect(deleted).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toHaveBeenCalledWith('p2'));
    expect(await screen.findByText(messages.productDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Air Compressor')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    const deleted = vi.fn();
    server.use(
      listProducts(),
      http.delete('/api/product/:id', () => (deleted(), HttpResponse.json({ acknowledged: true }))),
    );
    const { user } = renderWithProviders(<ManageProductsTable />);
    await user.click(await screen.findByRole('button', { name: 'Delete Impact Drill' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleted).not.toHaveBeenCalled();
  });

  it('edits the price and stock with PUT /api/product/{id}, sending only what changed', async () => {
    let body: unknown;
    server.use(
      listProducts(),
      http.put('/api/product/:id', async ({ params, request }) => {
        body = await request.json();
        products = products.map((p) => (p._id === params.id ? { ...p, ...(body as object) } : p));
        return HttpResponse.json({ acknowledged: true, product: products[0] });
      }),
    );
    const { user } = renderWithProviders(<ManageProductsTable />);
    await user.click(await screen.findByRole('button', { name: 'Edit Impact Drill' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Impact Drill' });
    expect(within(dialog).getByRole('img', { name: 'Current image of Impact Drill' })).toBeInTheDocument();
    const price = within(dialog).getByLabelText('Price');
    expect(price).toHaveValue(89.5);
    await user.clear(price);
    await user.type(price, '99.95');
    await user.clear(within(dialog).getByLabelText('Stock'));
    await user.type(within(dialog).getByLabelText('Stock'), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(messages.updated)).toBeInTheDocument();
    expect(body).toEqual({ price: 99.95, quantity: 200 });
    await waitFor(() => expect(screen.getByText('$99.95')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has loading, empty and error states', async () => {
    server.use(http.get('/api/admin/products', () => HttpResponse.json([])));
    const first = renderWithProviders(<ManageProductsTable />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading products');
    expect(await screen.findByText(/There are no products yet/)).toBeInTheDocument();
    first.unmount();

    server.use(
      http.get('/api/admin/products', () =>
        HttpResponse.json({ error: 'internal', message: 'Database down.' }, { status: 500 }),
      ),
    );
    renderWithProviders(<ManageProductsTable />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the products. Database down.',
    );
  });

  it('shows the deleted products on demand and restores one after a confirmation', async () => {
    const deletedOne: AdminProduct = {
      ...products[1]!,
      _id: 'p3',
      name: 'Old Grinder',
      deletedAt: '2026-02-01T00:00:00.000Z',
    };
    const asked: (string | null)[] = [];
    const restored = vi.fn();
    server.use(
      http.get('/api/admin/products', ({ request }) => {
        const deleted = new URL(request.url).searchParams.get('deleted');
        asked.push(deleted);
        return HttpResponse.json(deleted === 'true' ? [deletedOne].filter((p) => p.deletedAt) : products);
      }),
      http.post('/api/product/:id/restore', ({ params }) => {
        restored(params.id);
        products = [...products, { ...deletedOne, deletedAt: null }];
        deletedOne.deletedAt = null;
        return HttpResponse.json({
          acknowledged: true,
          product: { ...deletedOne, packSize: 1, priceBreaks: [] },
        });
      }),
    );
    const { user } = renderWithProviders(<ManageProductsTable />);
    await screen.findByText('Impact Drill');
    expect(screen.queryByText('Old Grinder')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'Deleted products');
    const row = (await screen.findByText('Old Grinder')).closest('tr')!;
    expect(asked.at(-1)).toBe('true');
    expect(within(row).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Restore Old Grinder' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore product?' });
    expect(dialog).toHaveTextContent('Old Grinder returns to the catalogue');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(restored).not.toHaveBeenCalled();

    await user.click(within(row).getByRole('button', { name: 'Restore Old Grinder' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Restore product?' })).getByRole('button', {
        name: 'Restore',
      }),
    );
    await waitFor(() => expect(restored).toHaveBeenCalledWith('p3'));
    expect(await screen.findByText('Product restored')).toBeInTheDocument();
    // The deleted list is asked again and no longer holds it.
    await waitFor(() => expect(screen.queryByText('Old Grinder')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("keeps the restore dialog open with the server's reason when it refuses", async () => {
    server.use(
      http.get('/api/admin/products', () =>
        HttpResponse.json([{ ...products[0]!, deletedAt: '2026-02-01T00:00:00.000Z' }]),
      ),
      http.post('/api/product/:id/restore', () =>
        HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message: 'This product is not deleted.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderWithProviders(<ManageProductsTable />);
    await user.click(await screen.findByRole('button', { name: 'Restore Impact Drill' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore product?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This product is not deleted.');
  });
});
