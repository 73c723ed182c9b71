import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toasts } from '@/app/provider';

type UserEventOptions = Parameters<typeof userEvent.setup>[0];
import { MemoryRouter, useLocation } from 'react-router';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

/** A fresh QueryClient per test: no retries, no cache shared between tests. */
export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/**
 * Renders `ui` inside a fresh QueryClient and a MemoryRouter at `route` (with optional router `state`), next to the
 * app's real toaster, so toasts show in the DOM.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    state,
    userOptions,
  }: { route?: string; state?: unknown; userOptions?: UserEventOptions } = {},
) {
  const queryClient = createTestQueryClient();
  const url = new URL(route, 'http://localhost');
  const user = userEvent.setup(userOptions);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: url.pathname, search: url.search, hash: url.hash, state }]}>
        {ui}
      </MemoryRouter>
      <Toasts />
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}

/** Shows where the router is, to assert navigations: its text is pathname + search, `data-state` the state. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

/** An msw server for this test file: unhandled requests fail the test; `handlers` answer in every test. */
export function setupMswServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** Asserts that no toast of any kind is showing. */
export function expectNoToast() {
  expect(document.querySelector('[data-sonner-toast]')).toBeNull();
}
