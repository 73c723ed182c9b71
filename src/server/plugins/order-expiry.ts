import fp from 'fastify-plugin';
import { expireUnpaidOrders } from '../features/orders/orders.service';

const EXPIRY_SWEEP_MS = 5 * 60_000;

/**
 * Abandoned unpaid orders give their stock back: swept once the app is ready and every few minutes after. The sweep
 * is one conditional UPDATE, so several instances sweeping at once do no harm.
 */
export const orderExpiryPlugin = fp(
  async (app) => {
    const sweep = () =>
      expireUnpaidOrders(app.database.db, app.config.orderExpiryMs).then(
        async (n) => {
          if (!n) return;
          app.log.info({ expired: n }, 'expired unpaid orders');
          // Released stock changes what the catalogue shows, here and on every other instance.
          await app.readCache.changed('catalogue');
        },
        (err: unknown) => app.log.error({ err }, 'order expiry sweep failed'),
      );
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await sweep();
      timer = setInterval(() => void sweep(), EXPIRY_SWEEP_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'order-expiry', dependencies: ['config', 'database', 'read-cache'] },
);
