import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { PriceList, PriceListImport } from '@shared/companies/price-lists.schema';
import { Detail } from '@/app/routes/dashboard/admin/companies';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();
const id = '11111111-1111-4111-8111-111111111111';
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

const rejected: PriceListImport = {
  status: 'rejected',
  rows: 3,
  imported: 0,
  replaced: 2,
  rejected: 2,
  problems: [
    { line: 3, column: 'sku', message: 'no product has the SKU NOPE' },
    { line: 4, column: 'percent_off', message: 'must be less than 100' },
  ],
  message: 'Nothing was imported: 2 of 3 rows are bad. The list keeps its 2 rules.',
};

function renderDetail(answer: () => Response) {
  const uploads = vi.fn();
  let listReads = 0;
  server.use(
    http.get(`/api/companies/${id}`, () =>
      HttpResponse.json({
        _id: id,
        name: 'Acme Tools',
        taxId: '12-3456789',
        memberCount: 2,
        createdAt: '2026-11-20T10:00:00.000Z',
        myRoles: [],
      }),
    ),
    http.get(`/api/companies/${id}/members`, () => list([])),
    http.get(`/api/companies/${id}/locations`, () => list([])),
    http.get(`/api/companies/${id}/approvals`, () => list([])),
    http.get(`/api/companies/${id}/price-lists`, () => {
      listReads++;
      return list([acme2026]);
    }),
    http.get(`/api/companies/${id}/account`, () =>
      HttpResponse.json({
        companyId: id,
        companyName: 'Acme Tools',
        terms: null,
        openCents: 0,
        overdueCents: 0,
        availableCents: 0,
        onHold: false,
        holdReason: 'Your company has no payment terms: please pay by card.',
        holdAfterDays: 30,
      }),
    ),
    http.get(`/api/companies/${id}/account/invoices`, () => list([])),
    http.post(`/api/companies/${id}/price-lists/${acme2026._id}/import.csv`, async ({ request }) => {
      const file = (await request.formData()).get('file') as unknown as File;
      uploads(file.name);
      return answer();
    }),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/dashboard/companies/:id" element={<Detail />} />
    </Routes>,
    { route: `/dashboard/companies/${id}` },
  );
  return { ...rendered, uploads, listReads: () => listReads };
}

const csvFile = () =>
  new File(['kind,sku,category,brand,price,percent_off\nsku,NOPE,,,1.00,\n'], 'acme.csv', {
    type: 'text/csv',
  });

describe('A price list as CSV on the company detail (admin)', () => {
  it('links the export, and uploads only after confirming; a bad row shows in the report', async () => {
    const { user, uploads } = renderDetail(() => HttpResponse.json(rejected));
    const section = await screen.findByRole('region', { name: 'Price lists' });
    expect(await within(section).findByRole('link', { name: 'Export Acme 2026 as CSV' })).toHaveAttribute(
      'href',
      `/api/companies/${id}/price-lists/${acme2026._id}/export.csv`,
    );
    await user.click(within(section).getByRole('button', { name: 'Import CSV into Acme 2026' }));
    const form = screen.getByRole('form', { name: 'Import CSV into Acme 2026' });
    await user.click(within(form).getByRole('button', { name: 'Upload and replace the rules' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please choose a CSV file.');

    await user.upload(within(form).getByLabelText('CSV file'), csvFile());
    await user.click(within(form).getByRole('button', { name: 'Upload and replace the rules' }));
    const dialog = screen.getByRole('dialog', { name: 'Replace the rules of Acme 2026?' });
    expect(dialog).toHaveTextContent("Importing replaces this list's 2 rules with the rules of acme.csv.");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(uploads).not.toHaveBeenCalled();

    await user.click(within(form).getByRole('button', { name: 'Upload and replace the rules' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Import' }));
    expect(await within(form).findByText(rejected.message)).toBeInTheDocument();
    expect(uploads).toHaveBeenCalledWith('acme.csv');
    const table = within(form).getByRole('table', { name: 'Bad rows' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['3', 'sku', 'row 3, sku: no product has the SKU NOPE'],
      ['4', 'percent_off', 'row 4, percent_off: must be less than 100'],
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says how many rules were imported and reloads the lists; a refused file says why', async () => {
    let answer: Response = HttpResponse.json(
      { error: 'bad_request', message: 'file: unknown column "name" in the header', field: 'file' },
      { status: 400 },
    );
    const { user, listReads } = renderDetail(() => answer);
    await user.click(await screen.findByRole('button', { name: 'Import CSV into Acme 2026' }));
    const form = screen.getByRole('form', { name: 'Import CSV into Acme 2026' });
    await user.upload(within(form).getByLabelText('CSV file'), csvFile());
    await user.click(within(form).getByRole('button', { name: 'Upload and replace the rules' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Import' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('unknown column "name" in the header');

    answer = HttpResponse.json({
      status: 'done',
      rows: 3,
      imported: 3,
      replaced: 2,
      rejected: 0,
      problems: [],
      message: "Imported 3 rules, replacing the list's 2 rules.",
    } satisfies PriceListImport);
    const reads = listReads();
    await user.click(within(form).getByRole('button', { name: 'Upload and replace the rules' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Import' }));
    expect(
      await within(form).findByText("Imported 3 rules, replacing the list's 2 rules."),
    ).toBeInTheDocument();
    expect(within(form).queryByRole('table')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(listReads()).toBeGreaterThan(reads));
  });
});
