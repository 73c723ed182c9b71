import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { webRouteMatcher } from '@shared/common/web-paths';
import type { AppConfig } from '../infra/config';
import { apiNotFound } from './http-semantics';

const escapeAttr = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The built app shell, with the shop's configurable contact details and settings filled in (no extra request, no
 * inline script).
 */
function loadSpa(config: AppConfig): { dir: string; html: string } | undefined {
  const dir = config.webDir;
  if (!dir || !existsSync(path.join(dir, 'index.html'))) return undefined;
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8').replace(
    '__SHOP_INFO__',
    escapeAttr(
      JSON.stringify({
        ...config.shop,
        social: config.google ? 'google' : config.oidc ? 'oidc' : null,
        publicProductPages: config.publicProductPages,
      }),
    ),
  );
  return { dir, html };
}

// Hashed assets never change; unhashed public files (icons, video, data) change rarely: a day, then revalidated.
const cacheControlOf = (filePath: string) =>
  filePath.includes(`${path.sep}assets${path.sep}`)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * The built web app (when there is one): its files, and the app shell for every other GET outside /api and /media,
 * so client routes load. A path the web app does not route gets the same shell with status 404: the page renders
 * the not-found page, and search engines do not index it. Anything else is a JSON 404.
 */
/** One page's part of the shell, rendered by the features (the http layer knows none): see app.ts. */
export interface ShellPage {
  status?: number;
  /** Tags replacing the shell's <title> and description. */
  head: string;
  /** HTML for readers without JavaScript, in place of the shell's <noscript> notice. */
  body?: string;
}
export interface SpaOptions {
  page?: (url: string) => Promise<ShellPage | undefined>;
}

const TITLE_AND_DESCRIPTION = /<title>[^]*?<\/title>\s*<meta\s+name="description"[^>]*>/;
const NOSCRIPT = /<noscript>[^]*?<\/noscript>/;
const NOINDEX = '<meta name="robots" content="noindex" />';

/** The shell with a page's head and no-script body filled in. */
export function fillShell(html: string, page: ShellPage | undefined, notFound: boolean): string {
  let out = html;
  if (page) {
    out = out.replace(TITLE_AND_DESCRIPTION, () => page.head);
    if (page.body) out = out.replace(NOSCRIPT, () => `<noscript><main>${page.body}</main></noscript>`);
  }
  if (notFound && !out.includes(NOINDEX)) out = out.replace('</head>', () => `${NOINDEX}</head>`);
  return out;
}

export const spaPlugin = fp<SpaOptions>(
  async (app, options) => {
    const spa = loadSpa(app.config);
    const isWebRoute = webRouteMatcher();
    if (spa) {
      await app.register(fastifyStatic, {
        root: spa.dir,
        prefix: '/',
        wildcard: false,
        index: false,
        preCompressed: true,
        allowedPath: (pathName) => pathName !== '/index.html',
        cacheControl: false,
        setHeaders: (res, filePath) => res.header('cache-control', cacheControlOf(filePath)),
      });
    }

    app.setNotFoundHandler(async (req, reply) => {
      const url = req.url.split('?')[0] ?? '/';
      const isApi = url === '/api' || url.startsWith('/api/') || url.startsWith('/media/');
      if (spa && !isApi && (req.method === 'GET' || req.method === 'HEAD')) {
        const known = isWebRoute(url);
        // A page that cannot be rendered still gets the plain shell: the web app renders it as before.
        const page =
          known && options.page
            ? await options.page(req.url).catch((err: unknown) => {
                req.log.error({ err }, 'rendering the page head failed');
                return undefined;
              })
            : undefined;
        return reply
          .status(page?.status ?? (known ? 200 : 404))
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(fillShell(spa.html, page, !known || page?.status === 404));
      }
      if (url === '/api' || url.startsWith('/api/')) return apiNotFound(app, req, reply, url);
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .send({ error: 'not_found', message: `Route ${req.method} ${url} not found` });
    });
  },
  { name: 'spa', dependencies: ['config'] },
);
