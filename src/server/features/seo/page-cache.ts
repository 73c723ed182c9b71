import type { FastifyInstance } from 'fastify';
import { headHtml } from './page-head.html';
import { PageRenderer } from './page-head.service';
import { injectCall, loadWebRenderer, shopInfoOf, type RenderedApp } from './web-renderer';

/** What the app shell gets for one page: head tags, status, and the server-rendered app. */
export interface ShellPage {
  status?: number;
  head: string;
  /** The page as React rendered it for an anonymous visitor, and the queries it read (decision 056). */
  app?: RenderedApp;
}

const MAX_ENTRIES = 2000;

/**
 * Renders pages for the app shell (head and, for public pages, the app itself), cached per URL until a read cache
 * they depend on changes: the same announcements (decision 010) that empty the API's caches make the next request
 * render again.
 */
export function shellPages(app: FastifyInstance): (url: string) => Promise<ShellPage | undefined> {
  const renderer = new PageRenderer(app);
  const call = injectCall(app);
  const shop = shopInfoOf(app);
  const cache = new Map<string, { versions: string; page: ShellPage | undefined }>();

  /** The app's HTML, or nothing (a page not server-rendered, or one that failed: the browser renders it). */
  const renderApp = async (url: string) => {
    const web = await loadWebRenderer();
    return web?.renderPage(url, shop, call).catch((err: unknown) => {
      app.log.error({ err, url }, 'server-rendering the page failed');
      return undefined;
    });
  };

  return async (url) => {
    const parsed = new URL(url, 'http://x');
    const scopes = renderer.scopesOf(parsed.pathname);
    // Read before rendering: a change announced while rendering makes the next request render again.
    const versions = scopes?.map((s) => app.readCache.cache.version(s)).join(':') ?? '';
    const key = parsed.pathname + parsed.search;
    const hit = scopes && cache.get(key);
    if (hit && hit.versions === versions) {
      // Refresh its place: the map's order is the LRU order.
      cache.delete(key);
      cache.set(key, hit);
      return hit.page;
    }
    const rendered = await renderer.render(parsed.pathname, parsed.searchParams);
    // Private pages (no scopes) and a product or article that is not found are not rendered by React on the server.
    const appHtml = !scopes || rendered?.status ? undefined : await renderApp(key);
    const page: ShellPage | undefined =
      rendered || appHtml
        ? {
            ...(rendered?.status && { status: rendered.status }),
            head: rendered ? headHtml(rendered, app.config.shop.name) : '',
            ...(appHtml && { app: appHtml }),
          }
        : undefined;
    if (scopes) {
      cache.set(key, { versions, page });
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    }
    return page;
  };
}
