import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TaxExemption } from '@shared/tax/tax-exemptions.schema';
import { Component as TaxExemptionsPage } from '@/app/routes/dashboard/admin/tax-exemptions';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { makeExemption } from './exemption-fixtures';

const server = setupMswServer();

function renderPage(initial: TaxExemption[], route = '/dashboard/tax-exemptions') {
  let certificates = initial;
  const asked = vi.fn();
  server.use(
    http.get('/api/tax-exemptions', ({ request }) => {
      asked(new URL(request.url).search);
      return HttpResponse.json(certificates, { headers: { 'x-total-count': String(certificates.length) } });
    }),
  );
  return {
    ...renderWithProviders(<TaxExemptionsPage />, { route }),
    asked,
    setList: (next: TaxExemption[]) => (certificates = next),
  };
}

const card = (number: string) =>
  screen.getByRole('heading', { name: new RegExp(`^Certificate ${number}`) }).closest('article')!;

describe('Tax exemptions (admin)', () => {
  it('lists the pending certificates first and filters by status', async () => {
    const { user, asked } = renderPage([makeExemption()]);
    expect(
      await screen.findByRole('heading', { name: 'Certificate RC-1001 from Ann Buyer (ann@example.com)' }),
    ).toBeInTheDocument();
    expect(asked).toHaveBeenCalledWith('?limit=10&status=pending');
    expect(screen.getByLabelText('Status')).toHaveValue('pending');
    const pending = within(card('RC-1001'));
    expect(pending.getByText('Pending review')).toBeInTheDocument();
    expect(pending.getByRole('link', { name: /View the PDF/ })).toHaveAttribute(
      'href',
      '/api/tax-exemptions/e0000000-0000-4000-8000-000000000001/file',
    );
    expect(pending.getByRole('button', { name: 'Approve certificate RC-1001' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await waitFor(() => expect(asked).toHaveBeenLastCalledWith('?limit=10'));
    await user.selectOptions(screen.getByLabelText('Status'), 'Rejected');
    await waitFor(() => expect(asked).toHaveBeenLastCalledWith('?limit=10&status=rejected'));
  });

  it('says when nothing is pending', async () => {
    renderPage([]);
    expect(await screen.findByText('No certificates are pending review.')).toBeInTheDocument();
  });

  it('shows decided certificates without actions', async () => {
    renderPage(
      [makeExemption({ status: 'rejected', reason: 'Unsigned.' })],
      '/dashboard/tax-exemptions?status=rejected',
    );
    const rejected = within(
      (await screen.findByRole('heading', { name: /^Certificate RC-1001/ })).closest('article')!,
    );
    expect(rejected.getByText('Unsigned.')).toBeInTheDocument();
    expect(rejected.queryByRole('button')).not.toBeInTheDocument();
  });

  it('approves after confirmation, and the list refreshes', async () => {
    const exemption = makeExemption();
    const sent = vi.fn();
    const { user, setList } = renderPage([exemption]);
    server.use(
      http.put('/api/tax-exemptions/:id/decision', async ({ params, request }) => {
        sent(params.id, await request.json());
        setList([]);
        return HttpResponse.json({ ...exemption, status: 'approved' });
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Approve certificate RC-1001' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Approve this certificate?' }));
    // Cancel is focused first, so Enter does not approve by accident.
    expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(dialog.getByRole('button', { name: 'Approve certificate' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith(exemption._id, { decision: 'approve' }));
    expect(await screen.findByText('Certificate approved')).toBeInTheDocument();
    expect(await screen.findByText('No certificates are pending review.')).toBeInTheDocument();
  });

  it('rejects only with a reason, asked in a dialog', async () => {
    const exemption = makeExemption();
    const sent = vi.fn();
    server.use(
      http.put('/api/tax-exemptions/:id/decision', async ({ params, request }) => {
        sent(params.id, await request.json());
        return HttpResponse.json({ ...exemption, status: 'rejected', reason: 'Unsigned' });
      }),
    );
    const { user } = renderPage([exemption]);
    await user.click(await screen.findByRole('button', { name: 'Reject certificate RC-1001' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Reject this certificate?' }));
    await user.click(dialog.getByRole('button', { name: 'Reject certificate' }));
    expect(await dialog.findByText('Is required')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();

    await user.type(dialog.getByLabelText('Reason'), '  Unsigned  ');
    await user.click(dialog.getByRole('button', { name: 'Reject certificate' }));
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith(exemption._id, { decision: 'reject', reason: 'Unsigned' }),
    );
    expect(await screen.findByText('Certificate rejected')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open with the server's refusal (already decided)", async () => {
    server.use(
      http.put('/api/tax-exemptions/:id/decision', () =>
        HttpResponse.json(
          { error: 'conflict', message: 'This certificate was already approved.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderPage([makeExemption()]);
    await user.click(await screen.findByRole('button', { name: 'Approve certificate RC-1001' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Approve certificate' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This certificate was already approved.');
  });

  it('says when the list cannot be loaded', async () => {
    server.use(
      http.get('/api/tax-exemptions', () =>
        HttpResponse.json({ error: 'unavailable', message: 'Try again later.' }, { status: 503 }),
      ),
    );
    renderWithProviders(<TaxExemptionsPage />, { route: '/dashboard/tax-exemptions' });
    expect(await screen.findByText(/We could not load the certificates/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
