import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Overview } from '@shared/overview/overview.schema';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { StoreOverview } from './store-overview';

// recharts needs a real layout; the page around the chart is what is tested here.
vi.mock('./revenue-chart', () => ({ default: () => <svg data-testid="chart" /> }));

const server = setupMswServer();

const overview: Overview = {
  revenueByDay: Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2025, 4, 1 + i)).toISOString().slice(0, 10),
    revenue: i === 4 ? 250 : i === 9 ? 99.5 : 0,
    revenueCents: i === 4 ? 25_000 : i === 9 ? 9_950 : 0,
    orders: i === 4 ? 2 : i === 9 ? 1 : 0,
  })),
  onAccountOpen: { cents: 123_45, invoices: 2 },
  ordersByStatus: [
    { status: 'Pending', count: 3 },
    { status: 'Paid', count: 2 },
    { status: 'Delivered', count: 7 },
    { status: 'Cancelled', count: 1 },
    { status: 'Refunded', count: 4 },
    { status: 'Expired', count: 0 },
  ],
  lowStock: [{ _id: 'p2', name: 'Air Compressor', quantity: 3, minOrder: 5 }],
  lowStockTotal: 1,
  newestOrders: [
    {
      _id: 'o1',
      orderNumber: 1007,
      name: 'Bob Buyer',
      productName: 'Impact Drill',
      total: 179,
      totalCents: 17_900,
      paymentStatus: true,
      orderStatus: 'Pending',
      refundStatus: null,
      createdAt: '2025-05-29T09:00:00.000Z',
    },
    {
      _id: 'o2',
      orderNumber: 1006,
      name: 'Cy Refunded',
      productName: 'Bench Grinder',
      total: 89,
      totalCents: 8_900,
      paymentStatus: false,
      orderStatus: 'Cancelled',
      refundStatus: 'refunded',
      createdAt: '2025-05-28T09:00:00.000Z',
    },
  ],
};

describe('StoreOverview', () => {
  it('summarises the revenue chart, and shows statuses, low stock and newest orders', async () => {
    server.use(http.get('/api/admin/overview', () => HttpResponse.json(overview)));
    renderWithProviders(<StoreOverview />);
    const chart = await screen.findByRole('img', { name: /^Revenue per day over the last 30 days/ });
    expect(chart).toHaveAccessibleName(
      'Revenue per day over the last 30 days: $349.50 in total from 3 paid orders; the best day was May 5, 2025 with $250.00.',
    );
    expect(await within(chart).findByTestId('chart')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /Revenue and paid orders per day/ })).toBeInTheDocument();
    // Purchases on account whose invoice is open are shown apart, not in the revenue (decision 060).
    const revenue = within(screen.getByRole('region', { name: 'Revenue, last 30 days' }));
    expect(revenue.getByText(/On account, open:/)).toHaveTextContent(
      'On account, open: $123.45 in 2 invoices, counted once paid.',
    );

    const statuses = within(screen.getByRole('region', { name: 'Orders by status' }));
    expect(
      statuses.getAllByRole('listitem').map((li) => [...li.querySelectorAll('p')].map((p) => p.textContent)),
    ).toEqual([
      ['Awaiting payment', '3'],
      ['Paid · Awaiting shipment', '2'],
      ['Delivered', '7'],
      ['Cancelled', '1'],
      ['Refunded', '4'],
      ['Expired', '0'],
    ]);
    const low = screen.getByRole('table', { name: /below their minimum order/ });
    expect(within(low).getByRole('link', { name: 'Air Compressor' })).toHaveAttribute('href', '/product/p2');
    const newest = screen.getByRole('table', { name: /newest orders/ });
    expect(newest).toHaveTextContent('Bob Buyer');
    expect(newest).toHaveTextContent('$179.00');
    // Each order is named by its number (decision 049).
    expect(within(within(newest).getByText('Bob Buyer').closest('tr')!).getByText('#1007')).toBeVisible();
    const paid = within(within(newest).getByText('Bob Buyer').closest('tr')!);
    expect(paid.getByText('Paid')).toBeInTheDocument();
    expect(paid.getByText('Paid · Awaiting shipment')).toBeInTheDocument();
    // A refunded order was paid and given back: never "Unpaid".
    const refunded = within(within(newest).getByText('Cy Refunded').closest('tr')!);
    expect(refunded.queryByText('Unpaid')).not.toBeInTheDocument();
    expect(refunded.getAllByText(/^Refunded/)).toHaveLength(2);
  });

  it('lists only the lowest of many low-stock products, with a link to all of them', async () => {
    const lowStock = Array.from({ length: 10 }, (_, i) => ({
      _id: `p${i}`,
      name: `Low Item ${i}`,
      quantity: i,
      minOrder: 20,
    }));
    server.use(
      http.get('/api/admin/overview', () =>
        HttpResponse.json({ ...overview, lowStock, lowStockTotal: 9851 }),
      ),
    );
    renderWithProviders(<StoreOverview />);
    const low = await screen.findByRole('table', { name: /below their minimum order/ });
    expect(within(low).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByRole('link', { name: 'see all 9,851 in Manage Products' })).toHaveAttribute(
      'href',
      '/dashboard/manage-product?stock=low&sort=stock',
    );
  });

  it('has loading and error states', async () => {
    server.use(
      http.get('/api/admin/overview', () =>
        HttpResponse.json({ error: 'internal', message: 'Database down.' }, { status: 500 }),
      ),
    );
    renderWithProviders(<StoreOverview />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the overview');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the overview. Database down.',
    );
  });
});
