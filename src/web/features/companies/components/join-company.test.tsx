import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { InvitationPreview } from '@shared/companies/companies.schema';
import { Join } from '@/app/routes/dashboard/company';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();
const token = 'a'.repeat(43);
const preview: InvitationPreview = {
  companyName: 'Acme Tools',
  email: 'bea@example.com',
  roles: ['buyer'],
  expiresAt: '2030-01-01T00:00:00.000Z',
  problem: null,
};

function renderJoin(p: InvitationPreview, accept = vi.fn()) {
  server.use(
    http.get(`/api/company-invitations/${token}`, () => HttpResponse.json(p)),
    http.post(`/api/company-invitations/${token}/accept`, () => {
      accept();
      return HttpResponse.json({
        _id: 'c1',
        name: 'Acme Tools',
        taxId: '1',
        memberCount: 2,
        createdAt: p.expiresAt,
        myRoles: ['buyer'],
      });
    }),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/company/join" element={<Join />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: `/dashboard/company/join?token=${token}` },
  );
}

describe('Join a company', () => {
  it('shows the invitation and joins on Accept, then opens the company page', async () => {
    const accept = vi.fn();
    const { user } = renderJoin(preview, accept);
    expect(await screen.findByRole('heading', { name: 'Join Acme Tools' })).toBeInTheDocument();
    expect(screen.getByText(/You are invited as Buyer/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(accept).toHaveBeenCalledOnce();
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/company');
  });

  it('says why the signed-in account cannot accept, and offers no button', async () => {
    renderJoin({
      ...preview,
      problem: 'This invitation was sent to bea@example.com. Sign in with that address to accept it.',
    });
    expect(await screen.findByText(/Sign in with that address to accept it/)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).not.toBeInTheDocument();
  });
});
