import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { SocialSignIn } from './social-sign-in';

vi.mock('@/lib/shop-info', () => ({
  shopInfo: () => ({ name: 'Toolhouse', phone: '', email: '', address: '', social: 'google' }),
}));

const server = setupMswServer();

describe('SocialSignIn with a configured provider', () => {
  it('asks the server for the provider with the return and error addresses', async () => {
    let body: unknown;
    server.use(
      http.post('/api/auth/sign-in/social', async ({ request }) => {
        body = await request.json();
        // An address on this origin, so jsdom can "navigate" to it.
        return HttpResponse.json({ url: '/provider', redirect: true });
      }),
    );
    const { user } = renderWithProviders(<SocialSignIn from="/dashboard?x=1" />);
    await user.click(screen.getByRole('button', { name: 'Continue With google' }));
    await vi.waitFor(() => expect(body).toBeDefined());
    expect(body).toEqual({
      provider: 'google',
      callbackURL: `${window.location.origin}/dashboard?x=1`,
      errorCallbackURL: `${window.location.origin}/login`,
    });
  });

  it('shows the error when the server refuses', async () => {
    server.use(
      http.post('/api/auth/sign-in/social', () =>
        HttpResponse.json({ code: 'PROVIDER_NOT_FOUND', message: 'Provider not found' }, { status: 404 }),
      ),
    );
    const { user } = renderWithProviders(<SocialSignIn from="/" />);
    await user.click(screen.getByRole('button', { name: 'Continue With google' }));
    expect(await screen.findByText('Social sign-in is not configured for this shop.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue With google' })).toBeEnabled();
  });
});
