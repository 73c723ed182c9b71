import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { messages } from '@shared/messages';
import { approvalMessages } from '@shared/checkout/approvals.schema';
import {
  customer,
  linePriceHandler,
  savedAddressesHandler,
  type LinePriceFigures,
} from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { OrderModal, type OrderableProduct } from './order-modal';

const server = setupMswServer(savedAddressesHandler(), linePriceHandler());

/** The server's figures for the coupling: its breaks, and (when given) a contract price below them. */
const couplingPrices =
  (contractCents?: number): ((quantity: number) => LinePriceFigures) =>
  (quantity) => {
    const breakCents = quantity >= 50 ? 9_90 : quantity >= 10 ? 11_20 : 12_40;
    const unitPriceCents = contractCents === undefined ? breakCents : Math.min(breakCents, contractCents);
    return {
      unitPriceCents,
      quantitySavingCents: quantity * (12_40 - breakCents),
      contractSavingCents: quantity * (breakCents - unitPriceCents),
    };
  };

/** Couplings: $12.40 each, $11.20 from 10, $9.90 from 50, in packs of 10, at least 15 (so 20) per order. */
const coupling: OrderableProduct = {
  _id: '0b9c4f0e-8a51-4a7e-9d0c-1f2e3a4b5c6e',
  name: 'Brass coupling',
  img: '/media/coupling.webp',
  price: 12.4,
  quantity: 200,
  minOrder: 15,
  desc: 'Half inch.',
  packSize: 10,
  priceBreaks: [
    { minQuantity: 10, price: 11.2 },
    { minQuantity: 50, price: 9.9 },
  ],
};

function openModal(product: OrderableProduct = coupling) {
  const view = renderWithProviders(<OrderModal product={product} customer={customer} onClose={() => {}} />);
  return { ...view, dialog: within(screen.getByRole('dialog', { name: `Order ${product.name}` })) };
}

async function typeQuantity(
  user: ReturnType<typeof openModal>['user'],
  dialog: ReturnType<typeof openModal>['dialog'],
  q: string,
) {
  await user.clear(dialog.getByLabelText('Quantity'));
  await user.type(dialog.getByLabelText('Quantity'), q);
}

describe('Order modal pricing', () => {
  it('starts at the minimum order in whole packs and steps by the pack', () => {
    const { dialog } = openModal();
    const quantity = dialog.getByLabelText('Quantity');
    expect(quantity).toHaveValue(20);
    expect(quantity).toHaveAttribute('step', '10');
    expect(quantity).toHaveAttribute('min', '15');
    expect(dialog.getByText(/sold in packs of 10/)).toBeInTheDocument();
  });

  it("shows the server's unit price and saving at the quantity, and a total at that price", async () => {
    server.use(linePriceHandler(couplingPrices()));
    const { user, dialog } = openModal();
    expect(
      await dialog.findByText('Unit price $11.20 at this quantity — you save $24.00 with the quantity price'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('status', { name: 'Total' })).toHaveTextContent('$224.00');
    await typeQuantity(user, dialog, '60');
    expect(
      await dialog.findByText('Unit price $9.90 at this quantity — you save $150.00 with the quantity price'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('status', { name: 'Total' })).toHaveTextContent('$594.00');
  });

  it('splits the saving by source as the server counted it (issue 38)', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post('/api/cart/:email/price', async ({ request }) => {
        asked.push(await request.clone().json());
      }),
      linePriceHandler(couplingPrices(10_00)),
    );
    const { dialog } = openModal({ ...coupling, contractPrice: 10 });
    expect(
      await dialog.findByText(
        'Unit price $10.00 at this quantity — you save $48.00: $24.00 quantity price, $24.00 contract price',
      ),
    ).toBeInTheDocument();
    expect(asked).toEqual([{ productId: coupling._id, quantity: 20 }]);
  });

  it("totals the goods at the server's price, a contract price the page does not know included (issue 38)", async () => {
    server.use(linePriceHandler(couplingPrices(10_00)));
    const { dialog } = openModal();
    expect(await dialog.findByText(/Unit price \$10\.00 at this quantity/)).toBeInTheDocument();
    expect(dialog.getByRole('status', { name: 'Total' })).toHaveTextContent('$200.00');
  });

  it('shows no saving the server does not count, whatever the breaks the page was given', async () => {
    let answered = 0;
    server.use(
      http.post('/api/cart/:email/price', () => {
        answered += 1;
      }),
      linePriceHandler(() => ({ unitPriceCents: 12_40 })),
    );
    const { dialog } = openModal();
    await waitFor(() => expect(answered).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(dialog.queryByText(/you save/)).not.toBeInTheDocument();
  });

  it('shows no saving below the first break', async () => {
    server.use(linePriceHandler(couplingPrices()));
    const { user, dialog } = openModal({ ...coupling, packSize: 1, minOrder: 1 });
    await typeQuantity(user, dialog, '9');
    expect(dialog.queryByText(/you save/)).not.toBeInTheDocument();
    expect(dialog.getByRole('status', { name: 'Total' })).toHaveTextContent('$111.60');
  });

  it('says at once when the quantity is not a whole number of packs, and refuses it', async () => {
    const { user, dialog } = openModal();
    await typeQuantity(user, dialog, '25');
    const message = 'This product is sold in packs of 10: order a multiple of 10.';
    expect(dialog.getByText(message)).toBeInTheDocument();
    expect(dialog.getByLabelText('Quantity')).toHaveAttribute('aria-invalid', 'true');
    await user.type(dialog.getByLabelText('Number'), '+1 555 0100');
    await user.type(dialog.getByLabelText('Address'), '1 Main Street');
    await user.click(dialog.getByRole('button', { name: 'Place order' }));
    expect(await dialog.findByText(message)).toBeInTheDocument();
  });

  it("keeps the spec's minimum and stock messages first", async () => {
    const { user, dialog } = openModal();
    await typeQuantity(user, dialog, '10');
    await user.click(dialog.getByRole('button', { name: 'Place order' }));
    expect(await dialog.findByText(messages.quantityBelowMinimum)).toBeInTheDocument();
    await typeQuantity(user, dialog, '210');
    expect(await dialog.findByText(messages.quantityAboveStock)).toBeInTheDocument();
  });

  it('sends the typed quantity; the server prices it', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('/api/order/:email', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ acknowledged: true, insertedId: 'o1', message: 'Order placed' });
      }),
    );
    const { user, dialog } = openModal();
    await typeQuantity(user, dialog, '50');
    await user.type(dialog.getByLabelText('Number'), '+1 555 0100');
    await user.type(dialog.getByLabelText('Address'), '1 Main Street');
    await user.click(dialog.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(body).toMatchObject({ productId: coupling._id, quantity: 50 }));
  });

  it("shows the server's refusal of an order over the buyer's spending limit, and stays open to change it", async () => {
    const refusal = approvalMessages.orderNowOverLimit('order', 20_000);
    server.use(
      http.post('/api/order/:email', () => HttpResponse.json({ message: refusal }, { status: 409 })),
    );
    const { user, dialog } = openModal();
    await user.type(dialog.getByLabelText('Number'), '+1 555 0100');
    await user.type(dialog.getByLabelText('Address'), '1 Main Street');
    await user.click(dialog.getByRole('button', { name: 'Place order' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(refusal);
    expect(refusal).toContain('add it to your cart and check out');
    expect(dialog.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });
});
