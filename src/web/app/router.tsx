import { lazy, Suspense, type ComponentType } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { RootLayout } from '@/app/layout/root-layout';
import { PageSpinner } from '@/components/ui/spinner';
import { paths, segment } from '@/config/paths';
import { RouteErrorBoundary } from './routes/route-error';

/** A page loaded on demand: route modules export `Component` (one chunk per page). */
const page = (load: () => Promise<{ Component: ComponentType }>) => {
  const Page = lazy(() => load().then((m) => ({ default: m.Component })));
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
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
  if (path === paths.home) void home();
  else if (path === paths.products) void products();
  else if (path.startsWith(paths.product(''))) void product();
}

// The account pages and the dashboard share one chunk and one element, which picks the page from the URL:
// every lazy chunk adds its name to the first page's JavaScript (see routes/accounts-chunk.tsx).
const accounts = page(() => import('./routes/accounts-chunk'));

// Declarative routing keeps react-router's data-router code (≈17 kB gzip) off the first load (docs/decisions/004).
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={page(home)} />
        <Route path={segment(paths.products)} element={page(products)} />
        <Route path={segment(paths.myBlog)} element={page(() => import('./routes/my-blog'))} />
        <Route path={segment(paths.portfolio)} element={page(() => import('./routes/portfolio'))} />
        <Route path={segment(paths.news)} element={page(() => import('./routes/news'))} />
        <Route path={segment(paths.newsItem(':id'))} element={page(() => import('./routes/news-item'))} />
        <Route path={segment(paths.product(':id'))} element={page(product)} />
        <Route path={segment(paths.productNamed(':id'))} element={page(product)} />
        <Route path={segment(paths.login)} element={accounts} />
        <Route path={segment(paths.register)} element={accounts} />
        <Route path={segment(paths.passwordReset)} element={accounts} />
        <Route path={segment(paths.resetPassword)} element={accounts} />
        <Route path={segment(paths.verifyEmail)} element={accounts} />
        <Route path={segment(paths.setupAdmin)} element={accounts} />
        {/* One route for the whole dashboard: its nested routes are in routes/dashboard/dashboard-routes.tsx. */}
        <Route path={`${segment(paths.dashboard)}/*`} element={accounts} />
        <Route path="*" element={page(() => import('./routes/not-found'))} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
