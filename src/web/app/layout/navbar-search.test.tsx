import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { SuggestResult } from '@shared/catalogue/search.schema';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';
import { NavbarSearch } from './navbar-search';

const server = setupMswServer();

const suggestions: SuggestResult = {
  products: [
    {
      _id: '11111111-1111-4111-8111-111111111111',
      name: 'Rotary Screw Compressor',
      sku: 'RS-75',
      img: '/a.webp',
      price: 6849,
    },
  ],
  categories: [{ slug: 'rotary-screw', name: 'Rotary screw' }],
  skus: [{ _id: '22222222-2222-4222-8222-222222222222', sku: 'RS-90', name: 'Rotary Screw 9 kW' }],
};

function renderSearch(answer: SuggestResult = suggestions) {
  const asked: string[] = [];
  server.use(
    http.get('/api/catalogue/suggest', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('q')!);
      return HttpResponse.json(answer);
    }),
  );
  const view = renderWithProviders(
    <>
      <NavbarSearch />
      <Routes>
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </>,
  );
  return { ...view, asked };
}

const field = () => screen.getByLabelText('Search products');
const location = () => screen.getByTestId('location');

describe('Navbar search combobox', () => {
  it('is a plain search field until focused, then a combobox asking once per pause in typing', async () => {
    const { user, asked } = renderSearch();
    expect(field()).toHaveAttribute('type', 'search');
    expect(field()).not.toHaveAttribute('role');
    await user.click(field());
    await user.keyboard('rot');
    const box = await screen.findByRole('combobox', { name: 'Search products' });
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    // Debounced: the three keystrokes made one request, for the whole word.
    expect(asked).toEqual(['rot']);
    const list = screen.getByRole('listbox', { name: 'Search suggestions' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Rotary Screw CompressorRS-75 · $6,849.00', 'Rotary screwCategory', 'RS-90Rotary Screw 9 kW']);
    expect(within(list).getByRole('group', { name: 'Categories' })).toBeInTheDocument();
    expect(screen.getByText(/^3 suggestions/)).toHaveAttribute('role', 'status');
  });

  it('arrows move the highlight (aria-activedescendant) and Enter opens the option', async () => {
    const { user } = renderSearch();
    await user.click(field());
    await user.keyboard('rot');
    const box = await screen.findByRole('combobox');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: /Rotary screw\s*Category/ });
    expect(box).toHaveAttribute('aria-activedescendant', active.id);
    expect(active).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Wrapped from the first option to the last.
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /RS-90/ }).id);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(location()).toHaveTextContent('/our-products?category=rotary-screw');
    // The catalogue's page has its own search box: the header's is not shown there (one box a page).
    expect(screen.queryByLabelText('Search products')).not.toBeInTheDocument();
  });

  it('Enter without a highlight searches the text; Escape closes, then empties', async () => {
    const { user } = renderSearch();
    await user.click(field());
    await user.keyboard('rot');
    const box = await screen.findByRole('combobox');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('rot');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
    await user.keyboard('air dryer{Enter}');
    expect(location()).toHaveTextContent('/our-products?q=air+dryer');
  });

  it('a click on an option opens it', async () => {
    const { user } = renderSearch();
    await user.click(field());
    await user.keyboard('rs');
    await user.click(await screen.findByRole('option', { name: /RS-90/ }));
    expect(location()).toHaveTextContent('/product/22222222-2222-4222-8222-222222222222');
  });

  // Contract prices (decision 039): a member's suggestion shows their price with the list price struck through.
  it("a member's suggestion reads their price, the list price struck through", async () => {
    const [product] = suggestions.products;
    const { user } = renderSearch({
      ...suggestions,
      products: [{ ...product!, contractPrice: 5200, contractPriceCents: 520_000 }],
    });
    await user.click(field());
    await user.keyboard('rot');
    const option = await screen.findByRole('option', { name: /Rotary Screw Compressor/ });
    expect(within(option).getByText('Your price $5,200.00, list price $6,849.00')).toBeInTheDocument();
    expect(option.querySelector('s')).toHaveTextContent('$6,849.00');
  });
});
