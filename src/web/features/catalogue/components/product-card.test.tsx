import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { Product } from '@shared/catalogue/catalogue.schema';
import { CARD_IMAGE_SIZES } from '@shared/media/responsive-image';
import { accountKeys } from '@/lib/query-keys/accounts';
import { catalogueKeys } from '@/lib/query-keys/catalogue';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';
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

const server = setupMswServer();

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

  it('offers the smaller copies of a stored picture for the width of a card, at a fixed size (no layout shift)', () => {
    const img = '/media/uploads/00112233445566778899aabb.webp';
    renderWithProviders(<ProductCard product={{ ...product, img }} />);
    const picture = screen.getByRole('img', { name: product.name });
    expect(picture).toHaveAttribute(
      'srcset',
      '/media/uploads/00112233445566778899aabb-200.webp 200w, /media/uploads/00112233445566778899aabb-400.webp 400w, /media/uploads/00112233445566778899aabb.webp 800w',
    );
    expect(picture).toHaveAttribute('sizes', CARD_IMAGE_SIZES);
    expect(picture).toHaveAttribute('width', '800');
    expect(picture).toHaveAttribute('height', '600');
  });

  it('gives a picture without copies (not a stored one) a plain src', () => {
    renderCard();
    const picture = screen.getByRole('img', { name: product.name });
    expect(picture).toHaveAttribute('src', product.img);
    expect(picture).not.toHaveAttribute('srcset');
    expect(picture).not.toHaveAttribute('sizes');
  });

  it('keeps Order Now and the extra action working beside the link', async () => {
    const { user } = renderCard();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    await user.click(screen.getByRole('link', { name: `Order Now: ${product.name}` }));
    expect(await screen.findByTestId('location')).toHaveTextContent(`/product/${product._id}`);
  });

  it('gets the product ready while the pointer rests on it (a signed-in visitor), once', async () => {
    let asked = 0;
    server.use(
      http.get(`/api/product/${product._id}`, () => {
        asked++;
        return HttpResponse.json({ ...product, packSize: 1, priceBreaks: [] });
      }),
    );
    const { user, queryClient } = renderCard();
    queryClient.setQueryData(accountKeys.session, { user: { email: 'a@b.c' } });
    await user.hover(screen.getByRole('link', { name: product.name }));
    await waitFor(() => expect(queryClient.getQueryData(catalogueKeys.product(product._id))).toBeTruthy());
    await user.hover(screen.getByRole('link', { name: `Order Now: ${product.name}` }));
    expect(asked).toBe(1);
  });

  it('asks an anonymous visitor for nothing while product pages are behind the login', async () => {
    const { user, queryClient } = renderCard();
    // msw fails the test on any request it does not answer.
    await user.hover(screen.getByRole('link', { name: product.name }));
    expect(queryClient.getQueryData(catalogueKeys.product(product._id))).toBeUndefined();
  });
});
