import type { FastifyInstance } from 'fastify';
import { runPeriodically } from './periodic';

/** How often the retention sweeps run: pruning is never urgent, and each run is a few indexed deletes. */
export const RETENTION_SWEEP_MS = 60 * 60_000;

/** Rows of one table deleted or emptied per statement: a long backlog goes in short transactions. */
export const RETENTION_BATCH = 1_000;

/** The moment before which records are pruned: `days` before `now` (the clock the tests move). */
export const retentionCutoff = (days: number, now = new Date()) =>
  new Date(now.getTime() - days * 86_400_000);

/**
 * Runs `prune(cutoff)` once the app is ready and every hour after, for EVENT_RETENTION_DAYS (decisions 061, 063);
 * `prune` answers how many rows it pruned, and repeats while a whole batch went (a backlog after an upgrade).
 */
export function runRetention(app: FastifyInstance, name: string, prune: (cutoff: Date) => Promise<number>) {
  runPeriodically(app, RETENTION_SWEEP_MS, async () => {
    try {
      let total = 0;
      for (let n = RETENTION_BATCH; n === RETENTION_BATCH; total += n)
        n = await prune(retentionCutoff(app.config.eventRetentionDays));
      if (total) app.log.info({ pruned: total }, `${name} pruned`);
    } catch (err) {
      app.log.warn({ err }, `${name} pruning failed; trying again in an hour`);
    }
  });
}
