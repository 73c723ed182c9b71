import type { FastifyPluginAsync } from 'fastify';
import { CLIENT_IP_HEADER } from './auth';

/** Mounts Better Auth at /api/auth/*: Fastify request → Web Request → Better Auth → Fastify reply. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  // Better Auth parses bodies itself; this encapsulated plugin hands it the raw bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (req, reply) => {
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (value === undefined || key === CLIENT_IP_HEADER) continue;
        for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
      }
      // The client IP as Fastify sees it (trustProxy-aware): the key of Better Auth's rate limits.
      headers.set(CLIENT_IP_HEADER, req.ip);
      const body =
        req.method !== 'GET' && Buffer.isBuffer(req.body) && req.body.length
          ? new Uint8Array(req.body)
          : undefined;
      const response = await app.auth.handler(
        new Request(new URL(req.url, app.config.baseUrl), { method: req.method, headers, body }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
};
