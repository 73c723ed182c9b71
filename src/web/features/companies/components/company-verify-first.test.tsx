import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { companyMessages, type CompanyView } from '@shared/companies/companies.schema';
import { Component as CompanyRoute } from '@/app/routes/dashboard/company';
import { session } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';

// Issue 39 item 7 (decision 045): founding a company and inviting need a verified address; the page says so
// before the form is filled in, instead of a form whose every send is refused.
const server = setupMswServer();

const acme: CompanyView = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Acme Tools',
  taxId: '12-3456789',
  memberCount: 1,
  approvalWindowDays: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  myRoles: ['admin', 'buyer'],
};
const unverified = { ...session, user: { ...session.user, emailVerified: false } };
const empty = () => HttpResponse.json([], { headers: { 'x-total-count': '0' } });

function renderCompany(company: CompanyView | null, who: typeof session) {
  const posted = vi.fn();
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json(who)),
    http.get('/api/companies/mine', () => HttpResponse.json({ company })),
    http.get(`/api/companies/${acme._id}/members`, () =>
      HttpResponse.json(
        [
          {
            userId: who.user.id,
            name: who.user.name,
            email: who.user.email,
            roles: acme.myRoles,
            joinedAt: acme.createdAt,
            orderLimit: null,
            monthlyLimit: null,
            orderLimitCents: null,
            monthlyLimitCents: null,
          },
        ],
        { headers: { 'x-total-count': '1' } },
      ),
    ),
    http.get(`/api/companies/${acme._id}/:list`, empty),
    http.post('/api/companies', () => posted()),
  );
  renderWithProviders(<CompanyRoute />, { route: '/dashboard/company' });
  return posted;
}

describe('Company page for an address not yet verified', () => {
  it('asks to verify first instead of offering to create a company', async () => {
    const posted = renderCompany(null, unverified);
    expect(await screen.findByText(companyMessages.verifyToCreate)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Create a company' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create company' })).not.toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it('asks a company admin to verify first instead of the invitation form; the open invitations stay', async () => {
    renderCompany(acme, unverified);
    expect(await screen.findByText(companyMessages.verifyToInvite)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
    expect(await screen.findByText('No open invitations.')).toBeInTheDocument();
  });

  it('a verified address gets both forms and no such notice', async () => {
    renderCompany(null, session);
    expect(await screen.findByRole('heading', { name: 'Create a company' })).toBeInTheDocument();
    expect(screen.queryByText(companyMessages.verifyToCreate)).not.toBeInTheDocument();
  });
});
