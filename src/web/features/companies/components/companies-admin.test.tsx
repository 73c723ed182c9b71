import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { Company } from '@shared/companies/companies.schema';
import { Component as CompaniesRoute, Detail } from '@/app/routes/dashboard/admin/companies';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();
const noTerms = (companyId: string) => ({
  companyId,
  companyName: 'Acme Tools',
  terms: null,
  openCents: 0,
  overdueCents: 0,
  availableCents: 0,
  onHold: false,
  holdReason: 'Your company has no payment terms: please pay by card.',
  holdAfterDays: 30,
});

const acme: Company = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Acme Tools',
  taxId: '12-3456789',
  memberCount: 3,
  approvalWindowDays: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const list = (items: unknown[], next?: string) =>
  HttpResponse.json(items, {
    headers: { 'x-total-count': String(items.length), ...(next ? { 'x-next-cursor': next } : {}) },
  });

describe('Companies (admin)', () => {
  it('lists companies, searches on the server and pages with Show more', async () => {
    const asked = vi.fn();
    server.use(
      http.get('/api/companies', ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked(q.get('search'), q.get('cursor'));
        if (q.get('cursor'))
          return list([{ ...acme, _id: '33333333-3333-4333-8333-333333333333', name: 'Zed Works' }]);
        return list(q.get('search') ? [acme] : [acme], q.get('search') ? undefined : 'next-page');
      }),
    );
    const { user } = renderWithProviders(<CompaniesRoute />, { route: '/dashboard/companies' });
    expect(await screen.findByRole('link', { name: 'Acme Tools' })).toHaveAttribute(
      'href',
      `/dashboard/companies/${acme._id}`,
    );
    await user.click(screen.getByRole('button', { name: 'Show more companies' }));
    expect(await screen.findByRole('link', { name: 'Zed Works' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search companies'), 'acm');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(asked).toHaveBeenLastCalledWith('acm', null);
  });

  it("shows one company's members and locations", async () => {
    server.use(
      http.get(`/api/companies/${acme._id}`, () => HttpResponse.json({ ...acme, myRoles: [] })),
      http.get(`/api/companies/${acme._id}/members`, () =>
        list([
          {
            userId: 'u1',
            name: 'Ann',
            email: 'ann@example.com',
            roles: ['admin'],
            joinedAt: acme.createdAt,
            orderLimit: 500,
            monthlyLimit: null,
            orderLimitCents: 50_000,
            monthlyLimitCents: null,
          },
        ]),
      ),
      http.get(`/api/companies/${acme._id}/price-lists`, () => list([])),
      http.get(`/api/companies/${acme._id}/approvals`, () => list([])),
      http.get(`/api/companies/${acme._id}/account`, () => HttpResponse.json(noTerms(acme._id))),
      http.get(`/api/companies/${acme._id}/account/invoices`, () => list([])),
      http.get(`/api/companies/${acme._id}/locations`, () =>
        list([
          {
            _id: 'l1',
            name: 'Dallas yard',
            street: '2400 Industrial Blvd',
            city: 'Dallas',
            state: 'TX',
            zip: '75207',
            taxExemption: null,
            createdAt: acme.createdAt,
          },
        ]),
      ),
    );
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/companies/:id" element={<Detail />} />
      </Routes>,
      { route: `/dashboard/companies/${acme._id}` },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Tools' })).toBeInTheDocument();
    expect(await screen.findByText(/\(ann@example\.com\) — Company admin/)).toBeInTheDocument();
    expect(await screen.findByText(/2400 Industrial Blvd, Dallas, TX 75207/)).toBeInTheDocument();
    // The shop admin sees and edits the members' limits, and the company's open approvals.
    expect(screen.getByText('Spending limits: $500.00 per order, none per month')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit limits of Ann' })).toBeInTheDocument();
    expect(await screen.findByText('No checkout is waiting for approval.')).toBeInTheDocument();
  });
});
