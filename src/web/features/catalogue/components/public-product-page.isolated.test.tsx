import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { product, productId } from '@/test/order-fixtures';
import { productPageHarness } from '@/test/product-page';

// The server writes PUBLIC_PRODUCT_PAGES into the page's shop info; each test sets it here.
const setting = vi.hoisted(() => ({ publicProductPages: false }));
vi.mock('@/lib/shop-info', () => ({
  shopInfo: () => ({
    name: 'Toolhouse',
    phone: '',
    email: '',
    address: '',
    social: null,
    publicProductPages: setting.publicProductPages,
  }),
}));

const { server, useApi, renderPage } = productPageHarness();

function useAnonymousApi() {
  useApi();
  server.use(http.get('/api/auth/get-session', () => HttpResponse.json(null)));
}

describe('Product page for anonymous visitors', () => {
  beforeEach(() => {
    setting.publicProductPages = false;
  });

  it('sends them to /login first by default, as the spec says', async () => {
    useAnonymousApi();
    renderPage();
    const location = await screen.findByTestId('location');
    expect(location).toHaveTextContent('/login');
    expect(JSON.parse(location.dataset.state!)).toEqual({ from: `/product/${productId}` });
  });

  it('shows the product when the shop made product pages public; Order Now asks them to log in', async () => {
    setting.publicProductPages = true;
    useAnonymousApi();
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeInTheDocument();
    expect(screen.getByText('$249.50')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Order Now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const location = await screen.findByTestId('location');
    expect(location).toHaveTextContent('/login');
    expect(JSON.parse(location.dataset.state!)).toEqual({ from: `/product/${productId}` });
  });
});
