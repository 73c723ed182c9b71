// The server's entry to the web app (the browser's is main.tsx): renders a public page to HTML with React's streaming
// server renderer, from the same route table and components the browser hydrates. Bundled apart from the server
// (scripts/build.mjs) and loaded by it at start; it imports nothing that touches `window` at import.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import { AppProvider, createQueryClient } from './app/provider';
import { AppRoutes, appRoutes, type PageHandle } from './app/router';
import { setApiTransport } from './lib/api-client';
import { SERVER_STATE_ID } from './lib/server-state';
import { setServerShopInfo, type ShopInfo } from './lib/shop-info';

/** How the server answers the page's API calls (its own app, in-process, as to an anonymous visitor). */
export type ApiCall = (url: string, init: RequestInit) => Promise<Response>;

export interface ServerRenderedPage {
  /** The app's HTML, for inside the shell's root element. */
  html: string;
  /** The preloads React asks for (the first screen's pictures), for the head. */
  headLinks: string;
  /** The element carrying the queries the page was rendered with, for the browser to hydrate without asking again. */
  stateScript: string;
}

// Each rendering's API calls go to the app that asked for it, even with renderings of several apps in flight (tests).
const calls = new AsyncLocalStorage<ApiCall>();
setApiTransport((url, init) => (calls.getStore() ?? fetch)(url, init));

const RENDER_TIMEOUT_MS = 10_000;

function renderToHtml(url: string, client: ReturnType<typeof createQueryClient>): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    let failed: unknown;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        if (failed) reject(failed instanceof Error ? failed : new Error(String(failed)));
        else resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(
      <StrictMode>
        <AppProvider client={client}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </StrictMode>,
      {
        // Waits for every lazy page and Suspense boundary: a crawler and the page cache get the whole page at once.
        onAllReady: () => stream.pipe(sink),
        // Never outline a large finished boundary to a hidden element and an inline script that moves it in place
        // (React's default beyond 12.8 kB): the shell's CSP runs no inline script, and a crawler reads it in order.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellError: reject,
        // A component that throws while rendering: the page is not served half-rendered (the shell is, instead).
        onError: (err) => {
          failed ??= err;
        },
      },
    );
    setTimeout(
      () => stream.abort(new Error(`rendering ${url} took over ${RENDER_TIMEOUT_MS} ms`)),
      RENDER_TIMEOUT_MS,
    ).unref();
  });
}

/**
 * Renders the page at `url` (path and query) as an anonymous visitor sees it, or undefined for a page the server does
 * not render (private pages, unknown ones, a product behind the login): those get the plain shell.
 */
export async function renderPage(
  url: string,
  shop: ShopInfo,
  call: ApiCall,
): Promise<ServerRenderedPage | undefined> {
  const { pathname, search } = new URL(url, 'http://server');
  const match = matchRoutes(appRoutes, pathname)?.at(-1);
  const handle = match?.route.handle as PageHandle | undefined;
  if (!match || !handle || match.route.path === '*') return undefined;
  const page = await handle.load();
  if (!page.prefetch) return undefined;
  setServerShopInfo(shop);
  const client = createQueryClient();
  // A failing call is the page's loading or error state in the browser; here it is not worth waiting for retries.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  try {
    const wanted = await calls.run(call, () => page.prefetch!(client, { params: match.params, search }));
    if (wanted === false) return undefined;
    const rendered = await renderToHtml(url, client);
    // Outside a whole document React writes its preloads first: they belong in the head, not in the root element.
    const links = /^(?:<link [^>]*\/?>)*/.exec(rendered)![0];
    const html = rendered.slice(links.length);
    // `<` escaped so that no value can close the script element.
    const state = JSON.stringify(dehydrate(client)).replace(/</g, '\\u003c');
    return {
      html,
      headLinks: links,
      stateScript: `<script type="application/json" id="${SERVER_STATE_ID}">${state}</script>`,
    };
  } finally {
    client.clear();
  }
}
