import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CompanyView, Member, SharedList } from '@shared/companies/companies.schema';
import { Component as CompanyRoute } from '@/app/routes/dashboard/company';
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
  myRoles: ['admin', 'buyer', 'approver'],
};
const members: Member[] = [
  {
    userId: session.user.id,
    name: 'Ann',
    email: session.user.email,
    roles: ['admin', 'buyer', 'approver'],
    joinedAt: acme.createdAt,
    orderLimit: null,
    monthlyLimit: null,
    orderLimitCents: null,
    monthlyLimitCents: null,
  },
  {
    userId: 'u-bob',
    name: 'Bob',
    email: 'bob@example.com',
    roles: ['buyer'],
    joinedAt: acme.createdAt,
    orderLimit: 1000,
    monthlyLimit: null,
    orderLimitCents: 100_000,
    monthlyLimitCents: null,
  },
];
const restock: SharedList = {
  _id: '22222222-2222-4222-8222-222222222222',
  name: 'Restock',
  lines: [{ productId: 'p1', sku: 'RS-75-400', name: 'Rotary Screw Compressor', quantity: 2 }],
  createdByName: 'Bob',
  createdAt: acme.createdAt,
  updatedAt: null,
};

const base = `/api/companies/${acme._id}`;
const list = (items: unknown[]) =>
  HttpResponse.json(items, { headers: { 'x-total-count': String(items.length) } });

function renderCompany(company: CompanyView | null, extra: Parameters<typeof server.use> = []) {
  server.use(
    // A test's own handlers first: msw answers with the first that matches.
    ...extra,
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/companies/mine', () => HttpResponse.json({ company })),
    http.get(`${base}/members`, () => list(members)),
    http.get(`${base}/invitations`, () => list([])),
    http.get(`${base}/locations`, () => list([])),
    http.get(`${base}/tax-exemptions`, () => HttpResponse.json([])),
    http.get(`${base}/orders`, () =>
      list([
        {
          _id: 'o1',
          productId: 'p1',
          productName: 'Rotary Screw Compressor',
          quantity: 2,
          totalCents: 1_369_800,
          orderStatus: 'Pending',
          paymentStatus: false,
          checkoutId: null,
          createdAt: acme.createdAt,
          buyerName: 'Bob',
          buyerEmail: 'bob@example.com',
        },
      ]),
    ),
    http.get(`${base}/lists`, () => list([restock])),
    http.get(`${base}/approvals`, () => list([])),
  );
  return renderWithProviders(<CompanyRoute />, { route: '/dashboard/company' });
}

describe('Company page', () => {
  it('offers a customer without a company to create one, with labelled fields, and shows the server refusal at its field', async () => {
    const sent = vi.fn();
    const { user } = renderCompany(null, [
      http.post('/api/companies', async ({ request }) => {
        sent(await request.json());
        return HttpResponse.json(
          {
            error: 'bad_request',
            message: 'taxId: may hold only letters, digits, spaces and . - /',
            field: 'taxId',
          },
          { status: 400 },
        );
      }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Create a company' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Company name'), 'Dan Co');
    await user.type(screen.getByLabelText('Tax ID'), '<x>');
    await user.click(screen.getByRole('button', { name: 'Create company' }));
    expect(sent).toHaveBeenCalledWith({ name: 'Dan Co', taxId: '<x>' });
    const taxId = screen.getByLabelText('Tax ID');
    expect(await screen.findByText(/may hold only letters/)).toBeInTheDocument();
    expect(taxId).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows members with roles and the company's orders with who ordered", async () => {
    renderCompany(acme);
    expect(await screen.findByText(/you are Company admin, Buyer, Approver/)).toBeInTheDocument();
    expect(await screen.findByText('(bob@example.com) — Buyer', { exact: false })).toBeInTheDocument();
    const row = (await screen.findByRole('cell', { name: 'Bob (bob@example.com)' })).closest('tr')!;
    expect(within(row).getByText('Rotary Screw Compressor')).toBeInTheDocument();
    expect(within(row).getByText('$13,698.00')).toBeInTheDocument();
  });

  it('a company admin sets the approval window in working days; the server refusal shows at the field', async () => {
    const sent = vi.fn();
    const { user } = renderCompany(acme, [
      http.put(`${base}/approval-settings`, async ({ request }) => {
        const body = (await request.json()) as { approvalWindowDays: number };
        sent(body);
        if (body.approvalWindowDays > 30)
          return HttpResponse.json(
            {
              error: 'bad_request',
              message: 'approvalWindowDays: must be at most 30 working days',
              field: 'approvalWindowDays',
            },
            { status: 400 },
          );
        return HttpResponse.json({ ...acme, approvalWindowDays: body.approvalWindowDays });
      }),
    ]);
    const section = await screen.findByRole('region', { name: 'Approval window' });
    expect(within(section).getByText(/waits 3 working days/)).toBeInTheDocument();
    const field = within(section).getByLabelText('Working days to approve (1–30)');
    expect(field).toHaveValue('3');
    await user.clear(field);
    await user.type(field, '31');
    await user.click(within(section).getByRole('button', { name: 'Save approval window' }));
    expect(sent).toHaveBeenCalledWith({ approvalWindowDays: 31 });
    expect(await within(section).findByText(/must be at most 30 working days/)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, '5');
    await user.click(within(section).getByRole('button', { name: 'Save approval window' }));
    expect(sent).toHaveBeenLastCalledWith({ approvalWindowDays: 5 });
  });

  it('a member who is not a company admin reads the approval window but cannot change it', async () => {
    renderCompany({ ...acme, myRoles: ['buyer'], approvalWindowDays: 1 });
    const section = await screen.findByRole('region', { name: 'Approval window' });
    expect(within(section).getByText(/waits 1 working day /)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Save approval window' })).not.toBeInTheDocument();
  });

  it('invites by email with the chosen roles', async () => {
    const sent = vi.fn();
    const { user } = renderCompany(acme, [
      http.post(`${base}/invitations`, async ({ request }) => {
        sent(await request.json());
        return HttpResponse.json(
          {
            _id: 'i1',
            email: 'cy@example.com',
            roles: ['buyer', 'approver'],
            expiresAt: acme.createdAt,
            createdAt: acme.createdAt,
          },
          { status: 201 },
        );
      }),
    ]);
    await user.type(await screen.findByLabelText('Email'), 'cy@example.com');
    const roles = screen.getByRole('group', { name: 'Roles' });
    await user.click(within(roles).getByRole('checkbox', { name: 'Approver' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(sent).toHaveBeenCalledWith({ email: 'cy@example.com', roles: ['buyer', 'approver'] });
    expect(await screen.findByText('Invitation sent to cy@example.com')).toBeInTheDocument();
  });

  it('asks before removing a member, and sends nothing on Cancel', async () => {
    const removed = vi.fn();
    const { user } = renderCompany(acme, [
      http.delete(`${base}/members/:userId`, ({ params }) => {
        removed(params.userId);
        return HttpResponse.json({ acknowledged: true });
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Remove Bob' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Bob?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removed).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove Bob' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove Bob?' })).getByRole('button', { name: 'Remove' }),
    );
    expect(removed).toHaveBeenCalledWith('u-bob');
  });

  it('puts a whole shared list into the cart in one click', async () => {
    const asked = vi.fn();
    const { user } = renderCompany(acme, [
      http.post(`${base}/lists/:itemId/cart`, ({ params }) => {
        asked(params.itemId);
        return HttpResponse.json({ cart: { lines: [], subtotalCents: 0 }, changes: [] });
      }),
    ]);
    expect(await screen.findByText('RS-75-400 · Rotary Screw Compressor × 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add all of Restock to cart' }));
    expect(asked).toHaveBeenCalledWith(restock._id);
    expect(await screen.findByText('Restock added to your cart')).toBeInTheDocument();
  });
  it("names a refused line of a new shared list by the box's own line, counted from 1, blank lines included", async () => {
    const sent = vi.fn();
    const { user } = renderCompany(acme, [
      http.post(`${base}/lists`, async ({ request }) => {
        sent(await request.json());
        // The server counts the lines it was sent: the second one sent is its "Line 2".
        return HttpResponse.json(
          {
            error: 'bad_request',
            message: 'Line 2: no product on sale has the SKU XX-NOPE',
            field: 'lines.1.sku',
          },
          { status: 400 },
        );
      }),
    ]);
    await user.type(await screen.findByLabelText('List name'), 'Counted');
    const box = screen.getByLabelText('Lines (one "SKU, quantity" a line)');
    await user.type(box, 'RS-75-400, 2{Enter}{Enter}XX-NOPE, 1');
    await user.click(screen.getByRole('button', { name: 'Save list' }));
    expect(sent).toHaveBeenCalledWith({
      name: 'Counted',
      lines: [
        { sku: 'RS-75-400', quantity: 2 },
        { sku: 'XX-NOPE', quantity: 1 },
      ],
    });
    // Typed on the box's third line (the second is blank): that is the line named, not the JSON path.
    expect(await screen.findByText('Line 3: no product on sale has the SKU XX-NOPE')).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription('Line 3: no product on sale has the SKU XX-NOPE');
    expect(screen.queryByText(/lines\.1/)).not.toBeInTheDocument();
  });

  it("edits a member's roles and shows the server's refusal to demote the last company admin", async () => {
    const sent = vi.fn();
    const { user } = renderCompany(acme, [
      http.put(`${base}/members/:userId`, async ({ params, request }) => {
        sent(params.userId, await request.json());
        return HttpResponse.json(
          {
            error: 'conflict',
            message: 'roles: A company needs at least one company admin: make another member an admin first.',
            field: 'roles',
          },
          { status: 409 },
        );
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Edit roles of Ann' }));
    const roles = screen.getByRole('group', { name: 'Roles of Ann' });
    await user.click(within(roles).getByRole('checkbox', { name: 'Company admin' }));
    await user.click(screen.getByRole('button', { name: 'Save roles' }));
    expect(sent).toHaveBeenCalledWith(session.user.id, { roles: ['buyer', 'approver'] });
    expect(await screen.findByText(/at least one company admin/)).toBeInTheDocument();
  });

  it("sets a member's spending limits (blank = none), shows the server's refusal beside its field", async () => {
    const sent = vi.fn();
    let refuse = true;
    const { user } = renderCompany(acme, [
      http.put(`${base}/members/:userId/limits`, async ({ params, request }) => {
        sent(params.userId, await request.json());
        if (refuse)
          return HttpResponse.json(
            { error: 'bad_request', message: 'monthlyLimit must be at least 0', field: 'monthlyLimit' },
            { status: 400 },
          );
        return HttpResponse.json({ ...members[1], orderLimit: 1000, monthlyLimit: null });
      }),
    ]);
    expect(
      await screen.findByText('Spending limits: $1,000.00 per order, none per month'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit limits of Bob' }));
    const form = screen.getByRole('form', { name: 'Spending limits of Bob' });
    const perOrder = within(form).getByLabelText('Limit per order ($)');
    // Shown as typed amounts are: dollars with two decimals (centsToDollarText).
    expect(perOrder).toHaveValue('1000.00');
    const perMonth = within(form).getByLabelText('Limit per calendar month ($)');
    // Not an amount: refused beside the field before any call.
    await user.type(perMonth, 'lots');
    await user.click(within(form).getByRole('button', { name: 'Save limits' }));
    expect(await within(form).findByText(/must be an amount in dollars/)).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
    await user.clear(perMonth);
    await user.type(perMonth, '-5');
    await user.click(within(form).getByRole('button', { name: 'Save limits' }));
    expect(sent).toHaveBeenLastCalledWith('u-bob', { orderLimit: 1000, monthlyLimit: -5 });
    expect(await within(form).findByText('monthlyLimit must be at least 0')).toBeInTheDocument();
    expect(perMonth).toHaveAttribute('aria-invalid', 'true');
    refuse = false;
    await user.clear(perMonth);
    await user.click(within(form).getByRole('button', { name: 'Save limits' }));
    expect(sent).toHaveBeenLastCalledWith('u-bob', { orderLimit: 1000, monthlyLimit: null });
    expect(await screen.findByText('Limits of Bob saved')).toBeInTheDocument();
  });

  it('lists the checkouts waiting for approval, each linking to its approval page', async () => {
    renderCompany(acme, [
      http.get(`${base}/approvals`, () =>
        list([
          {
            _id: 'c0000000-0000-4000-8000-000000000009',
            companyId: acme._id,
            status: 'awaiting',
            reason: 'order',
            limit: 1000,
            spentThisMonth: 0,
            total: 2500,
            limitCents: 100_000,
            spentThisMonthCents: 0,
            totalCents: 250_000,
            buyer: { userId: 'u-bob', name: 'Bob', email: 'bob@example.com' },
            poNumber: 'PO-7',
            address: '1 Main Street',
            createdAt: acme.createdAt,
            expiresAt: acme.createdAt,
            decidedAt: null,
            decidedBy: null,
            comment: null,
            lines: [],
          },
        ]),
      ),
    ]);
    const section = await screen.findByRole('region', { name: 'Waiting for approval' });
    expect(
      await within(section).findByText(/over the per-order limit of \$1,000\.00; awaiting approval until/),
    ).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: "Review Bob's checkout of $2,500.00" })).toHaveAttribute(
      'href',
      '/dashboard/company/approvals/c0000000-0000-4000-8000-000000000009',
    );
  });
});
