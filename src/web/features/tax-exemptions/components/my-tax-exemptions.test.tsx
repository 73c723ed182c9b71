import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { exemptionVerifyFirst, type TaxExemption } from '@shared/tax/tax-exemptions.schema';
import { Component as TaxExemptionPage } from '@/app/routes/dashboard/tax-exemption';
import { session } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { dayFromToday } from './exemption-parts';
import { makeExemption } from './exemption-fixtures';

const server = setupMswServer();

function renderPage(initial: TaxExemption[]) {
  let certificates = initial;
  const asked = vi.fn();
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/tax-exemptions/:email', ({ params, request }) => {
      asked(params.email, new URL(request.url).search);
      return HttpResponse.json(certificates, { headers: { 'x-total-count': String(certificates.length) } });
    }),
  );
  const result = renderWithProviders(<TaxExemptionPage />, { route: '/dashboard/tax-exemption' });
  return { ...result, asked, setList: (next: TaxExemption[]) => (certificates = next) };
}

const pdf = () => new File(['%PDF-1.7'], 'resale.pdf', { type: 'application/pdf' });

describe('Tax exemption (customer)', () => {
  it('shows the upload form with visible labels and an empty list', async () => {
    const { asked } = renderPage([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Tax exemption' })).toBeInTheDocument();
    const file = screen.getByLabelText('Certificate (PDF)');
    expect(file).toHaveAttribute('type', 'file');
    expect(file).toHaveAttribute('accept', expect.stringContaining('application/pdf'));
    expect(screen.getByLabelText('Certificate number')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'States it covers' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Texas (TX)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'District of Columbia (DC)' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')).toHaveLength(51);
    expect(screen.getByLabelText('Expires on')).toHaveAttribute('type', 'date');
    expect(await screen.findByText('You have not uploaded a certificate yet.')).toBeInTheDocument();
    expect(asked).toHaveBeenCalledWith('ann@example.com', '?limit=10');
  });

  it('lists the certificates with their status and the reason of a rejected one', async () => {
    renderPage([
      makeExemption({ status: 'rejected', reason: 'The certificate is not signed.' }, 2),
      makeExemption({ status: 'approved', decidedAt: '2026-11-21T10:00:00.000Z' }, 1),
    ]);
    const rejected = (await screen.findByRole('heading', { name: 'Certificate RC-1002' })).closest(
      'article',
    )!;
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejected).getByText('The certificate is not signed.')).toBeInTheDocument();
    const approved = screen.getByRole('heading', { name: 'Certificate RC-1001' }).closest('article')!;
    expect(within(approved).getByText('Approved')).toBeInTheDocument();
    expect(within(approved).getByText('December 31, 2099')).toBeInTheDocument();
    expect(within(approved).getByRole('link', { name: /View the PDF/ })).toHaveAttribute(
      'href',
      '/api/tax-exemptions/e0000000-0000-4000-8000-000000000001/file',
    );
  });

  it('checks the form before sending anything', async () => {
    const sent = vi.fn();
    server.use(http.post('/api/tax-exemptions/:email', () => sent()));
    const { user } = renderPage([]);
    await user.click(screen.getByRole('button', { name: 'Upload certificate' }));
    expect(await screen.findByText('Please choose the certificate as a PDF file.')).toBeInTheDocument();
    expect(screen.getByText('Is required')).toBeInTheDocument();
    expect(screen.getByText('Must list at least one US state')).toBeInTheDocument();
    expect(screen.getByLabelText('Certificate number')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Expires on'), dayFromToday(-1));
    await user.click(screen.getByRole('button', { name: 'Upload certificate' }));
    expect(await screen.findByText('Must be in the future')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('uploads the PDF with its number, states and expiry, then lists it as pending review', async () => {
    const fields = vi.fn();
    const { user, setList } = renderPage([]);
    server.use(
      http.post('/api/tax-exemptions/:email', async ({ params, request }) => {
        const form = await request.formData();
        const file = form.get('file') as unknown as Blob;
        fields(params.email, {
          number: form.get('number'),
          states: form.getAll('states'),
          expiresOn: form.get('expiresOn'),
          type: file.type,
        });
        const created = makeExemption({ number: 'RC-77', states: ['TX', 'CA'] }, 7);
        setList([created]);
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    await screen.findByText('You have not uploaded a certificate yet.');
    await user.upload(screen.getByLabelText('Certificate (PDF)'), pdf());
    await user.type(screen.getByLabelText('Certificate number'), 'RC-77');
    await user.click(screen.getByRole('checkbox', { name: 'Texas (TX)' }));
    await user.click(screen.getByRole('checkbox', { name: 'California (CA)' }));
    await user.type(screen.getByLabelText('Expires on'), '2099-12-31');
    await user.click(screen.getByRole('button', { name: 'Upload certificate' }));
    await waitFor(() =>
      expect(fields).toHaveBeenCalledWith('ann@example.com', {
        number: 'RC-77',
        states: expect.arrayContaining(['TX', 'CA']),
        expiresOn: '2099-12-31',
        type: 'application/pdf',
      }),
    );
    expect(await screen.findByText(/Certificate uploaded/)).toBeInTheDocument();
    const card = (await screen.findByRole('heading', { name: 'Certificate RC-77' })).closest('article')!;
    expect(within(card).getByText('Pending review')).toBeInTheDocument();
    // The form is empty again.
    expect(screen.getByLabelText('Certificate number')).toHaveValue('');
  });

  it("shows the server's refusal beside the field it names", async () => {
    server.use(
      http.post('/api/tax-exemptions/:email', () =>
        HttpResponse.json(
          { error: 'bad_request', message: 'file: must be a PDF document', field: 'file' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderPage([]);
    await user.upload(screen.getByLabelText('Certificate (PDF)'), pdf());
    await user.type(screen.getByLabelText('Certificate number'), 'RC-1');
    await user.click(screen.getByRole('checkbox', { name: 'Texas (TX)' }));
    await user.type(screen.getByLabelText('Expires on'), '2099-12-31');
    await user.click(screen.getByRole('button', { name: 'Upload certificate' }));
    expect(await screen.findByText('Must be a PDF document')).toBeInTheDocument();
    expect(screen.getByLabelText('Certificate (PDF)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the list cannot be loaded, and retries', async () => {
    let fail = true;
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(session)),
      http.get('/api/tax-exemptions/:email', () =>
        fail
          ? HttpResponse.json({ error: 'unavailable', message: 'Try again later.' }, { status: 503 })
          : HttpResponse.json([], { headers: { 'x-total-count': '0' } }),
      ),
    );
    const { user } = renderWithProviders(<TaxExemptionPage />, { route: '/dashboard/tax-exemption' });
    expect(await screen.findByText(/We could not load the certificates/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('You have not uploaded a certificate yet.')).toBeInTheDocument();
  });

  it('asks an address not yet verified to verify first instead of offering the upload (issue 39 item 7)', async () => {
    server.use(
      http.get('/api/auth/get-session', () =>
        HttpResponse.json({ ...session, user: { ...session.user, emailVerified: false } }),
      ),
      http.get('/api/tax-exemptions/:email', () =>
        HttpResponse.json([], { headers: { 'x-total-count': '0' } }),
      ),
    );
    renderWithProviders(<TaxExemptionPage />, { route: '/dashboard/tax-exemption' });
    expect(await screen.findByText(exemptionVerifyFirst)).toBeInTheDocument();
    expect(screen.queryByLabelText('Certificate (PDF)')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /upload/i })).not.toBeInTheDocument();
    expect(await screen.findByText('You have not uploaded a certificate yet.')).toBeInTheDocument();
  });
});
