import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` once the app is ready and every `intervalMs` after, until it closes. The task handles its own errors
 * (a sweep logs and tries again next time); the timer is unref'd so it never keeps a finished process alive.
 */
export function runPeriodically(app: FastifyInstance, intervalMs: number, task: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await task();
    timer = setInterval(() => void task(), intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
