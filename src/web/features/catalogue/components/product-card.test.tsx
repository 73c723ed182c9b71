import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Product } from '@shared/catalogue/catalogue.schema';
import { LocationProbe, renderWithProviders } from '@/test/utils';
import { ProductCard } from './product-card';

const product: Product = {
  _id: '0b9c4f0e-8a51-4a7e-9d0c-1f2e3a4b5c6e',
  name: 'Brass coupling',
  img: '/media/coupling.webp',
  price: 12.4,
  quantity: 200,
  minOrder: 10,
  desc: 'Brass.',
};

function renderCard() {
  return renderWithProviders(
    <Routes>
      <Route
        path="/"
        element={
          <ProductCard
            product={product}
            action={
              <button type="button" className="btn">
                Add to cart
              </button>
            }
          />
        }
      />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
  );
}

describe('Product card', () => {
  it('makes the image and the title one link to the product page at its canonical URL, named by the title', async () => {
    const { user } = renderCard();
    const card = within(screen.getByRole('article', { name: product.name }));
    const links = card.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label') ?? link.textContent)).toEqual([
      product.name,
      `Order Now: ${product.name}`,
    ]);
    const [titleLink] = links;
    expect(card.getByRole('link', { name: product.name })).toBe(titleLink);
    // The canonical URL (with the name's slug), which crawlers follow; Order Now keeps the spec's /product/{id}.
    expect(titleLink).toHaveAttribute('href', `/product/${product._id}/brass-coupling`);
    expect(links[1]).toHaveAttribute('href', `/product/${product._id}`);
    expect(within(titleLink!).getByRole('heading', { name: product.name })).toBeInTheDocument();
    expect(within(titleLink!).getByRole('img', { name: product.name })).toBeInTheDocument();
    // No button or second link inside it.
    expect(within(titleLink!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(titleLink!).queryByRole('link')).not.toBeInTheDocument();

    await user.click(card.getByRole('img', { name: product.name }));
    expect(await screen.findByTestId('location')).toHaveTextContent(`/product/${product._id}/brass-coupling`);
  });

  it('keeps Order Now and the extra action working beside the link', async () => {
    const { user } = renderCard();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    await user.click(screen.getByRole('link', { name: `Order Now: ${product.name}` }));
    expect(await screen.findByTestId('location')).toHaveTextContent(`/product/${product._id}`);
  });
});
