import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { CXML_BODY_LIMIT, statusResponse } from './cxml.xml';
import { receiveCxml } from './cxml.inbound';
import type { ProcurementDeps } from './procurement.deps';
import { startPunchout } from './punchout.session';
import { ociLogin } from './punchout.oci';
import { transferCart } from './punchout.transfer';

/**
 * The buyer systems' own addresses, outside /api: POST /punchout/cxml (cXML in, cXML out), the one-time start link,
 * and the transfer the punchout cart page links to. `deps()` is read per request: the feature's deps are built under
 * /api, after this plugin is registered.
 */
export const punchoutRoutes: FastifyPluginAsync<{ deps: () => ProcurementDeps }> = async (app, { deps }) => {
  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: CXML_BODY_LIMIT },
    (_req, body, done) => done(null, body),
  );
  // Refusals before the handler (too large, not XML) answer in cXML too: buyer systems read only that.
  app.setErrorHandler((err: FastifyError, _req, reply) => {
    const code = err.statusCode === 413 ? 413 : err.statusCode && err.statusCode < 500 ? 400 : 500;
    const textOf =
      code === 413 ? 'Payload Too Large' : code === 400 ? 'Bad Request' : 'Internal Server Error';
    const message =
      code === 413
        ? `The document is over ${CXML_BODY_LIMIT / 1024} kB.`
        : code === 400
          ? err.message
          : 'Internal error';
    if (code === 500) app.log.error({ err }, 'cXML request failed');
    return reply
      .code(code)
      .type('text/xml; charset=utf-8')
      .send(statusResponse(code, textOf, message));
  });
  app.post('/punchout/cxml', { bodyLimit: CXML_BODY_LIMIT }, async (req, reply) => {
    if (typeof req.body !== 'string')
      return reply
        .code(415)
        .type('text/xml')
        .send(statusResponse(400, 'Bad Request', 'Send the document as text/xml.'));
    const answer = await receiveCxml(deps(), req.body);
    return reply.code(answer.status).type('text/xml; charset=utf-8').send(answer.body);
  });
  await app.register(async (browser) => {
    browser.setErrorHandler((err: FastifyError, _req, reply) => {
      const status = (err as { status?: number }).status ?? err.statusCode ?? 500;
      if (status >= 500) throw err;
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Punchout</title></head><body><h1>Punchout</h1><p>${err.message.replace(/[<>&]/g, '')}</p></body></html>`,
        );
    });
    // OCI's login form.
    browser.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const oci = async (req: { query: unknown; body: unknown }, reply: FastifyReply) => {
      const fields = {
        ...(req.query as Record<string, unknown>),
        ...((req.body as Record<string, unknown> | undefined) ?? {}),
      };
      return reply.redirect(await ociLogin(deps(), fields), 303);
    };
    browser.get('/punchout/oci', oci);
    browser.post('/punchout/oci', oci);
    browser.get('/punchout/start/:token', async (req, reply) => {
      const { token } = z.object({ token: z.string().max(100) }).parse(req.params);
      return startPunchout(deps(), token, reply);
    });
    browser.get('/punchout/transfer', { config: { auth: 'user' } }, async (req, reply) =>
      transferCart(deps(), req, reply),
    );
  });
};
