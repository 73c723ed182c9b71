import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AdminProduct } from '@shared/catalogue/admin-products.schema';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';
import { ManageProductsTable } from './manage-products-table';

const server = setupMswServer();

const product = (n: number): AdminProduct => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Wrench ${n}`,
  img: '/media/w.webp',
  price: 10,
  quantity: 1,
  minOrder: 2,
  desc: 'A wrench.',
  sku: `W-${n}`,
  brand: null,
  category: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  lowStockThreshold: null,
});

describe('Manage Products: search, low stock, sort and pages', () => {
  it('asks the server for each page with the URL state and shows where it is', async () => {
    const seen: Record<string, string>[] = [];
    server.use(
      http.get('/api/admin/products', ({ request }) => {
        const params = Object.fromEntries(new URL(request.url).searchParams);
        seen.push(params);
        const second = params.cursor === 'next';
        return HttpResponse.json(
          second ? [product(51)] : Array.from({ length: 50 }, (_, i) => product(i + 1)),
          {
            headers: { 'x-total-count': '51', ...(second ? {} : { 'x-next-cursor': 'next' }) },
          },
        );
      }),
    );
    const { user } = renderWithProviders(
      <>
        <ManageProductsTable />
        <LocationProbe />
      </>,
      { route: '/dashboard/manage-product?limit=50' },
    );
    expect(await screen.findByText('Showing 1–50 of 51 products')).toBeVisible();
    expect(seen[0]).toEqual({ limit: '50', sort: 'newest' });

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 51–51 of 51 products')).toBeVisible();
    expect(screen.getByText('Wrench 51')).toBeVisible();

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'W-5{Enter}');
    await user.selectOptions(screen.getByLabelText('Stock'), 'Low stock');
    await user.selectOptions(screen.getByLabelText('Sort'), 'Stock, lowest first');
    expect(await screen.findByText('Showing 1–50 of 51 products')).toBeVisible();
    expect(seen.at(-1)).toEqual({ limit: '50', sort: 'stock', lowStock: 'true', q: 'W-5' });
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/dashboard/manage-product?limit=50&q=W-5&stock=low&sort=stock',
    );
  });
});
