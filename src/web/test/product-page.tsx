import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import type { Product } from '@shared/catalogue/catalogue.schema';
import { Component as ProductPage } from '@/app/routes/product';
import { linePriceHandler, product, productId, savedAddressesHandler, session } from '@/test/order-fixtures';
import { LocationProbe, renderWithProviders, setupMswServer } from '@/test/utils';

/** The product page's API (a signed-in customer, the product, no reviews yet) and a render of the page at its URL. */
export function productPageHarness() {
  const server = setupMswServer(savedAddressesHandler(), linePriceHandler());

  const noReviews = { average: null, count: 0, reviews: [] };

  function useApi(p: Product = product, reviews: object = noReviews, saved = { phone: '', address: '' }) {
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(session)),
      http.get('/api/userprofile/:email', () =>
        HttpResponse.json({ ...session.user, ...saved, education: '', linkedin: '' }),
      ),
      http.get('/api/product/:id', () => HttpResponse.json(p)),
      http.get('/api/product/:id/reviews', () => HttpResponse.json(reviews)),
      http.get('/api/product/:id/notify-me', () => HttpResponse.json({ waiting: false })),
      http.get('/api/catalogue/products/:id/documents', () => HttpResponse.json([])),
      http.get('/api/catalogue/products/:id', () =>
        HttpResponse.json({ message: 'not found' }, { status: 404 }),
      ),
    );
  }

  function renderPage(id = productId) {
    return renderWithProviders(
      <Routes>
        <Route path="/product/:id" element={<ProductPage />} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>,
      { route: `/product/${id}` },
    );
  }

  return { server, useApi, renderPage };
}
