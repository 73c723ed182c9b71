import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

/** A page React rendered: its HTML, the preloads it asks for, and the queries it read (as a JSON script). */
export interface RenderedApp {
  html: string;
  headLinks: string;
  stateScript: string;
}

/** The web app's server entry (src/web/server-render.tsx), as the server calls it. */
export interface WebRenderer {
  renderPage(
    url: string,
    shop: Record<string, unknown>,
    call: (url: string, init: RequestInit) => Promise<Response>,
  ): Promise<RenderedApp | undefined>;
}

// The server may not import the web app (eslint.config.js): it loads the web app's own server bundle at run time,
// built beside it (dist/server/render.js), or from the sources when it runs from them (tests, tsx).
const BUILT = new URL('./render.js', import.meta.url);
const SOURCE = new URL('../../../web/server-render.tsx', import.meta.url);

let loading: Promise<WebRenderer | undefined> | undefined;

/** The web app's renderer, loaded once; undefined where there is none (a server built without it). */
export function loadWebRenderer(): Promise<WebRenderer | undefined> {
  loading ??= (async () => {
    const url = existsSync(fileURLToPath(BUILT))
      ? BUILT
      : existsSync(fileURLToPath(SOURCE))
        ? SOURCE
        : undefined;
    return url ? ((await import(url.href)) as WebRenderer) : undefined;
  })();
  return loading;
}

/**
 * The page's API calls, answered by the app in-process as to an anonymous visitor (no cookies): the same answers,
 * prices and read caches the browser gets, without a socket.
 */
export function injectCall(app: FastifyInstance) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers: { accept: 'application/json' },
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

/** The shop's details as the shell gives them to the browser (http/spa.ts), for the pages the server renders. */
export function shopInfoOf(app: FastifyInstance) {
  const { config } = app;
  return {
    ...config.shop,
    social: config.google ? 'google' : config.oidc ? 'oidc' : null,
    publicProductPages: config.publicProductPages,
  };
}
