import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay from 'find-my-way';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * Two HTTP rules for the API. A response to a request that carried credentials, or that sets a cookie, is
 * personal: `Cache-Control: no-store` keeps it out of browser and proxy caches, as it does any answer that names no
 * caching of its own (404s included). And a method a path does not
 * support is a 405 listing the ones it does (`Allow`), not a 404; the routes are mirrored into a router of the
 * same kind Fastify uses, so the answer matches Fastify's own matching.
 */
export const httpSemanticsPlugin = fp(
  async (app) => {
    const routes = FindMyWay<FindMyWay.HTTPVersion.V1>();
    app.addHook('onRoute', (route) => {
      if (!isApi(route.url)) return;
      const methods = ([] as HTTPMethods[])
        .concat(route.method)
        .map((m) => m.toUpperCase() as FindMyWay.HTTPMethod);
      for (const method of methods)
        if (!routes.hasRoute(method, route.url)) routes.on(method, route.url, () => undefined);
    });
    app.decorate('allowedMethods', (url: string) =>
      (['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const).filter(
        (m) => routes.find(m, url) !== null,
      ),
    );

    app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply) => {
      if (!isApi(req.url.split('?')[0] ?? '')) return;
      const credentialed = Boolean(req.headers.cookie || req.headers.authorization);
      // A refusal depends on who asked (or that nobody did): never a cached answer for the next caller.
      const refused = reply.statusCode === 401 || reply.statusCode === 403;
      if (credentialed || refused || reply.getHeader('set-cookie') !== undefined)
        reply.header('cache-control', 'no-store');
      // An answer that says nothing (a 404, an error, a health check) would be cached by heuristics: never.
      else if (reply.getHeader('cache-control') === undefined) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'http-semantics' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods API routes answer on this path ([] when no route has it). */
    allowedMethods(url: string): string[];
  }
}

/** Answers an unmatched API request: 405 with `Allow` when the path exists under other methods, else 404. */
export function apiNotFound(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, url: string) {
  const allowed = app.allowedMethods(url);
  if (allowed.length) {
    return reply
      .status(405)
      .header('allow', allowed.join(', '))
      .send({ error: 'method_not_allowed', message: `${req.method} is not allowed on ${url}` });
  }
  return reply.status(404).send({ error: 'not_found', message: `Route ${req.method} ${url} not found` });
}
