import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { messages } from '@shared/messages';
import { product } from '@/test/order-fixtures';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';
import { AddToCartButton } from './add-to-cart-button';

const server = setupMswServer();

function renderButton(email: string | undefined, packSize?: number) {
  return renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <AddToCartButton product={{ ...product, packSize }} email={email} />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    { route: '/our-products?q=compressor' },
  );
}

describe('Add to cart', () => {
  it('adds the minimum order in whole packs and says so', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/cart/:email/lines', async ({ request, params }) => {
        bodies.push({ email: params.email, ...((await request.json()) as object) });
        return HttpResponse.json({
          lines: [],
          count: 1,
          totalQuantity: 6,
          total: 1,
          saving: 0,
          quantitySavingCents: 0,
          contractSavingCents: 0,
        });
      }),
    );
    const { user } = renderButton('ann@example.com', 3);
    await user.click(screen.getByRole('button', { name: `Add to cart: ${product.name}` }));
    // Minimum order 5 in packs of 3: 6.
    await waitFor(() =>
      expect(bodies).toEqual([{ email: 'ann@example.com', productId: product._id, quantity: 6 }]),
    );
    expect(await screen.findByText(`Added 6 × ${product.name} to your cart.`)).toBeInTheDocument();
  });

  it("shows the server's refusal in a toast", async () => {
    server.use(
      http.post('/api/cart/:email/lines', () =>
        HttpResponse.json(
          { error: 'conflict', message: `quantity: ${messages.quantityAboveStock}`, field: 'quantity' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderButton('ann@example.com');
    await user.click(screen.getByRole('button', { name: `Add to cart: ${product.name}` }));
    expect(await screen.findByText(messages.quantityAboveStock)).toBeInTheDocument();
  });

  it('sends an anonymous visitor to /login, carrying where they were', async () => {
    const { user } = renderButton(undefined);
    await user.click(screen.getByRole('button', { name: `Add to cart: ${product.name}` }));
    const location = screen.getByTestId('location');
    expect(location).toHaveTextContent('/login');
    expect(location).toHaveAttribute('data-state', JSON.stringify({ from: '/our-products?q=compressor' }));
  });
});
