/**
 * @vitest-environment jsdom
 * happy-dom 21 does not show a <select>'s value set by React before the user touches it; these forms depend on it
 * (docs/decisions/032-test-suite-time.md, "A lighter DOM").
 */
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { PriceList } from '@shared/companies/price-lists.schema';
import { Detail } from '@/app/routes/dashboard/admin/companies';
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
const id = '11111111-1111-4111-8111-111111111111';
const company = {
  _id: id,
  name: 'Acme Tools',
  taxId: '12-3456789',
  memberCount: 2,
  createdAt: '2026-11-20T10:00:00.000Z',
};
const list = (items: unknown[]) =>
  HttpResponse.json(items, { headers: { 'x-total-count': String(items.length) } });

const acme2026: PriceList = {
  _id: '22222222-2222-4222-8222-222222222222',
  name: 'Acme 2026',
  validFrom: '2026-01-01',
  validTo: null,
  current: true,
  rules: [
    {
      kind: 'sku',
      productId: 'p1',
      sku: 'DRL-100',
      name: 'Drill',
      listPrice: 100,
      price: 85,
      listPriceCents: 10_000,
      priceCents: 8_500,
    },
    { kind: 'brand', brand: 'Makita', percentOff: 12.5 },
  ],
  createdAt: '2026-11-20T10:00:00.000Z',
};

function renderDetail() {
  server.use(
    http.get(`/api/companies/${id}`, () => HttpResponse.json({ ...company, myRoles: [] })),
    http.get(`/api/companies/${id}/members`, () => list([])),
    http.get(`/api/companies/${id}/locations`, () => list([])),
    http.get(`/api/companies/${id}/approvals`, () => list([])),
    http.get(`/api/companies/${id}/price-lists`, () => list([acme2026])),
    // The account part of the detail (docs/decisions/041-paying-on-account.md): no terms, no invoices.
    http.get(`/api/companies/${id}/account`, () => HttpResponse.json(noTerms(id))),
    http.get(`/api/companies/${id}/account/invoices`, () => list([])),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/companies/:id" element={<Detail />} />
    </Routes>,
    { route: `/dashboard/companies/${id}` },
  );
}

describe('Price lists on the company detail (admin)', () => {
  it('shows each list with its validity and rules', async () => {
    renderDetail();
    const section = await screen.findByRole('region', { name: 'Price lists' });
    expect(
      await within(section).findByText(/valid 2026-01-01 to no end date \(in force today\)/),
    ).toBeInTheDocument();
    expect(within(section).getByText(/DRL-100 \(Drill\): \$85\.00 instead of \$100\.00/)).toBeInTheDocument();
    expect(within(section).getByText('12.5% off the brand Makita')).toBeInTheDocument();
  });

  it('adds a list with a rule, showing the server’s refusal beside the rule it names', async () => {
    const posted = vi.fn();
    let refuse = true;
    server.use(
      http.post(`/api/companies/${id}/price-lists`, async ({ request }) => {
        posted(await request.json());
        if (refuse) {
          refuse = false;
          return HttpResponse.json(
            {
              error: 'bad_request',
              message: 'rules.0.sku: no product has the SKU NOPE',
              field: 'rules.0.sku',
            },
            { status: 400 },
          );
        }
        return HttpResponse.json(acme2026, { status: 201 });
      }),
    );
    const { user } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Add a price list' }));
    const form = screen.getByRole('form', { name: 'New price list' });
    await user.type(within(form).getByLabelText('Name'), 'Winter deal');
    await user.clear(within(form).getByLabelText('Valid from'));
    await user.type(within(form).getByLabelText('Valid from'), '2026-12-01');
    await user.click(within(form).getByRole('button', { name: 'Add a rule' }));
    await user.type(within(form).getByLabelText('Rule 1 SKU'), 'NOPE');
    await user.type(within(form).getByLabelText('Rule 1 Unit price ($)'), '9.5');
    await user.click(within(form).getByRole('button', { name: 'Add the price list' }));
    expect(await within(form).findByText(/no product has the SKU NOPE/)).toBeInTheDocument();
    expect(within(form).getByLabelText('Rule 1 SKU')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toHaveBeenLastCalledWith({
      name: 'Winter deal',
      validFrom: '2026-12-01',
      validTo: null,
      rules: [{ kind: 'sku', sku: 'NOPE', price: 9.5 }],
    });

    await user.selectOptions(within(form).getByLabelText('Rule 1 type'), 'Percent off a brand');
    await user.clear(within(form).getByLabelText('Rule 1 Brand'));
    await user.type(within(form).getByLabelText('Rule 1 Brand'), 'Bosch');
    await user.clear(within(form).getByLabelText('Rule 1 Percent off'));
    await user.type(within(form).getByLabelText('Rule 1 Percent off'), '10');
    await user.click(within(form).getByRole('button', { name: 'Add the price list' }));
    await vi.waitFor(() =>
      expect(screen.queryByRole('form', { name: 'New price list' })).not.toBeInTheDocument(),
    );
    expect(posted).toHaveBeenLastCalledWith(
      expect.objectContaining({ rules: [{ kind: 'brand', brand: 'Bosch', percentOff: 10 }] }),
    );
  });

  it('deletes a list only after confirming', async () => {
    const deleted = vi.fn();
    server.use(
      http.delete(`/api/companies/${id}/price-lists/${acme2026._id}`, () => {
        deleted();
        return HttpResponse.json({ acknowledged: true });
      }),
    );
    const { user } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Delete Acme 2026' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Acme 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete Acme 2026' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await vi.waitFor(() => expect(deleted).toHaveBeenCalledTimes(1));
  });
});
