import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { Rates } from '@shared/orders/delivery.schema';
import type { Quote } from '@shared/quotes/quotes.schema';
import { quoteMessages } from '@shared/quotes/quotes.schema';
import { Component as MyQuotesPage } from '@/app/routes/dashboard/my-quotes';
import { savedAddressesHandler, session } from '@/test/order-fixtures';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';
import { makeQuote, quoted } from './quote-fixtures';
import { ratesCents } from '@/test/money-fixtures';

const server = setupMswServer(savedAddressesHandler());
const checkoutId = 'c0000000-0000-4000-8000-00000000beef';

const method = {
  tax: 0,
  minDays: 2,
  maxDays: 5,
  liftgate: false,
  residential: false,
  pickupLocation: null,
};
/** The quote of 200 × $10 + 20 × $90 to Springfield, IL: no tax there in these figures. */
const springfield: Rates = ratesCents({
  destination: { state: 'IL', zip: '62701' },
  subtotal: 3800,
  exemptionNumber: null,
  notice: null,
  // A freight method is offered: the server prices its extras.
  freightExtras: { liftgate: 75, residential: 50 },
  options: [
    { ...method, optionId: 'ground', kind: 'parcel', name: 'Ground parcel', shipping: 45, total: 3845 },
    {
      ...method,
      optionId: 'freight',
      kind: 'freight',
      name: 'LTL freight',
      shipping: 210,
      total: 4010,
      minDays: 4,
      maxDays: 8,
    },
  ],
});
const noRates: Rates = { ...springfield, options: [], freightExtras: null };

function renderPage(
  quotes: Quote[],
  headers: Record<string, string> = {},
  saved = { phone: '', address: '' },
  rates: Rates = noRates,
) {
  const asked = vi.fn();
  const ratesAsked = vi.fn();
  server.use(
    http.post('/api/quotes/:id/shipping-rates', async ({ params, request }) => {
      ratesAsked(params.id, await request.json());
      return HttpResponse.json(rates);
    }),
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
  return { ...rendered, asked, ratesAsked };
}

type Form = ReturnType<typeof within>;
async function typeAddress(user: ReturnType<typeof renderPage>['user'], form: Form) {
  await user.type(form.getByLabelText('Street'), '1 Main Street');
  await user.type(form.getByLabelText('City'), 'Springfield');
  await user.selectOptions(form.getByLabelText('State'), 'IL');
  await user.type(form.getByLabelText('ZIP'), '62701');
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

  // Issue 39 item 11: the lead time the shop quoted for the units above its stock is read before accepting.
  it("shows each line's quoted lead time beside the Accept button", async () => {
    const answered = quoted(makeQuote(), [10, 90]);
    answered.lines = [
      { ...answered.lines[0]!, leadTimeDays: 21 },
      { ...answered.lines[1]!, leadTimeDays: 1 },
    ];
    const plain = quoted(makeQuote({ createdAt: '2026-11-19T10:00:00.000Z' }), [10, 90]);
    renderPage([answered, plain]);
    await screen.findByRole('heading', { name: 'Quote request of November 20, 2026' });
    const mine = within(card('Quote request of November 20, 2026'));
    expect(mine.getByText('Lead time: 21 days for units above the stock')).toBeInTheDocument();
    expect(mine.getByText('Lead time: 1 day for units above the stock')).toBeInTheDocument();
    expect(mine.getByRole('button', { name: 'Accept quote' })).toBeInTheDocument();
    expect(within(card('Quote request of November 19, 2026')).queryByText(/^Lead time/)).toBeNull();
  });

  it('accepts a quote with an address and a shipping method priced for it, then goes to the payment page', async () => {
    const quote = quoted(makeQuote(), [10, 90]);
    const sent = vi.fn();
    server.use(
      http.post('/api/quotes/:id/accept', async ({ params, request }) => {
        sent(params.id, await request.json());
        return HttpResponse.json({ _id: checkoutId, status: 'unpaid' }, { status: 201 });
      }),
    );
    const { user, ratesAsked } = renderPage([quote], {}, undefined, springfield);
    await user.click(await screen.findByRole('button', { name: 'Accept quote' }));
    const form = within(screen.getByRole('form', { name: 'Delivery details for this quote' }));
    for (const label of [
      'Mobile number',
      'Street',
      'City',
      'State',
      'ZIP',
      'Company (optional)',
      'PO number (optional)',
    ])
      expect(form.getByLabelText(label)).toBeInTheDocument();
    expect(form.getByRole('group', { name: 'Delivery address' })).toBeInTheDocument();
    expect(form.getByLabelText('Mobile number')).toHaveFocus();
    expect(
      form.getByText('Enter your state and ZIP code to see the shipping methods and the tax.'),
    ).toBeInTheDocument();

    // Required fields are checked before anything is sent.
    await user.click(form.getByRole('button', { name: 'Accept and check out' }));
    expect(await form.findAllByText(/required/i)).not.toHaveLength(0);
    expect(sent).not.toHaveBeenCalled();

    await user.type(form.getByLabelText('Mobile number'), '+1 555 0100');
    await typeAddress(user, form);
    const methods = within(await form.findByRole('group', { name: 'Shipping method' }));
    expect(ratesAsked).toHaveBeenLastCalledWith(quote._id, {
      zip: '62701',
      state: 'IL',
      liftgate: false,
      residential: false,
    });
    expect(methods.getByText('$45.00')).toBeInTheDocument();
    expect(methods.getByText('$210.00')).toBeInTheDocument();
    // A freight method is offered: its extras can be asked for.
    expect(form.getByLabelText('Liftgate delivery (+$75.00)')).not.toBeChecked();
    expect(form.getByLabelText('Residential delivery (+$50.00)')).not.toBeChecked();

    // No method chosen yet: the form asks for one, nothing is sent.
    await user.click(form.getByRole('button', { name: 'Accept and check out' }));
    expect(await form.findByText('Choose a shipping method')).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();

    await user.click(methods.getByRole('radio', { name: /Ground parcel/ }));
    const total = within(form.getByLabelText('Order total'));
    expect(total.getByText('Shipping (Ground parcel)')).toBeInTheDocument();
    expect(total.getByText('$3,800.00')).toBeInTheDocument();
    expect(total.getByText('$3,845.00')).toBeInTheDocument();

    await user.type(form.getByLabelText('PO number (optional)'), 'PO-77');
    await user.click(form.getByRole('button', { name: 'Accept and check out' }));
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith(quote._id, {
        number: '+1 555 0100',
        address: '1 Main Street, Springfield, IL 62701',
        shipTo: { street: '1 Main Street', city: 'Springfield', state: 'IL', zip: '62701' },
        shippingOption: 'ground',
        liftgate: false,
        residential: false,
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
        address: '9 Saved Road, Springfield, IL 62701',
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Accept quote' }));
    const form = within(screen.getByRole('form', { name: 'Delivery details for this quote' }));
    expect(await form.findByDisplayValue('+1 555 0199')).toBe(form.getByLabelText('Mobile number'));
    expect(await form.findByDisplayValue('9 Saved Road')).toBe(form.getByLabelText('Street'));
    expect(form.getByLabelText('City')).toHaveValue('Springfield');
    expect(form.getByLabelText('State')).toHaveValue('IL');
    expect(form.getByLabelText('ZIP')).toHaveValue('62701');
  });

  it('takes a profile address that is not a US one as the street', async () => {
    const { user } = renderPage([quoted(makeQuote(), [10, 90])], {}, { phone: '', address: '9 Saved Road' });
    await user.click(await screen.findByRole('button', { name: 'Accept quote' }));
    const form = within(screen.getByRole('form', { name: 'Delivery details for this quote' }));
    expect(await form.findByDisplayValue('9 Saved Road')).toBe(form.getByLabelText('Street'));
    expect(form.getByLabelText('State')).toHaveValue('');
  });

  it('accepts without a method when the shop has none for the address, saying shipping is arranged later', async () => {
    const sent = vi.fn();
    server.use(
      http.post('/api/quotes/:id/accept', async ({ request }) => {
        sent(await request.json());
        return HttpResponse.json({ _id: checkoutId, status: 'unpaid' }, { status: 201 });
      }),
    );
    const { user } = renderPage([quoted(makeQuote(), [10, 90])]);
    await user.click(await screen.findByRole('button', { name: 'Accept quote' }));
    const form = within(screen.getByRole('form', { name: 'Delivery details for this quote' }));
    await user.type(form.getByLabelText('Mobile number'), '555 0100');
    await typeAddress(user, form);
    expect(
      await form.findByText('Shipping is arranged after your order; you pay for the goods only.'),
    ).toBeInTheDocument();
    expect(form.queryByRole('group', { name: 'Shipping method' })).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Accept and check out' }));
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith({
        number: '555 0100',
        address: '1 Main Street, Springfield, IL 62701',
        shipTo: { street: '1 Main Street', city: 'Springfield', state: 'IL', zip: '62701' },
      }),
    );
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
    await typeAddress(user, form);
    await form.findByText('Shipping is arranged after your order; you pay for the goods only.');
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
