import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Quote } from '@shared/quotes/quotes.schema';
import { Component as ManageQuotesPage } from '@/app/routes/dashboard/manage-quotes';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { dayFromToday } from './format-day';
import { drillId, hoseId, makeQuote, quoted } from './quote-fixtures';

const server = setupMswServer();

function renderPage(quotes: Quote[]) {
  const asked = vi.fn();
  server.use(
    http.get('/api/quotes', ({ request }) => {
      asked(new URL(request.url).search);
      return HttpResponse.json(quotes, { headers: { 'x-total-count': String(quotes.length) } });
    }),
  );
  return { ...renderWithProviders(<ManageQuotesPage />, { route: '/dashboard/manage-quotes' }), asked };
}

const card = () => screen.getByRole('heading', { name: /^Request from Ann Buyer/ }).closest('article')!;

describe('Manage Quotes', () => {
  it('lists the open requests first and filters by status', async () => {
    const { user, asked } = renderPage([makeQuote({ note: 'North site' })]);
    expect(
      await screen.findByRole('heading', { name: 'Request from Ann Buyer (ann@example.com)' }),
    ).toBeInTheDocument();
    expect(asked).toHaveBeenCalledWith('?limit=10&status=requested');
    expect(screen.getByLabelText('Status')).toHaveValue('requested');
    expect(within(card()).getByText('North site')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Status'), 'All');
    await waitFor(() => expect(asked).toHaveBeenLastCalledWith('?limit=10'));
    await user.selectOptions(screen.getByLabelText('Status'), 'Quoted');
    await waitFor(() => expect(asked).toHaveBeenLastCalledWith('?limit=10&status=quoted'));
  });

  it('answers with a unit price per line, prefilled with the list price, and a validity date', async () => {
    const quote = makeQuote();
    const sent = vi.fn();
    server.use(
      http.put('/api/quotes/:id/answer', async ({ params, request }) => {
        const body = (await request.json()) as { lines: { unitPrice: number }[]; validUntil: string };
        sent(params.id, body);
        return HttpResponse.json(
          quoted(
            quote,
            body.lines.map((l) => l.unitPrice),
            body.validUntil,
          ),
        );
      }),
    );
    const { user } = renderPage([quote]);
    await user.click(await screen.findByRole('button', { name: 'Answer' }));
    const form = within(screen.getByRole('form', { name: 'Answer the request from Ann Buyer' }));
    const hose = form.getByLabelText('Unit price for Air Hose 10 m');
    const drill = form.getByLabelText('Unit price for 18V Drill');
    expect(hose).toHaveValue(12.5);
    expect(drill).toHaveValue(99);
    expect(form.getByLabelText('Valid until')).toHaveValue(dayFromToday(14));

    // A price of 0 is refused beside its field, without a request.
    await user.clear(hose);
    await user.type(hose, '0');
    await user.click(form.getByRole('button', { name: 'Send quote' }));
    expect(await form.findByText('Must be above 0')).toBeInTheDocument();
    expect(hose).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();

    await user.clear(hose);
    await user.type(hose, '9.75');
    const validUntil = form.getByLabelText('Valid until');
    await user.clear(validUntil);
    await user.type(validUntil, '2099-06-30');
    await user.click(form.getByRole('button', { name: 'Send quote' }));
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith(quote._id, {
        lines: [
          { productId: hoseId, unitPrice: 9.75 },
          { productId: drillId, unitPrice: 99 },
        ],
        validUntil: '2099-06-30',
      }),
    );
    expect(await screen.findByText('Quote sent')).toBeInTheDocument();
  });

  it('may give a line a lead time: units above the stock are then backordered on accepting', async () => {
    const quote = makeQuote();
    const sent = vi.fn();
    server.use(
      http.put('/api/quotes/:id/answer', async ({ params, request }) => {
        const body = (await request.json()) as { lines: { unitPrice: number }[]; validUntil: string };
        sent(params.id, body);
        return HttpResponse.json(
          quoted(
            quote,
            body.lines.map((l) => l.unitPrice),
            body.validUntil,
          ),
        );
      }),
    );
    const { user } = renderPage([quote]);
    await user.click(await screen.findByRole('button', { name: 'Answer' }));
    const form = within(screen.getByRole('form', { name: 'Answer the request from Ann Buyer' }));
    const lead = form.getByLabelText('Lead time (days) for 18V Drill');
    await user.type(lead, '400');
    await user.click(form.getByRole('button', { name: 'Send quote' }));
    expect(await form.findByText('Must be at most 365')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
    await user.clear(lead);
    await user.type(lead, '21');
    await user.click(form.getByRole('button', { name: 'Send quote' }));
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith(quote._id, {
        lines: [
          { productId: hoseId, unitPrice: 12.5 },
          { productId: drillId, unitPrice: 99, leadTimeDays: 21 },
        ],
        validUntil: dayFromToday(14),
      }),
    );
  });

  it("shows the server's field error under the line's price", async () => {
    server.use(
      http.put('/api/quotes/:id/answer', () =>
        HttpResponse.json(
          {
            error: 'bad_request',
            message: 'lines.1.unitPrice: must be at most 1000000',
            field: 'lines.1.unitPrice',
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderPage([makeQuote()]);
    await user.click(await screen.findByRole('button', { name: 'Answer' }));
    await user.click(screen.getByRole('button', { name: 'Send quote' }));
    expect(await screen.findByText('Must be at most 1000000')).toBeInTheDocument();
    expect(screen.getByLabelText('Unit price for 18V Drill')).toHaveAttribute('aria-invalid', 'true');
  });

  it('declines with a reason, after confirmation', async () => {
    const quote = makeQuote();
    const sent = vi.fn();
    server.use(
      http.put('/api/quotes/:id/decline', async ({ params, request }) => {
        sent(params.id, await request.json());
        return HttpResponse.json({ ...quote, status: 'declined', declineReason: 'Out of range' });
      }),
    );
    const { user } = renderPage([quote]);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Decline this request?' }));
    // The reason is required.
    await user.click(dialog.getByRole('button', { name: 'Decline request' }));
    expect(await dialog.findByText('Is required')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();

    await user.type(dialog.getByLabelText('Reason'), '  Out of range  ');
    await user.click(dialog.getByRole('button', { name: 'Decline request' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith(quote._id, { reason: 'Out of range' }));
    expect(await screen.findByText('Request declined')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the decline dialog open with the server's refusal", async () => {
    server.use(
      http.put('/api/quotes/:id/decline', () =>
        HttpResponse.json(
          { error: 'conflict', message: 'This quote has already been answered.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderPage([makeQuote()]);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.type(dialog.getByLabelText('Reason'), 'No');
    await user.click(dialog.getByRole('button', { name: 'Decline request' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This quote has already been answered.');
  });
});
