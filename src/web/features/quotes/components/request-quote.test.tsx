import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { quoteMessages } from '@shared/quotes/quotes.schema';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { drillId, hoseId, makeQuote } from './quote-fixtures';
import { RequestCartQuoteButton, RequestQuoteButton } from './request-quote';

const server = setupMswServer();

const product = { _id: hoseId, name: 'Air Hose 10 m', minOrder: 5 };

function answerPost(status = 201, body: unknown = makeQuote()) {
  const sent = vi.fn();
  server.use(
    http.post('/api/quotes', async ({ request }) => {
      sent(await request.json());
      return HttpResponse.json(body as object, { status });
    }),
  );
  return sent;
}

describe('Request a quote', () => {
  it('asks for quantity, note and wanted-by with labelled fields and sends them', async () => {
    const sent = answerPost();
    const { user } = renderWithProviders(<RequestQuoteButton product={product} />);
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Request a quote' }));
    const quantity = dialog.getByLabelText('Quantity');
    expect(quantity).toHaveValue(5);
    expect(dialog.getByLabelText('Note (optional)')).toBeInTheDocument();
    expect(dialog.getByLabelText('Wanted by (optional)')).toHaveAttribute('type', 'date');

    await user.clear(quantity);
    await user.type(quantity, '250');
    await user.type(dialog.getByLabelText('Note (optional)'), 'Delivery to the north site');
    await user.type(dialog.getByLabelText('Wanted by (optional)'), '2099-01-15');
    await user.click(dialog.getByRole('button', { name: 'Send request' }));

    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith({
        lines: [{ productId: hoseId, quantity: 250 }],
        note: 'Delivery to the north site',
        wantedBy: '2099-01-15',
      }),
    );
    expect(await screen.findByText('Quote requested', { selector: '[data-title]' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Quotes' })).toHaveAttribute(
      'href',
      '/dashboard/quotes',
    );
  });

  it('leaves out an empty note and date, and refuses a bad quantity or a past date without sending', async () => {
    const sent = answerPost();
    const { user } = renderWithProviders(<RequestQuoteButton product={product} />);
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    const dialog = within(screen.getByRole('dialog'));
    const quantity = dialog.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.type(dialog.getByLabelText('Wanted by (optional)'), '2001-01-01');
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByText('Must be at least 1')).toBeInTheDocument();
    expect(dialog.getByText('Must not be in the past')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();

    await user.clear(quantity);
    await user.type(quantity, '12');
    await user.clear(dialog.getByLabelText('Wanted by (optional)'));
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(sent).toHaveBeenCalledWith({ lines: [{ productId: hoseId, quantity: 12 }] }));
  });

  it("shows the server's field error under its field", async () => {
    answerPost(400, {
      error: 'bad_request',
      message: 'lines.0.quantity: must be at most 1000000',
      field: 'lines.0.quantity',
    });
    const { user } = renderWithProviders(<RequestQuoteButton product={product} />);
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByText('Must be at most 1000000')).toBeInTheDocument();
    expect(dialog.getByLabelText('Quantity')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows why the request was refused when the address is not verified yet, and keeps the dialog open', async () => {
    answerPost(403, { error: 'forbidden', message: quoteMessages.verifyFirst });
    const { user } = renderWithProviders(<RequestQuoteButton product={product} />);
    await user.click(screen.getByRole('button', { name: 'Request a quote' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByText(quoteMessages.verifyFirst)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Request a quote' })).toBeInTheDocument();
  });

  it("asks for the cart's lines at their quantities", async () => {
    const sent = answerPost();
    const { user } = renderWithProviders(
      <RequestCartQuoteButton
        lines={[
          { productId: hoseId, name: 'Air Hose 10 m', quantity: 40 },
          { productId: drillId, name: '18V Drill', quantity: 3 },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Request a quote for this cart' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Request a quote' }));
    expect(dialog.queryByLabelText('Quantity')).not.toBeInTheDocument();
    expect(dialog.getByText('Air Hose 10 m × 40')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Note (optional)'), 'Yearly order');
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(sent).toHaveBeenCalledWith({
        lines: [
          { productId: hoseId, quantity: 40 },
          { productId: drillId, quantity: 3 },
        ],
        note: 'Yearly order',
      }),
    );
  });
});
