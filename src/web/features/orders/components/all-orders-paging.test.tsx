import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Component as ManageAllProduct } from '@/app/routes/dashboard/all-orders';
import { makeOrder } from '@/test/order-fixtures';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

/** Answers like the server: a page of `size` orders, the total, and a cursor while more pages follow. */
function serveOrders(total: number, seen: URLSearchParams[]) {
  server.use(
    http.get('/api/order', ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.push(params);
      const limit = Number(params.get('limit'));
      const start = params.get('cursor') ? Number(params.get('cursor')!.slice(1)) : 0;
      const items = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) =>
        makeOrder({ productName: `Order ${start + i + 1}` }),
      );
      const headers: Record<string, string> = { 'x-total-count': String(total) };
      if (start + limit < total) headers['x-next-cursor'] = `c${start + limit}`;
      return HttpResponse.json(items, { headers });
    }),
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('Manage All Products: paging, filters and search', () => {
  it('reads its filters from the URL, pages with Next and Previous, and keeps the page in the URL', async () => {
    const seen: URLSearchParams[] = [];
    serveOrders(60, seen);
    const { user } = renderWithProviders(
      <>
        <ManageAllProduct />
        <LocationProbe />
      </>,
      { route: '/dashboard/manage-all-product?status=Pending' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage All Products (60)' })).toBeVisible();
    expect(Object.fromEntries(seen[0]!)).toEqual({ limit: '25', sort: 'newest', status: 'Pending' });
    expect(screen.getByLabelText('Status')).toHaveValue('Pending');
    expect(screen.getByText('Showing 1–25 of 60 orders')).toBeVisible();
    const pager = screen.getByRole('navigation', { name: 'Pages of orders' });
    expect(within(pager).queryByRole('button', { name: 'Previous page' })).toBeNull();

    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 26–50 of 60 orders')).toBeVisible();
    expect(seen.at(-1)!.get('cursor')).toBe('c25');
    expect(location()).toBe('/dashboard/manage-all-product?status=Pending&cursor=c25');
    expect(screen.getByText('Order 26').closest('tr')).toHaveTextContent(/^26/);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 51–60 of 60 orders')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Showing 26–50 of 60 orders')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Showing 1–25 of 60 orders')).toBeVisible();
    expect(location()).toBe('/dashboard/manage-all-product?status=Pending');
  });

  it('searches, filters and sorts from the first page, and says when nothing matches', async () => {
    const seen: URLSearchParams[] = [];
    serveOrders(0, seen);
    const { user } = renderWithProviders(
      <>
        <ManageAllProduct />
        <LocationProbe />
      </>,
      { route: '/dashboard/manage-all-product?cursor=c25' },
    );
    expect(await screen.findByText('There are no orders yet.')).toBeVisible();
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'bob@');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.selectOptions(screen.getByLabelText('Payment'), 'Unpaid');
    await user.selectOptions(screen.getByLabelText('Sort'), 'Largest total first');
    expect(await screen.findByText('No order matches this search and these filters.')).toBeVisible();
    expect(location()).toBe('/dashboard/manage-all-product?q=bob%40&paid=false&sort=total');
    expect(Object.fromEntries(seen.at(-1)!)).toEqual({
      limit: '25',
      sort: 'total',
      paid: 'false',
      q: 'bob@',
    });
  });

  it('searches by order number as typed, #1001 or 1001 (the server reads both, decision 049)', async () => {
    const seen: URLSearchParams[] = [];
    serveOrders(1, seen);
    const { user } = renderWithProviders(<ManageAllProduct />);
    const box = await screen.findByRole('searchbox', { name: 'Search orders' });
    expect(box).toHaveAttribute('placeholder', expect.stringContaining('order number (#1001)'));
    for (const q of ['#1001', '1001']) {
      await user.clear(box);
      await user.type(box, q);
      await user.click(screen.getByRole('button', { name: 'Search' }));
      await waitFor(() => expect(seen.at(-1)!.get('q')).toBe(q));
    }
  });

  it('shows the server error with a retry', async () => {
    server.use(
      http.get('/api/order', () =>
        HttpResponse.json({ error: 'bad_request', message: 'limit: must be at most 1000' }, { status: 400 }),
      ),
    );
    renderWithProviders(<ManageAllProduct />);
    expect(
      await screen.findByText(/We could not load the orders\. limit: must be at most 1000/),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeVisible();
  });
});
