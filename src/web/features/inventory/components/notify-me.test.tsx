import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderWithProviders, setupMswServer } from '@/test/utils';
import { NotifyMe } from './notify-me';

const server = setupMswServer();
const productId = '0b9c4f0e-8a51-4a7e-9d0c-1f2e3a4b5c6d';

/** The server's notify-me state for one customer: GET reads it, POST and DELETE change it. */
function useNotifyApi(initially = false, postStatus = 200) {
  const calls: string[] = [];
  let waiting = initially;
  server.use(
    http.get('/api/product/:id/notify-me', () => HttpResponse.json({ waiting })),
    http.post('/api/product/:id/notify-me', ({ params }) => {
      calls.push(`POST ${String(params.id)}`);
      if (postStatus === 409)
        return HttpResponse.json(
          { error: 'conflict', message: 'This product can be ordered now: there is no need to wait for it.' },
          { status: 409 },
        );
      waiting = true;
      return HttpResponse.json({ waiting });
    }),
    http.delete('/api/product/:id/notify-me', ({ params }) => {
      calls.push(`DELETE ${String(params.id)}`);
      waiting = false;
      return HttpResponse.json({ waiting });
    }),
  );
  return calls;
}

describe('NotifyMe', () => {
  it('asks for a back-in-stock mail, confirms it, and withdraws it', async () => {
    const calls = useNotifyApi();
    const { user } = renderWithProviders(<NotifyMe productId={productId} signedIn />);
    const ask = await screen.findByRole('button', { name: "Notify me when it's back" });
    await waitFor(() => expect(ask).toBeEnabled());
    await user.click(ask);
    expect(await screen.findByRole('status')).toHaveTextContent("We'll email you when it's back in stock.");
    const cancel = screen.getByRole('button', { name: 'Cancel notification' });
    expect(cancel).toHaveFocus();
    await user.click(cancel);
    expect(await screen.findByRole('button', { name: "Notify me when it's back" })).toHaveFocus();
    expect(screen.queryByText("We'll email you when it's back in stock.")).not.toBeInTheDocument();
    expect(calls).toEqual([`POST ${productId}`, `DELETE ${productId}`]);
  });

  it('shows a request already made', async () => {
    useNotifyApi(true);
    renderWithProviders(<NotifyMe productId={productId} signedIn />);
    expect(await screen.findByRole('button', { name: 'Cancel notification' })).toBeInTheDocument();
    expect(screen.getByText("We'll email you when it's back in stock.")).toBeInTheDocument();
  });

  it("shows the server's refusal (the product can be ordered now)", async () => {
    useNotifyApi(false, 409);
    const { user } = renderWithProviders(<NotifyMe productId={productId} signedIn />);
    const ask = await screen.findByRole('button', { name: "Notify me when it's back" });
    await waitFor(() => expect(ask).toBeEnabled());
    await user.click(ask);
    expect(await screen.findByRole('alert')).toHaveTextContent('This product can be ordered now');
    expect(screen.getByRole('button', { name: "Notify me when it's back" })).toBeInTheDocument();
  });

  it('offers an anonymous visitor the login page instead, and asks the server nothing', () => {
    const calls = useNotifyApi();
    renderWithProviders(<NotifyMe productId={productId} signedIn={false} />, { route: '/product/p1' });
    expect(screen.getByRole('link', { name: 'Sign in to be notified' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
