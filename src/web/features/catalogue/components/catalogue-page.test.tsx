import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { CatalogueProduct, CategoryTree, SearchResult } from '@shared/catalogue/search.schema';
import { Component as ProductsPage } from '@/app/routes/products';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';
import { resetUnitSystemCache } from '../lib/units';

const server = setupMswServer();

const compressor: CatalogueProduct = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Rotary Screw Compressor',
  img: '/media/rs.webp',
  price: 6849,
  quantity: 5,
  minOrder: 1,
  desc: 'A compressor.',
  sku: 'RS-75-400',
  brand: 'Norden',
  category: { slug: 'compressors', name: 'Compressors' },
  createdAt: '2026-01-01T00:00:00.000Z',
  packSize: 1,
  fromPrice: 6849,
  fromPriceCents: 684_900,
  keySpecs: [
    {
      key: 'pressure',
      label: 'Maximum pressure',
      type: 'number',
      unitKind: 'pressure',
      unit: 'bar',
      value: 8,
      valueText: null,
    },
    {
      key: 'airflow',
      label: 'Air flow',
      type: 'number',
      unitKind: 'flow',
      unit: 'L/min',
      value: 1050,
      valueText: null,
    },
  ],
};

const result: SearchResult = {
  items: [compressor],
  total: 1,
  page: 1,
  pageSize: 24,
  nextCursor: null,
  corrections: [],
  facets: {
    categories: [{ slug: 'compressors', name: 'Compressors', parentSlug: null, count: 1 }],
    brands: [{ brand: 'Norden', count: 1 }],
    inStock: { inStock: 1, outOfStock: 0 },
    price: [],
    specs: [{ key: 'pressure', label: 'Maximum pressure', unitKind: 'pressure', min: 7, max: 8, count: 1 }],
  },
};

const tree: CategoryTree = [
  { slug: 'compressors', name: 'Compressors', parentSlug: null, depth: 0, count: 1 },
];

function renderPage(
  route = '/our-products?category=compressors',
  categories: CategoryTree = tree,
  answer: (asked: URLSearchParams) => SearchResult = () => result,
) {
  const asked: string[] = [];
  server.use(
    http.get('/api/catalogue/search', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      return HttpResponse.json(answer(url.searchParams));
    }),
    http.get('/api/catalogue/categories', () => HttpResponse.json(categories)),
    // The page's Add to cart buttons need to know who is signed in.
    http.get('/api/auth/get-session', () => HttpResponse.json(null)),
  );
  const view = renderWithProviders(
    <Routes>
      <Route
        path="/our-products"
        element={
          <>
            <ProductsPage />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route },
  );
  return { ...view, asked };
}

beforeEach(() => {
  localStorage.clear();
  resetUnitSystemCache();
});
afterEach(() => localStorage.clear());

describe('Catalogue page: units and the URL', () => {
  it('asks the API for the view in the URL and shows SKU and key specs in metric by default', async () => {
    const { asked } = renderPage('/our-products?category=compressors&sort=price_asc&page=1&pageSize=12');
    const card = await screen.findByRole('article', { name: 'Rotary Screw Compressor' });
    expect(asked).toContain('?category=compressors&sort=price_asc&page=1&pageSize=12&facets=false');
    // The facets are asked apart, for the filters alone.
    expect(asked).toContain('?category=compressors&pageSize=1');
    expect(within(card).getByText('RS-75-400')).toBeInTheDocument();
    expect(within(card).getByText('8 bar')).toBeInTheDocument();
    expect(within(card).getByText('1,050 L/min')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Metric' })).toBeChecked();
  });

  it('the toggle shows imperial units, is remembered, and filters typed in psi reach the URL in bar', async () => {
    const { user, asked, unmount } = renderPage();
    const card = await screen.findByRole('article', { name: 'Rotary Screw Compressor' });
    await user.click(screen.getByRole('radio', { name: 'Imperial' }));
    expect(within(card).getByText('116 psi')).toBeInTheDocument();
    expect(within(card).getByText('37.1 CFM')).toBeInTheDocument();
    expect(localStorage.getItem('toolhouse.units')).toBe('imperial');

    const pressure = screen.getByRole('group', { name: 'Maximum pressure (psi)' });
    // The facet's range (7–8 bar) as placeholders, in psi.
    expect(within(pressure).getByLabelText('Min')).toHaveAttribute('placeholder', '102');
    expect(within(pressure).getByLabelText('Max')).toHaveAttribute('placeholder', '116');
    await user.type(within(pressure).getByLabelText('Min'), '110');
    await user.click(within(pressure).getByRole('button', { name: 'Apply' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/our-products?category=compressors&spec.pressure=7.5842..',
    );
    await waitFor(() =>
      expect(asked).toContain(
        '?category=compressors&spec.pressure=7.5842..&sort=relevance&page=1&pageSize=24&facets=false',
      ),
    );
    expect(
      screen.getByRole('button', { name: 'Remove filter Maximum pressure: from 110 psi' }),
    ).toBeInTheDocument();

    // Metric again: the same filter, shown in bar.
    await user.click(screen.getByRole('radio', { name: 'Metric' }));
    expect(
      within(screen.getByRole('group', { name: 'Maximum pressure (bar)' })).getByLabelText('Min'),
    ).toHaveValue('7.58');
    await user.click(screen.getByRole('radio', { name: 'Imperial' }));
    unmount();

    // A later visit in this browser starts in imperial.
    resetUnitSystemCache();
    renderPage();
    expect(await screen.findByText('116 psi')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Imperial' })).toBeChecked();
  });

  it('two controls used before the page re-renders both reach the URL (Sort by, then Per page)', async () => {
    renderPage();
    await screen.findByRole('article', { name: 'Rotary Screw Compressor' });
    // Both changes in one batch: the second control still holds the view the first one changed.
    act(() => {
      fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price_asc' } });
      fireEvent.change(screen.getByLabelText('Per page'), { target: { value: '48' } });
    });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/our-products?category=compressors&sort=price_asc&pageSize=48',
      ),
    );
  });

  it('refuses a range whose minimum is above its maximum, without touching the URL', async () => {
    const { user } = renderPage();
    const price = await screen.findByRole('group', { name: 'Price ($)' });
    await user.type(within(price).getByLabelText('Min'), '500');
    await user.type(within(price).getByLabelText('Max'), '100');
    await user.click(within(price).getByRole('button', { name: 'Apply' }));
    expect(within(price).getByRole('alert')).toHaveTextContent('The minimum must not be above the maximum.');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/our-products\?category=compressors$/);
  });
});

describe('Catalogue page: search as you type', () => {
  it('follows the text after a short pause, keeps a trailing space, and marks one history entry for the typing', async () => {
    const { user, asked } = renderPage('/our-products');
    const field = await screen.findByLabelText('Search the catalogue');
    await user.type(field, 'rotary ');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/our-products?q=rotary'));
    // The field keeps what was typed (its trailing space too) while the URL follows the words.
    expect(field).toHaveValue('rotary ');
    expect(screen.getByTestId('location')).toHaveAttribute('data-state', '{"typed":true}');
    await user.type(field, 'scr');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/our-products?q=rotary+scr'),
    );
    expect(field).toHaveValue('rotary scr');
    await waitFor(() => expect(asked.some((a) => a.startsWith('?q=rotary+scr'))).toBe(true));
  });
});

describe('Catalogue page: the category counts', () => {
  it("follow the search text: the search's own counts, categories without a match left out", async () => {
    const shop: CategoryTree = [
      { slug: 'compressors', name: 'Compressors', parentSlug: null, depth: 0, count: 40 },
      { slug: 'power-tools', name: 'Power tools', parentSlug: null, depth: 0, count: 80 },
    ];
    renderPage('/our-products?q=rotary', shop);
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    // The search found one compressor (the facets above) and no power tool.
    expect(await within(nav).findByRole('link', { name: 'Compressors 1' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /^Power tools/ })).not.toBeInTheDocument();
  });

  it("show the whole catalogue's counts without search text", async () => {
    const shop: CategoryTree = [
      { slug: 'compressors', name: 'Compressors', parentSlug: null, depth: 0, count: 40 },
      { slug: 'power-tools', name: 'Power tools', parentSlug: null, depth: 0, count: 80 },
    ];
    renderPage('/our-products', shop);
    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    expect(await within(nav).findByRole('link', { name: 'Compressors 40' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Power tools 80' })).toBeInTheDocument();
  });

  describe('with search text and another filter or a category', () => {
    const shop: CategoryTree = [
      { slug: 'compressors', name: 'Compressors', parentSlug: null, depth: 0, count: 40 },
      { slug: 'power-tools', name: 'Power tools', parentSlug: null, depth: 0, count: 80 },
    ];
    const facets = result.facets!;
    // The text alone matches 3 compressors and 2 power tools; narrowed by brand or category, only 1 compressor.
    const answer = (asked: URLSearchParams): SearchResult => ({
      ...result,
      facets: {
        ...facets,
        categories:
          asked.has('brand') || asked.has('category')
            ? [{ slug: 'compressors', name: 'Compressors', parentSlug: null, count: 1 }]
            : [
                { slug: 'compressors', name: 'Compressors', parentSlug: null, count: 3 },
                { slug: 'power-tools', name: 'Power tools', parentSlug: null, count: 2 },
              ],
      },
    });

    it('are the text’s alone, as a category link keeps the text and drops the brand', async () => {
      const { asked } = renderPage('/our-products?q=rotary&brand=Atlas', shop, answer);
      const nav = await screen.findByRole('navigation', { name: 'Categories' });
      expect(await within(nav).findByRole('link', { name: 'Power tools 2' })).toHaveAttribute(
        'href',
        '/our-products?q=rotary&category=power-tools',
      );
      expect(within(nav).getByRole('link', { name: 'Compressors 3' })).toBeInTheDocument();
      // The brand's own counts are still asked for (the filters use them), and the text's apart.
      expect(asked).toContain('?q=rotary&brand=Atlas&pageSize=1');
      expect(asked).toContain('?q=rotary&pageSize=1');
    });

    it('inside a category, every category with a match keeps its number', async () => {
      renderPage('/our-products?q=rotary&category=compressors', shop, answer);
      const nav = await screen.findByRole('navigation', { name: 'Categories' });
      expect(await within(nav).findByRole('link', { name: 'Power tools 2' })).toBeInTheDocument();
      expect(within(nav).getByRole('link', { name: 'Compressors 3' })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    it('the current category stays listed when the text has no match in it', async () => {
      renderPage(
        '/our-products?q=rotary&category=hand-tools',
        [...shop, { slug: 'hand-tools', name: 'Hand tools', parentSlug: null, depth: 0, count: 5 }],
        answer,
      );
      const nav = await screen.findByRole('navigation', { name: 'Categories' });
      expect(await within(nav).findByRole('link', { name: 'Hand tools 0' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(within(nav).getByRole('link', { name: 'Power tools 2' })).toBeInTheDocument();
    });
  });
});
