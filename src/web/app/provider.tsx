import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { loadSonner, toasterMounted, useToasterRequested } from '@/lib/notify';

const LazyToaster = lazy(() =>
  loadSonner().then(({ Toaster }) => ({
    default: function ToasterHost() {
      // Runs after sonner's own effect has subscribed, so the first toast is not lost.
      useEffect(toasterMounted, []);
      // At the bottom: a toast at the top covered the sticky header, its cart and the menu a visitor reaches for.
      return <Toaster richColors closeButton position="bottom-right" />;
    },
  })),
);

/** The app's toast host; tests render it too, so they see the real toasts. */
export function Toasts() {
  const requested = useToasterRequested();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // A 4xx will not get better by asking again; network trouble and 5xx may.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

/**
 * The app's query client and toasts. A server-rendered page passes the queries the server answered (`state`): they
 * are in the cache before the first render, so hydration renders what the server did and asks for none of them again.
 * The server passes its own `client`, already filled.
 */
export function AppProvider({
  children,
  state,
  client,
}: {
  children: ReactNode;
  state?: DehydratedState | undefined;
  client?: QueryClient;
}) {
  // Filled once, before the first render. react-query's `hydrate` (and HydrationBoundary) would do the same for a
  // fresh cache, at half a kilobyte more of the first load, which has none to spare (decision 056).
  const [queryClient] = useState(() => {
    const created = client ?? createQueryClient();
    for (const q of state?.queries ?? []) {
      if (q.state.status === 'success') {
        created.setQueryData(q.queryKey, q.state.data, { updatedAt: q.state.dataUpdatedAt });
      }
    }
    return created;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}
