import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { QuickOrderLine, QuickOrderResult } from '@shared/cart/cart.schema';
import { messages } from '@shared/messages';
import { Component as QuickOrderPage } from '@/app/routes/dashboard/quick-order';
import { session } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

const report: QuickOrderLine[] = [
  {
    line: 1,
    sku: 'TH-HOSE15',
    quantity: 10,
    productId: '0b9c4f0e-8a51-4a7e-9d0c-000000000001',
    name: 'Air hose 15 m',
    problem: null,
  },
  { line: 2, sku: 'NOPE', quantity: 1, problem: 'No product has this SKU.' },
  {
    line: 3,
    sku: 'TH-DRILL18',
    quantity: 9,
    productId: '0b9c4f0e-8a51-4a7e-9d0c-000000000002',
    name: '18V drill',
    problem: messages.quantityAboveStock,
  },
];
const emptyCart = {
  lines: [],
  count: 0,
  totalQuantity: 0,
  total: 0,
  saving: 0,
  totalCents: 0,
  savingCents: 0,
  quantitySavingCents: 0,
  contractSavingCents: 0,
};

function useApi() {
  const calls: { text?: string; dryRun?: boolean; upload?: boolean; query: string }[] = [];
  server.use(
    http.get('/api/auth/get-session', () => HttpResponse.json(session)),
    http.post('/api/cart/:email/quick-order', async ({ request }) => {
      const query = new URL(request.url).search;
      if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
        // jsdom's File does not carry its bytes through fetch: check what reached the server by its type.
        const file = (await request.formData()).get('file') as unknown as Blob;
        calls.push({ upload: true, text: file.type, query });
      } else calls.push({ ...((await request.json()) as { text: string; dryRun: boolean }), query });
      const dryRun = calls.at(-1)!.dryRun ?? query.includes('dryRun=true');
      const answer: QuickOrderResult = { lines: report, added: dryRun ? 0 : 1, cart: emptyCart };
      return HttpResponse.json(answer);
    }),
  );
  return calls;
}

describe('Quick order', () => {
  it('checks the pasted lines (dry run), shows the report, then adds them to the cart', async () => {
    const calls = useApi();
    const { user } = renderWithProviders(<QuickOrderPage />);
    const lines = await screen.findByRole('textbox', { name: 'SKU, quantity lines' });
    const add = screen.getByRole('button', { name: 'Add to cart' });
    expect(add).toBeDisabled();
    await user.type(lines, 'TH-HOSE15, 10{Enter}NOPE, 1{Enter}TH-DRILL18, 9');
    await user.click(screen.getByRole('button', { name: 'Check lines' }));

    const table = within(await screen.findByRole('table'));
    expect(calls).toEqual([{ text: 'TH-HOSE15, 10\nNOPE, 1\nTH-DRILL18, 9', dryRun: true, query: '' }]);
    expect(screen.getByRole('heading', { name: 'Checked lines' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Checked 3 lines: 1 can go into the cart, 2 cannot.',
    );
    const rows = table.getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', 'TH-HOSE15', 'Air hose 15 m', '10', 'OK'],
      ['2', 'NOPE', '—', '1', 'No product has this SKU.'],
      ['3', 'TH-DRILL18', '18V drill', '9', messages.quantityAboveStock],
    ]);

    await user.click(add);
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ dryRun: false }));
    expect(await screen.findByText('Added 1 line to your cart; 2 left out.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/dashboard/cart');
  });

  it('checks an uploaded CSV with ?dryRun=true', async () => {
    const calls = useApi();
    const { user } = renderWithProviders(<QuickOrderPage />);
    const csv = new File(['sku,quantity\nTH-HOSE15,10\n'], 'order.csv', { type: 'text/csv' });
    await user.upload(await screen.findByLabelText('Or upload a CSV file'), csv);
    expect(screen.getByRole('textbox', { name: 'SKU, quantity lines' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    await screen.findByRole('table');
    expect(calls).toEqual([{ upload: true, text: 'text/csv', query: '?dryRun=true' }]);
  });

  it("shows the server's refusal under the field it names, and asks for lines when there are none", async () => {
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(session)),
      http.post('/api/cart/:email/quick-order', () =>
        HttpResponse.json(
          { error: 'bad_request', message: 'text: must be at most 200 lines', field: 'text' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<QuickOrderPage />);
    const lines = await screen.findByRole('textbox', { name: 'SKU, quantity lines' });
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    expect(lines).toHaveAccessibleDescription(/Type or paste at least one line of SKU, quantity\./);
    await user.type(lines, 'A, 1');
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    await waitFor(() => expect(lines).toHaveAccessibleDescription(/Must be at most 200 lines/));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
