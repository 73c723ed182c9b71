import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { approvalMessages, type Approval } from '@shared/checkout/approvals.schema';
import type { CompanyView } from '@shared/companies/companies.schema';
import { Approval as ApprovalRoute } from '@/app/routes/dashboard/company';
import { session } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

const companyId = '11111111-1111-4111-8111-111111111111';
const id = 'c0000000-0000-4000-8000-000000000009';
const company = (roles: CompanyView['myRoles']): CompanyView => ({
  _id: companyId,
  name: 'Acme Tools',
  taxId: '12-3456789',
  memberCount: 3,
  approvalWindowDays: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  myRoles: roles,
});
const waiting: Approval = {
  _id: id,
  companyId,
  status: 'awaiting',
  reason: 'order',
  limit: 1000,
  spentThisMonth: 120,
  total: 2500,
  limitCents: 100_000,
  spentThisMonthCents: 12_000,
  totalCents: 250_000,
  buyer: { userId: 'u-bob', name: 'Bob', email: 'bob@example.com' },
  poNumber: 'PO-7',
  address: '1 Main Street',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-20T10:30:00.000Z',
  decidedAt: null,
  decidedBy: null,
  comment: null,
  lines: [
    {
      productName: 'Rotary Screw Compressor',
      quantity: 2,
      unitPrice: 1250,
      total: 2500,
      unitPriceCents: 125_000,
      totalCents: 250_000,
      orderNumber: 1042,
    },
  ],
};
const url = `/api/companies/${companyId}/approvals/${id}`;

function renderApproval(
  approval: Approval,
  roles: CompanyView['myRoles'] = ['approver'],
  extra = [] as Parameters<typeof server.use>,
) {
  server.use(
    ...extra,
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/companies/mine', () => HttpResponse.json({ company: company(roles) })),
    http.get(url, () => HttpResponse.json(approval)),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/company/approvals/:id" element={<ApprovalRoute />} />
    </Routes>,
    { route: `/dashboard/company/approvals/${id}` },
  );
}

describe('The approval page', () => {
  it('shows what waits and why, and approves with the comment', async () => {
    const sent = vi.fn();
    const { user } = renderApproval(
      waiting,
      ['approver'],
      [
        http.post(url, async ({ request }) => {
          sent(await request.json());
          return HttpResponse.json({ ...waiting, status: 'approved', comment: 'For the Q3 job' });
        }),
      ],
    );
    const summary = await screen.findByRole('region', { name: 'Checkout of $2,500.00' });
    expect(within(summary).getByText('over the per-order limit of $1,000.00')).toBeInTheDocument();
    expect(within(summary).getByText('Bob (bob@example.com)')).toBeInTheDocument();
    expect(within(summary).getByText('$120.00')).toBeInTheDocument();
    expect(within(summary).getByText('Rotary Screw Compressor')).toBeInTheDocument();
    expect(screen.getByText(/Awaiting approval until/)).toHaveTextContent(
      'Awaiting approval until Fri, Nov 20, 2026, 10:30 AM UTC',
    );
    // The checkout's lines are named by their order numbers (decision 049); its figures are read in cents.
    expect(within(summary).getByText('#1042', { selector: 'dd' })).toBeInTheDocument();
    const line = within(summary).getByRole('list', { name: 'The lines of this checkout' });
    expect(line).toHaveTextContent('#1042: 2 × Rotary Screw Compressor at $1,250.00$2,500.00');
    await user.type(screen.getByLabelText('Comment for the buyer (optional)'), 'For the Q3 job');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(sent).toHaveBeenCalledWith({ decision: 'approve', comment: 'For the Q3 job' });
    expect(await screen.findByText('Checkout approved')).toBeInTheDocument();
  });

  it('asks before rejecting; Cancel sends nothing; a decision made meanwhile (409) is shown in the dialog', async () => {
    const sent = vi.fn();
    const { user } = renderApproval(
      waiting,
      ['approver'],
      [
        http.post(url, async ({ request }) => {
          sent(await request.json());
          return HttpResponse.json(
            { error: 'conflict', message: approvalMessages.alreadyDecided('approved') },
            { status: 409 },
          );
        }),
      ],
    );
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this checkout?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reject this checkout?' })).getByRole('button', {
        name: 'Reject',
      }),
    );
    expect(sent).toHaveBeenCalledWith({ decision: 'reject', comment: '' });
    expect(
      await within(screen.getByRole('dialog')).findByText(approvalMessages.alreadyDecided('approved')),
    ).toBeInTheDocument();
  });

  it('offers no decision on your own checkout, to a non-approver, or once decided or expired', async () => {
    const own = renderApproval({ ...waiting, buyer: { ...waiting.buyer, userId: session.user.id } });
    expect(await screen.findByText(/This is your own checkout/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    own.unmount();

    const admin = renderApproval(waiting, ['admin']);
    expect(await screen.findByText(/Only an approver of the company/)).toBeInTheDocument();
    admin.unmount();

    const decided = renderApproval({
      ...waiting,
      status: 'rejected',
      decidedAt: waiting.createdAt,
      decidedBy: { name: 'Amy', email: 'amy@example.com' },
      comment: 'Use the framework agreement',
    });
    expect(await screen.findByText(/Rejected by Amy/)).toBeInTheDocument();
    expect(screen.getByText('Use the framework agreement')).toBeInTheDocument();
    decided.unmount();

    renderApproval({ ...waiting, status: 'expired' });
    expect(await screen.findByText(/Approval took longer than the approval window/)).toBeInTheDocument();
  });

  it('says so when the approval is not in your company (404)', async () => {
    renderApproval(
      waiting,
      ['approver'],
      [
        http.get(url, () =>
          HttpResponse.json({ error: 'not_found', message: 'Approval not found.' }, { status: 404 }),
        ),
      ],
    );
    expect(await screen.findByText('We could not find this approval in your company.')).toBeInTheDocument();
  });
});
