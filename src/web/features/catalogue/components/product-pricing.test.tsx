import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Product } from '@shared/catalogue/catalogue.schema';
import { product } from '@/test/order-fixtures';
import { productPageHarness } from '@/test/product-page';

const { server, useApi, renderPage } = productPageHarness();

describe('Product page pricing and back-in-stock', () => {
  it('shows the pack size and the price-break table when the product has them', async () => {
    useApi({
      ...product,
      packSize: 10,
      priceBreaks: [{ minQuantity: 10, price: 199 }],
    } as Product);
    renderPage();
    expect(await screen.findByText('Sold in packs of 10')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Price per unit by quantity' });
    expect(within(table).getByRole('row', { name: '10+ $199.00' })).toBeInTheDocument();
  });

  it('shows neither for a product sold singly at one price', async () => {
    useApi({ ...product, packSize: 1, priceBreaks: [] } as Product);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Price per unit by quantity' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Sold in packs/)).not.toBeInTheDocument();
  });

  it('offers a back-in-stock mail where the product cannot be ordered', async () => {
    useApi({ ...product, quantity: 3 });
    let waiting = false;
    server.use(
      http.get('/api/product/:id/notify-me', () => HttpResponse.json({ waiting })),
      http.post('/api/product/:id/notify-me', () => ((waiting = true), HttpResponse.json({ waiting }))),
    );
    const { user } = renderPage();
    const ask = await screen.findByRole('button', { name: "Notify me when it's back" });
    await waitFor(() => expect(ask).toBeEnabled());
    await user.click(ask);
    expect(await screen.findByText("We'll email you when it's back in stock.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel notification' })).toBeInTheDocument();
  });

  it('counts whole packs: stock below the minimum rounded up to a pack cannot be ordered', async () => {
    useApi({ ...product, quantity: 8, minOrder: 5, packSize: 10, priceBreaks: [] } as Product);
    renderPage();
    expect(await screen.findByRole('button', { name: "Notify me when it's back" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Order Now' })).not.toBeInTheDocument();
  });
});
