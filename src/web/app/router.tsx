import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, useRoutes, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { RootLayout } from '@/app/layout/root-layout';
import { PageSpinner } from '@/components/ui/spinner';
import { paths, segment } from '@/config/paths';
import { registerProductPagePreload } from '@/lib/page-preload';
import { RouteErrorBoundary } from './routes/route-error';

/** Where a page is, as its route module's `prefetch` reads it (path parameters and query string). */
export interface PageLocation {
  params: Record<string, string | undefined>;
  search: string;
}

/**
 * A route module: its page, and for the public pages the server renders, `prefetch`, which fills a query client with
 * every query the page's first render reads (the same query options the page uses, so the keys match).
 */
export interface RouteModule {
  Component: ComponentType;
  prefetch?: (client: QueryClient, at: PageLocation) => Promise<unknown>;
}

/** What the server reads off a route: how to load its module. */
export interface PageHandle {
  load: () => Promise<RouteModule>;
}

/** A page loaded on demand: route modules export `Component` (one chunk per page). */
const page = (load: () => Promise<RouteModule>): Pick<RouteObject, 'element' | 'handle'> => {
  const Page = lazy(() => load().then((m) => ({ default: m.Component })));
  return {
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>
    ),
    handle: { load } satisfies PageHandle,
  };
};

// The storefront's pages, named once: the router loads them on demand, and preloadLandingPage ahead of it.
const home = () => import('./routes/home');
const products = () => import('./routes/products');
const product = () => import('./routes/product');

/**
 * Starts loading the chunk of the storefront page a visitor lands on before React renders anything (main.tsx):
 * otherwise it is only asked for once the layout has rendered. Importing it again later is the same module.
 */
export function preloadLandingPage(pathname: string) {
  const path = pathname.replace(/(.)\/$/, '$1');
  if (path === paths.home) return home();
  if (path === paths.products) return products();
  if (path.startsWith(paths.product(''))) return product();
  return undefined;
}

// A product card starts the product page's chunk on hover or touch (lib/page-preload.ts).
registerProductPagePreload(() => void product());

// The account pages and the dashboard share one chunk and one element, which picks the page from the URL:
// every lazy chunk adds its name to the first page's JavaScript (see routes/accounts-chunk.tsx).
const accounts = page(() => import('./routes/accounts-chunk'));

/**
 * The web app's routes, defined once: the browser routes with them, and the server matches a URL against the same
 * table to find the page it renders and its `prefetch` (src/web/server-render.tsx). Declarative routing keeps
 * react-router's data-router code (≈17 kB gzip) off the first load (docs/decisions/004).
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, ...page(home) },
      { path: segment(paths.products), ...page(products) },
      { path: segment(paths.myBlog), ...page(() => import('./routes/my-blog')) },
      { path: segment(paths.portfolio), ...page(() => import('./routes/portfolio')) },
      { path: segment(paths.news), ...page(() => import('./routes/news')) },
      { path: segment(paths.newsItem(':id')), ...page(() => import('./routes/news-item')) },
      { path: segment(paths.product(':id')), ...page(product) },
      { path: segment(paths.productNamed(':id')), ...page(product) },
      { path: segment(paths.login), ...accounts },
      { path: segment(paths.register), ...accounts },
      { path: segment(paths.passwordReset), ...accounts },
      { path: segment(paths.resetPassword), ...accounts },
      { path: segment(paths.verifyEmail), ...accounts },
      { path: segment(paths.setupAdmin), ...accounts },
      // One route for the whole dashboard: its nested routes are in routes/dashboard/dashboard-routes.tsx.
      { path: `${segment(paths.dashboard)}/*`, ...accounts },
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
