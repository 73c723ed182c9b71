import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ProductPricing } from './price-breaks';
import { ProductCard } from './product-card';

const breaks = [
  { minQuantity: 50, price: 9.9 },
  { minQuantity: 10, price: 11.2 },
];

describe('Price-break table', () => {
  it('lists each quantity range with its unit price, under a caption, sorted', () => {
    render(<ProductPricing price={12.4} packSize={1} priceBreaks={breaks} />);
    const table = screen.getByRole('table', { name: 'Price per unit by quantity' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Quantity', 'Unit price']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['1–9$12.40', '10–49$11.20', '50+$9.90']);
    expect(screen.queryByText(/Sold in packs/)).not.toBeInTheDocument();
  });

  it('leaves out the rows below the minimum order and starts the first one at it', () => {
    const rowsFor = (minOrder: number) => {
      const view = render(
        <ProductPricing price={12.4} packSize={1} priceBreaks={breaks} minOrder={minOrder} />,
      );
      const rows = within(view.getByRole('table', { name: 'Price per unit by quantity' }))
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent);
      view.unmount();
      return rows;
    };
    expect(rowsFor(1)).toEqual(['1–9$12.40', '10–49$11.20', '50+$9.90']);
    expect(rowsFor(5)).toEqual(['5–9$12.40', '10–49$11.20', '50+$9.90']);
    expect(rowsFor(10)).toEqual(['10–49$11.20', '50+$9.90']);
    expect(rowsFor(30)).toEqual(['30–49$11.20', '50+$9.90']);
    expect(rowsFor(60)).toEqual(['60+$9.90']);
  });

  it('says the pack size when the product is sold in packs', () => {
    render(<ProductPricing price={12.4} packSize={10} priceBreaks={[]} />);
    expect(screen.getByText('Sold in packs of 10')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('renders nothing for a product sold singly at one price, or without the fields', () => {
    const { container } = render(<ProductPricing price={12.4} packSize={1} priceBreaks={[]} />);
    expect(container).toBeEmptyDOMElement();
    const other = render(<ProductPricing price={12.4} />);
    expect(other.container).toBeEmptyDOMElement();
  });
});

describe('Product card pricing', () => {
  const product = {
    _id: 'p1',
    name: 'Pipe coupling',
    img: '/media/c.webp',
    price: 12.4,
    quantity: 500,
    minOrder: 10,
    desc: 'Brass.',
  };
  const renderCard = (extra: object) =>
    render(
      <MemoryRouter>
        <ProductCard product={{ ...product, ...extra }} />
      </MemoryRouter>,
    );

  it('shows the lowest break price as "from" and the pack size', () => {
    renderCard({ packSize: 10, fromPrice: 9.9, fromPriceCents: 990 });
    expect(screen.getByText('$12.40')).toBeInTheDocument();
    expect(screen.getByText('from $9.90')).toBeInTheDocument();
    expect(screen.getByText('Packs of 10')).toBeInTheDocument();
  });

  it('shows neither for a product sold singly at one price, or without the fields', () => {
    renderCard({ packSize: 1, fromPrice: 12.4, fromPriceCents: 1_240 });
    expect(screen.queryByText(/^from /)).not.toBeInTheDocument();
    expect(screen.queryByText(/Packs of/)).not.toBeInTheDocument();
  });

  it('shows neither when the list does not carry them', () => {
    renderCard({});
    expect(screen.queryByText(/^from /)).not.toBeInTheDocument();
    expect(screen.queryByText(/Packs of/)).not.toBeInTheDocument();
  });
});
