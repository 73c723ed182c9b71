import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { Quote } from '@shared/quotes/quotes.schema';
import { quoteMessages } from '@shared/quotes/quotes.schema';
import { Component as MyQuotesPage } from '@/app/routes/dashboard/my-quotes';
import { session } from '@/test/order-fixtures';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';
import { makeQuote, quoted } from './quote-fixtures';

const server = setupMswServer();
const checkoutId = 'c0000000-0000-4000-8000-00000000beef';

function renderPage(
  quotes: Quote[],
  headers: Record<string, string> = {},
  saved = { phone: '', address: '' },
) {
  const asked = vi.fn();
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.get('/api/userprofile/:email', () =>
      HttpResponse.json({ ...session.user, ...saved, education: '', linkedin: '' }),
    ),
    http.get('/api/quotes', ({ request }) => {
      asked(new URL(request.url).search);
      return HttpResponse.json(quotes, { headers: { 'x-total-count': String(quotes.length), ...headers } });
    }),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/dashboard/quotes" element={<MyQuotesPage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: '/dashboard/quotes' },
  );
  return { ...rendered, asked };
}

const card = (name: RegExp | string) => screen.getByRole('heading', { name }).closest('article')!;

describe('My Quotes', () => {
  it('shows each quote with its status, lines, prices and what it allows', async () => {
    const open = makeQuote({
      note: 'North site',
      wantedBy: '2099-01-15',
      createdAt: '2026-11-24T10:00:00.000Z',
    });
    const answered = quoted(makeQuote({ createdAt: '2026-11-23T10:00:00.000Z' }), [10, 90]);
    const declined = makeQuote({
      status: 'declined',
      declineReason: 'We no longer stock this hose.',
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    const expired = {
      ...quoted(makeQuote({ createdAt: '2026-11-21T10:00:00.000Z' }), [11, 95], '2026-11-22'),
      status: 'expired' as const,
    };
    const accepted = {
      ...quoted(makeQuote({ createdAt: '2026-11-19T10:00:00.000Z' }), [11, 95]),
      status: 'accepted' as const,
      checkoutId,
    };
    const { asked } = renderPage([open, answered, declined, expired, accepted]);
    expect(
      await screen.findByRole('heading', { name: 'Quote request of November 24, 2026' }),
    ).toBeInTheDocument();
    expect(asked).toHaveBeenCalledWith('?limit=10');
    expect(screen.getByRole('status')).toHaveTextContent('Showing 1–5 of 5 quotes');

    const first = within(card('Quote request of November 24, 2026'));
    expect(first.getByText('Requested')).toBeInTheDocument();
    expect(first.getByText('Waiting for our answer.')).toBeInTheDocument();
    expect(first.getByText('North site')).toBeInTheDocument();
    expect(first.getByText('January 15, 2099')).toBeInTheDocument();
    expect(first.queryByRole('button', { name: 'Accept quote' })).not.toBeInTheDocument();

    const second = within(card('Quote request of November 23, 2026'));
    expect(second.getByText('Quoted')).toBeInTheDocument();
    const hose = within(second.getByRole('rowheader', { name: 'Air Hose 10 m' }).closest('tr')!);
    expect(hose.getAllByRole('cell').map((c) => c.textContent)).toEqual(['200', '$12.50', '$10.00']);
    // 200 × 10 + 20 × 90
    expect(second.getByText('$3,800.00')).toBeInTheDocument();
    expect(second.getByText('December 31, 2099')).toBeInTheDocument();
    expect(second.getByRole('button', { name: 'Accept quote' })).toBeInTheDocument();

    const third = within(card('Quote request of November 22, 2026'));
    expect(third.getByText('Declined')).toBeInTheDocument();
    expect(third.getByText('We declined this request: We no longer stock this hose.')).toBeInTheDocument();

    const fourth = within(card('Quote request of November 21, 2026'));
    expect(fourth.getByText('Expired')).toBeInTheDocument();
    expect(
      fourth.getByText('This quote expired after November 22, 2026: ask for a new one.'),
    ).toBeInTheDocument();
    expect(fourth.queryByRole('button', { name: 'Accept quote' })).not.toBeInTheDocument();

    const fifth = within(card('Quote request of November 19, 2026'));
    expect(fifth.getByText('Accepted')).toBeInTheDocument();
    expect(fifth.getByRole('link', { name: 'View its checkout' })).toHaveAttribute(
      'href',
      `/dashboard/pay-checkout/${checkoutId}`,
    );
  });

  it('accepts a quote with the delivery details and goes to the checkout payment page', async () => {
    const quote = quoted(makeQuote(), [10, 90]);
    const sent = vi.fn();
    server.use(
      http.post('/api/quotes/:id/accept', async ({ params, request }) => {
        sent(params.id, await request.json());
        return HttpResponse.json({ _id: checkoutId, status: 'unpaid' }, { status: 201 });
      }),
    );
    const { user } = renderPage([quote]);
    await user.click(await screen.findByRole('button', { name: 'Accept quote' }));
    const form = within(screen.getByRole('form', { name: 'Delivery details for this quote' }));
    for (const label of ['Mobile number', 'Address', 'Company (optional)', 'PO number (optional)'])
      expect(form.getByLabelText(label)).toBeInTheDocument();
    expect(form.getByLabelText('Mobile number')).toHaveFocus();

    // Required fields are checked before anything is sent.
    await user.click(form.getByRole('button', { name: 'Accept and check out' }));
    expect(await form.findAllByText(/required/i)).not.toHaveLength(0);
    expect(sent).not.toHaveBeenCalled();

    await user.type(form.getByLabelText('Mobile number'), '+1 555 0100');
    await user.type(form.getByLabelText('Address'), '1 Main Street, Springfield');
    await user.type(form.getByLabelText('PO number (optional)'), 'PO-77');
    await user.click(form.getByRole('button', { name: 'Accept and check out' }));
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith(quote._id, {
        number: '+1 555 0100',
        address: '1 Main Street, Springfield',
        poNumber: 'PO-77',
      }),
    );
    expect(await screen.findByTestId('location')).toHaveTextContent(`/dashboard/pay-checkout/${checkoutId}`);
  });

  it('fills the delivery details in from the profile', async () => {
    const { user } = renderPage(
      [quoted(makeQuote(), [10, 90])],
      {},
      {
        phone: '+1 555 0199',
        address: '9 Saved Road',
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Accept quote' }));
    const form = within(screen.getByRole('form', { name: 'Delivery details for this quote' }));
    expect(await form.findByDisplayValue('+1 555 0199')).toBe(form.getByLabelText('Mobile number'));
    expect(form.getByLabelText('Address')).toHaveValue('9 Saved Road');
  });

  it("keeps the form with the server's 409 and the lines' problems", async () => {
    server.use(
      http.post('/api/quotes/:id/accept', () =>
        HttpResponse.json(
          {
            error: 'conflict',
            message: quoteMessages.expired,
            lines: [{ productId: 'x', name: 'Air Hose 10 m', problem: 'Only 3 in stock.' }],
          },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderPage([quoted(makeQuote(), [10, 90])]);
    await user.click(await screen.findByRole('button', { name: 'Accept quote' }));
    const form = within(screen.getByRole('form', { name: 'Delivery details for this quote' }));
    await user.type(form.getByLabelText('Mobile number'), '555 0100');
    await user.type(form.getByLabelText('Address'), '1 Main Street');
    await user.click(form.getByRole('button', { name: 'Accept and check out' }));
    expect(await form.findByText(quoteMessages.expired)).toBeInTheDocument();
    expect(form.getByText('Only 3 in stock.', { exact: false })).toBeInTheDocument();
  });

  it('says when there is no quote yet', async () => {
    renderPage([]);
    expect(await screen.findByText(/You have not asked for a quote yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse our products' })).toHaveAttribute(
      'href',
      '/our-products',
    );
  });

  it('shows a failed load with a retry', async () => {
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(null)),
      http.get('/api/quotes', () =>
        HttpResponse.json({ error: 'internal', message: 'Database down.' }, { status: 500 }),
      ),
    );
    renderWithProviders(<MyQuotesPage />, { route: '/dashboard/quotes' });
    expect(await screen.findByText(/We could not load the quotes\. Database down\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again|retry/i })).toBeInTheDocument();
  });

  it('pages with the next cursor', async () => {
    const { user, asked } = renderPage([makeQuote()], { 'x-next-cursor': 'abc', 'x-total-count': '11' });
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(asked).toHaveBeenLastCalledWith('?limit=10&cursor=abc'));
  });
});
