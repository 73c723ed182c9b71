import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { webRouteMatcher } from '@shared/common/web-paths';
import type { AppConfig } from '../infra/config';
import { criticalCssOf } from './critical-css';
import { apiNotFound } from './http-semantics';

const escapeAttr = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The built app shell, with the shop's configurable contact details and settings filled in (no extra request, no
 * inline script).
 */
function loadSpa(config: AppConfig): { dir: string; html: string; critical?: Critical } | undefined {
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
  const link = STYLESHEET.exec(html);
  const file = link && path.join(dir, link[1]!);
  if (!link || !file || !existsSync(file)) return { dir, html };
  return {
    dir,
    html,
    critical: { link: link[0], href: link[1]!, of: criticalCssOf(readFileSync(file, 'utf8')) },
  };
}

/** The built stylesheet's link, and how to cut a page's first-paint part from it. */
interface Critical {
  link: string;
  href: string;
  of: (html: string) => string;
}
const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/;

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
/** One page's part of the shell, rendered by the features (the http layer knows none): seo fills `app.shellPage`. */
export interface ShellPage {
  status?: number;
  /** Tags replacing the shell's <title> and description (none: the shell's own). */
  head: string;
  /** The page rendered by React for an anonymous visitor, and the element carrying the queries it read. */
  app?: { html: string; headLinks: string; stateScript: string };
}
declare module 'fastify' {
  interface FastifyInstance {
    /** A public page's part of its shell, when a feature renders them (seo, registered before the web app). */
    shellPage?: (url: string) => Promise<ShellPage | undefined>;
  }
}
export interface SpaOptions {
  /** What renders a page's part of the shell; `app.shellPage` when not given. */
  page?: (url: string) => Promise<ShellPage | undefined>;
}

const TITLE_AND_DESCRIPTION = /<title>[^]*?<\/title>\s*<meta\s+name="description"[^>]*>/;
const NOSCRIPT = /\s*<noscript>[^]*?<\/noscript>/;
const ROOT = '<div id="root"></div>';
const NOINDEX = '<meta name="robots" content="noindex" />';

/**
 * The shell with a page's head filled in and, when `withApp`, its server-rendered HTML in the root element (the
 * "needs JavaScript" notice goes: the page reads without it).
 */
export function fillShell(
  html: string,
  page: ShellPage | undefined,
  notFound: boolean,
  withApp = true,
  critical?: { link: string; href: string; css: string },
): string {
  let out = html;
  if (page?.head) out = out.replace(TITLE_AND_DESCRIPTION, () => page.head);
  if (page?.app && withApp) {
    const { html: appHtml, headLinks, stateScript } = page.app;
    // React's own preloads of the first pictures, less those the head already asks for.
    const links = headLinks.match(/<link [^>]*>/g)?.filter((l) => {
      const href = /href="([^"]*)"/.exec(l)?.[1];
      return !href || !out.includes(`href="${href}"`);
    });
    out = out
      .replace(NOSCRIPT, '')
      .replace('</head>', () => `${links?.join('') ?? ''}</head>`)
      .replace(ROOT, () => `<div id="root">${appHtml}</div>${stateScript}`);
    if (critical) {
      // The first screen paints with the rules its HTML uses, inlined; the whole stylesheet follows the page, where
      // it blocks nothing above it (and is cached for the next page).
      out = out
        .replace(critical.link, () => `<style>${critical.css}</style>`)
        .replace('</body>', () => `<link rel="stylesheet" href="${critical.href}" />\n  </body>`);
    }
  }
  if (notFound && !out.includes(NOINDEX)) out = out.replace('</head>', () => `${NOINDEX}</head>`);
  return out;
}

/**
 * Whether the request may carry a session. Server-rendered pages are what an anonymous visitor sees (list prices,
 * no cart): a signed-in visitor gets the shell, and the browser renders their page with their prices.
 */
const maySignedIn = (cookie: string | undefined) => !!cookie && /session_token=[^;\s]/.test(cookie);

export const spaPlugin = fp<SpaOptions>(
  async (app, opts) => {
    const options = { page: opts.page ?? app.shellPage };
    const spa = loadSpa(app.config);
    const isWebRoute = webRouteMatcher();
    // A page's critical CSS is cut once per rendering (the page cache keeps a rendering until its data changes).
    const cut = new WeakMap<object, string>();
    const criticalOf = (page: ShellPage | undefined) => {
      const c = spa?.critical;
      if (!c || !page?.app) return undefined;
      let css = cut.get(page.app);
      if (css === undefined) {
        css = c.of(page.app.html);
        cut.set(page.app, css);
      }
      return { link: c.link, href: c.href, css };
    };
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
          .send(
            fillShell(
              spa.html,
              page,
              !known || page?.status === 404,
              !maySignedIn(req.headers.cookie),
              criticalOf(page),
            ),
          );
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
