import type { FastifyInstance } from 'fastify';
import { headHtml, PageRenderer } from './page-head.service';

/** What the app shell gets for one page: head tags, status, and the no-script body. */
export interface ShellPage {
  status?: number;
  head: string;
  body?: string;
}

const MAX_ENTRIES = 2000;

/**
 * Renders pages' heads for the app shell, cached per URL until a read cache they depend on changes: the same
 * announcements (decision 010) that empty the API's caches make the next request render again.
 */
export function shellPages(app: FastifyInstance): (url: string) => Promise<ShellPage | undefined> {
  const renderer = new PageRenderer(app);
  const cache = new Map<string, { versions: string; page: ShellPage | undefined }>();
  return async (url) => {
    const parsed = new URL(url, 'http://x');
    const scopes = renderer.scopesOf(parsed.pathname);
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
    const page = rendered && {
      ...(rendered.status && { status: rendered.status }),
      head: headHtml(rendered, app.config.shop.name),
      ...(rendered.body && { body: rendered.body }),
    };
    if (scopes) {
      cache.set(key, { versions, page });
      if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    }
    return page;
  };
}
