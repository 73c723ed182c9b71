import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { RETRY_AFTER_SECONDS } from '../infra/db-unavailable';

export const SHUTTING_DOWN_MESSAGE = 'The shop is restarting. Please try again in a moment.';

/**
 * The requests being answered, so that a shutdown that cannot wait any longer (the database stuck, say) answers
 * each of them with a 503 instead of closing its socket unanswered: a client told "try again" can retry (with its
 * Idempotency-Key, a write it repeats is not done twice); a dropped connection tells it nothing.
 */
export const inFlightPlugin = fp(
  async (app) => {
    const open = new Set<FastifyReply>();
    app.addHook('onRequest', async (_req, reply) => {
      open.add(reply);
    });
    app.addHook('onResponse', async (_req, reply) => {
      open.delete(reply);
    });
    app.addHook('onRequestAbort', async (req) => {
      for (const reply of open) if (reply.request === req) open.delete(reply);
    });
    app.decorate('answerUnfinished', () => {
      let answered = 0;
      for (const reply of open) {
        if (reply.sent || reply.raw.headersSent) continue;
        reply
          .code(503)
          .header('retry-after', RETRY_AFTER_SECONDS)
          .header('connection', 'close')
          .send({ error: 'unavailable', message: SHUTTING_DOWN_MESSAGE });
        answered += 1;
      }
      open.clear();
      return answered;
    });
  },
  { name: 'in-flight' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers every request still waiting with 503 (at shutdown); returns how many there were. */
    answerUnfinished(): number;
  }
}
