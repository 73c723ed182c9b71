/**
 * @vitest-environment jsdom
 * happy-dom 21 does not show a <select>'s value set by React before the user touches it; the terms form depends on it
 * (docs/decisions/032-test-suite-time.md, "A lighter DOM").
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { CompanyView } from '@shared/companies/companies.schema';
import type { AccountSummary, StatementLine } from '@shared/credit/credit.schema';
import { Detail } from '@/app/routes/dashboard/admin/companies';
import { Component as StatementRoute } from '@/app/routes/dashboard/company-statement';
import { session } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

const acme: CompanyView = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Acme Tools',
  taxId: '12-3456789',
  memberCount: 2,
  approvalWindowDays: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  myRoles: ['buyer'],
};
const base = `/api/companies/${acme._id}`;
const list = (items: unknown[]) =>
  HttpResponse.json(items, { headers: { 'x-total-count': String(items.length) } });

const account: AccountSummary = {
  companyId: acme._id,
  companyName: acme.name,
  terms: { netDays: 30, creditLimitCents: 500_000 },
  openCents: 48_750,
  overdueCents: 12_500,
  availableCents: 451_250,
  onHold: false,
  holdReason: null,
  holdAfterDays: 30,
};
const line = (n: number, patch: Partial<StatementLine> = {}): StatementLine => ({
  _id: `22222222-2222-4222-8222-00000000000${n}`,
  number: `INV-2026-00000${n}`,
  checkoutId: `33333333-3333-4333-8333-00000000000${n}`,
  orderNumbers: [1000 + 2 * n, 1001 + 2 * n],
  issuedAt: '2026-10-01T10:00:00.000Z',
  dueDate: '2026-10-31',
  netDays: 30,
  totalCents: 36_250,
  paidCents: 0,
  openCents: 36_250,
  status: 'open',
  daysOverdue: 0,
  buyerName: 'Bob Buyer',
  buyerEmail: 'bob@example.com',
  pdfUrl: `/api/invoices/22222222-2222-4222-8222-00000000000${n}/pdf`,
  ...patch,
});
const open = line(1);
const overdue = line(2, {
  totalCents: 12_500,
  openCents: 12_500,
  status: 'overdue',
  daysOverdue: 4,
  dueDate: '2026-09-30',
});
const paid = line(3, { paidCents: 36_250, openCents: 0, status: 'paid' });

function renderStatement(company: CompanyView = acme, summary: AccountSummary = account) {
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/companies/mine', () => HttpResponse.json({ company })),
    http.get(`${base}/account`, () => HttpResponse.json(summary)),
    http.get(`${base}/account/invoices`, ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return list(status === 'paid' ? [paid] : status === 'overdue' ? [overdue] : [open, overdue]);
    }),
  );
  return renderWithProviders(<StatementRoute />, { route: '/dashboard/company/statement' });
}

describe('Account statement', () => {
  it('shows the account, open invoices with their due dates and tabs for overdue and paid', async () => {
    const { user } = renderStatement();
    expect(await screen.findByText('Net 30')).toBeInTheDocument();
    expect(screen.getByText('$4,512.50')).toBeInTheDocument();
    expect(screen.getByText('$487.50 ($125.00)')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Account invoices, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: /INV-2026-000001/ })).toHaveAttribute(
      'href',
      open.pdfUrl,
    );
    expect(within(rows[0]!).getByText('October 31, 2026')).toBeInTheDocument();
    // Each invoice names its checkout's orders by their numbers (decision 049).
    expect(within(rows[0]!).getByRole('cell', { name: '#1002–#1003' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Overdue 4 days')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    expect(screen.getByRole('button', { name: 'Paid' })).toHaveAttribute('aria-pressed', 'true');
    const paidRows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    await waitFor(() => expect(within(paidRows[0]!).getByText('Paid')).toBeInTheDocument());
    expect(screen.queryByRole('checkbox', { name: /Pay INV/ })).not.toBeInTheDocument();
  });

  it('pays one invoice in part and another in full by card in one payment', async () => {
    const started = vi.fn();
    const confirmed = vi.fn();
    server.use(
      http.post(`${base}/account/card-payments`, async ({ request }) => {
        started(await request.json());
        return HttpResponse.json(
          {
            paymentId: '44444444-4444-4444-8444-444444444444',
            intent: {
              clientSecret: 'pi_test_9_secret_x',
              provider: 'test',
              publishableKey: null,
              amount: 225,
            },
          },
          { status: 201 },
        );
      }),
      http.post('/api/payments/test/confirm', () =>
        HttpResponse.json({ status: 'succeeded', transactionId: 'pi_test_9' }),
      ),
      http.put(`${base}/account/card-payments/:paymentId`, async ({ request, params }) => {
        confirmed(params.paymentId, await request.json());
        return HttpResponse.json({
          _id: params.paymentId,
          method: 'card',
          status: 'succeeded',
          amountCents: 22_500,
          transactionId: 'pi_test_9',
          reference: null,
          receivedOn: null,
          createdAt: '2026-11-01T10:00:00.000Z',
          allocations: [],
        });
      }),
    );
    const { user } = renderStatement();
    const table = await screen.findByRole('table', { name: 'Account invoices, newest first' });
    await user.click(within(table).getByRole('checkbox', { name: 'Pay INV-2026-000001' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Pay INV-2026-000002' }));
    const amount = screen.getByLabelText('Amount to pay on INV-2026-000001 ($)');
    expect(amount).toHaveValue('362.50');
    await user.clear(amount);
    await user.type(amount, '100');
    expect(screen.getByRole('heading', { name: 'Pay 2 invoices: $225.00' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $225.00 by card' }));
    await user.type(await screen.findByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry'), '12/40');
    await user.type(screen.getByLabelText('CVC'), '123');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled());
    expect(started).toHaveBeenCalledWith({
      allocations: [
        { invoiceId: open._id, amountCents: 10_000 },
        { invoiceId: overdue._id, amountCents: 12_500 },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(confirmed).toHaveBeenCalledWith('44444444-4444-4444-8444-444444444444', {
        transactionId: 'pi_test_9',
      }),
    );
    expect(await screen.findByText('Payment recorded on your account.')).toBeInTheDocument();
  });

  it('shows a credit hold, and keeps members who are neither admins nor buyers out', async () => {
    const held = {
      ...account,
      onHold: true,
      holdReason: 'Your company is on credit hold: an invoice is more than 30 days overdue.',
    };
    const { unmount } = renderStatement(acme, held);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /Credit hold\. Your company is on credit hold/,
    );
    unmount();
    renderStatement({ ...acme, myRoles: ['approver'] });
    expect(
      await screen.findByText('Only company admins and buyers can see the statement.'),
    ).toBeInTheDocument();
  });
});

describe('Terms on the company detail (admin)', () => {
  function renderDetail(summary: AccountSummary) {
    server.use(
      http.get(base, () => HttpResponse.json({ ...acme, myRoles: [] })),
      http.get(`${base}/members`, () => list([])),
      http.get(`${base}/locations`, () => list([])),
      http.get(`${base}/price-lists`, () => list([])),
      http.get(`${base}/account`, () => HttpResponse.json(summary)),
      http.get(`${base}/account/invoices`, () => list([open])),
    );
    return renderWithProviders(
      <Routes>
        <Route path="/dashboard/companies/:id" element={<Detail />} />
      </Routes>,
      { route: `/dashboard/companies/${acme._id}` },
    );
  }

  it('grants terms with a credit limit in dollars, showing the server’s refusal at its field', async () => {
    const sent = vi.fn();
    let refuse = true;
    server.use(
      http.put(`${base}/terms`, async ({ request }) => {
        sent(await request.json());
        if (refuse) {
          refuse = false;
          return HttpResponse.json(
            {
              error: 'bad_request',
              message: 'creditLimitCents: must be at most 1000000000',
              field: 'creditLimitCents',
            },
            { status: 400 },
          );
        }
        return HttpResponse.json({ ...account, terms: { netDays: 60, creditLimitCents: 150_000 } });
      }),
    );
    const { user } = renderDetail({ ...account, terms: null, holdReason: 'no terms', availableCents: 0 });
    const section = within(await screen.findByRole('region', { name: 'Terms and credit' }));
    const form = within(await section.findByRole('form', { name: 'Terms and credit limit' }));
    await user.selectOptions(form.getByLabelText('Payment terms'), 'Net 60');
    await user.type(form.getByLabelText('Credit limit ($)'), '99999999');
    await user.click(form.getByRole('button', { name: 'Grant terms' }));
    expect(await form.findByText('creditLimitCents: must be at most 1000000000')).toBeInTheDocument();
    expect(form.getByLabelText('Credit limit ($)')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(form.getByLabelText('Credit limit ($)'));
    await user.type(form.getByLabelText('Credit limit ($)'), '1500');
    await user.click(form.getByRole('button', { name: 'Grant terms' }));
    await waitFor(() => expect(sent).toHaveBeenLastCalledWith({ netDays: 60, creditLimitCents: 150_000 }));
  });

  it('withdraws terms only after confirming, and records a bank transfer against a selected invoice', async () => {
    const removed = vi.fn();
    const transfer = vi.fn();
    server.use(
      http.delete(`${base}/terms`, () => {
        removed();
        return HttpResponse.json({ acknowledged: true });
      }),
      http.post(`${base}/account/bank-transfers`, async ({ request }) => {
        transfer(await request.json());
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user } = renderDetail(account);
    await user.click(await screen.findByRole('button', { name: 'Withdraw the terms' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw the terms?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removed).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Withdraw the terms' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(removed).toHaveBeenCalledTimes(1));

    const table = await screen.findByRole('table', { name: 'Account invoices, newest first' });
    await user.click(within(table).getByRole('checkbox', { name: 'Pay INV-2026-000001' }));
    const form = within(screen.getByRole('form', { name: 'Record a bank transfer' }));
    await user.type(form.getByLabelText('Bank reference'), 'WIRE-88');
    await user.clear(form.getByLabelText('Received on'));
    await user.type(form.getByLabelText('Received on'), '2026-11-02');
    await user.click(form.getByRole('button', { name: 'Record the bank transfer' }));
    await waitFor(() =>
      expect(transfer).toHaveBeenCalledWith({
        allocations: [{ invoiceId: open._id, amountCents: 36_250 }],
        reference: 'WIRE-88',
        receivedOn: '2026-11-02',
      }),
    );
  });
});
