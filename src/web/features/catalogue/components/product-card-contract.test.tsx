import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { formatPrice } from '@/lib/format';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { useHomeProducts } from '../api/get-home-products';
import { ProductCard } from './product-card';
import { ProductGrid } from './product-grid';

const server = setupMswServer();

const product = {
  _id: '0b9c4f0e-8a51-4a7e-9d0c-1f2e3a4b5c6e',
  name: 'Brass coupling',
  img: '/media/coupling.webp',
  price: 12.4,
  quantity: 200,
  minOrder: 10,
  desc: 'Brass.',
};

// Contract prices (decision 039): a member's card shows their price with the list price struck through.
describe('Product card with a contract price', () => {
  it("shows the member's price and the list price struck through, read out as one sentence", () => {
    const { container } = renderWithProviders(
      <ProductCard product={{ ...product, contractPriceCents: 950 }} />,
    );
    expect(
      screen.getByText(`Your price ${formatPrice(9.5)}, list price ${formatPrice(12.4)}`),
    ).toBeInTheDocument();
    expect(container.querySelector('s')).toHaveTextContent(formatPrice(12.4));
  });

  it('shows the list price alone without a contract price, or when the contract price is not lower', () => {
    const { container, unmount } = renderWithProviders(
      <ProductCard product={{ ...product, contractPriceCents: null }} />,
    );
    expect(screen.queryByText(/Your price/)).not.toBeInTheDocument();
    expect(screen.getByText(formatPrice(12.4))).toBeInTheDocument();
    expect(container.querySelector('s')).toBeNull();
    unmount();
    renderWithProviders(<ProductCard product={{ ...product, contractPriceCents: 1_300 }} />);
    expect(screen.queryByText(/Your price/)).not.toBeInTheDocument();
  });
});

describe("The home page's tiles", () => {
  function HomeTiles() {
    return <ProductGrid query={useHomeProducts()} />;
  }

  it("show a member's contract price from /api/homeproduct, the list price struck through", async () => {
    server.use(
      http.get('/api/homeproduct', () =>
        HttpResponse.json([
          {
            ...product,
            packSize: 1,
            fromPrice: 12.4,
            fromPriceCents: 1_240,
            contractPrice: 9.5,
            contractPriceCents: 950,
          },
          {
            ...product,
            _id: '1c9c4f0e-8a51-4a7e-9d0c-1f2e3a4b5c6e',
            name: 'Steel nipple',
            packSize: 1,
            fromPrice: 3,
            fromPriceCents: 300,
            price: 3,
            contractPrice: null,
            contractPriceCents: null,
          },
        ]),
      ),
    );
    renderWithProviders(<HomeTiles />);
    const member = await screen.findByRole('article', { name: 'Brass coupling' });
    expect(member).toHaveTextContent(`Your price ${formatPrice(9.5)}, list price ${formatPrice(12.4)}`);
    const plain = screen.getByRole('article', { name: 'Steel nipple' });
    expect(plain).not.toHaveTextContent(/Your price/);
    expect(plain.querySelector('s')).toBeNull();
  });
});
