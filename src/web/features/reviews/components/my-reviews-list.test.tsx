import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Component as MyReviewsPage } from '@/app/routes/dashboard/my-reviews';
import { session } from '@/test/order-fixtures';
import { renderWithProviders, setupMswServer } from '@/test/utils';

const server = setupMswServer();

describe('My reviews', () => {
  it("lists the customer's reviews with product, stars, message and date", async () => {
    let asked: unknown;
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(session)),
      http.get('/api/review/:email', ({ params }) => {
        asked = params.email;
        return HttpResponse.json([
          {
            _id: 'r1',
            orderId: 'o1',
            productId: 'p1',
            name: 'Ann Buyer',
            email: 'ann@example.com',
            productName: 'Bench grinder',
            reviewMessage: 'Sharp and quiet.',
            rating: 4,
            createdAt: '2026-05-03T10:00:00.000Z',
          },
        ]);
      }),
    );
    renderWithProviders(<MyReviewsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'My reviews' })).toBeInTheDocument();
    const review = within(await screen.findByRole('article', { name: 'Bench grinder' }));
    expect(review.getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    expect(review.getByText('Sharp and quiet.')).toBeInTheDocument();
    expect(review.getByText('May 3, 2026')).toBeInTheDocument();
    expect(asked).toBe('ann@example.com');
  });

  it('has an empty state', async () => {
    server.use(
      http.get('/api/auth/get-session', () => HttpResponse.json(session)),
      http.get('/api/review/:email', () => HttpResponse.json([])),
    );
    renderWithProviders(<MyReviewsPage />);
    expect(await screen.findByText(/You have not written any reviews yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/dashboard/my-orders');
  });
});
