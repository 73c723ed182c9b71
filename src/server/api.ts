import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsFeature } from './features/accounts/accounts.plugin';
import { apiKeysRoutes } from './features/api-keys/index';
import { auditRoutes } from './features/audit/audit.routes';
import { cartRoutes } from './features/cart/index';
import { approvalsRoutes, checkoutJobsPlugin, checkoutRoutes } from './features/checkout/index';
import { companiesRoutes, priceListsRoutes } from './features/companies/index';
import { catalogueFeature } from './features/catalogue/catalogue.plugin';
import { catalogueImportFeature } from './features/catalogue-import/index';
import { searchFeature } from './features/search/index';
import { creditFeature } from './features/credit/index';
import { equipmentFeature } from './features/equipment/index';
import { fulfilmentRoutes } from './features/fulfilment/index';
import { healthRoutes } from './features/health/health.routes';
import { inventoryRoutes } from './features/inventory/inventory.routes';
import { invoicesRoutes } from './features/invoices/invoices.routes';
import { mediaRoutes } from './features/media/media.routes';
import { newsRoutes } from './features/news/news.routes';
import { notificationsRoutes } from './features/notifications/index';
import { orderDepsPlugin, orderNumbersOf, type OrderDepsOptions } from './features/orders/index';
import { ordersFeature } from './features/orders/orders.plugin';
import { procurementFeature } from './features/procurement/index';
import { overviewRoutes } from './features/overview/overview.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { verifyCheckoutPayment, verifyPayment } from './features/payments/payments.service';
import { quotesRoutes } from './features/quotes/quotes.routes';
import { returnsRoutes } from './features/returns/index';
import { reviewsRoutes } from './features/reviews/reviews.routes';
import { shippingRoutes } from './features/shipping/index';
import { taxRoutes } from './features/tax/index';
import { taxExemptionsRoutes } from './features/tax/index';
import { webhooksFeature } from './features/webhooks/index';

/**
 * Every feature under /api: each registers its own routes, background jobs and start-up work (a feature with one
 * routes plugin and nothing else is that plugin). Payments' verifiers are handed to orders here, so orders never
 * imports payments: payments depends on orders, not the reverse.
 */
export const apiRoutes: FastifyPluginAsyncZod<OrderDepsOptions> = async (api, opts) => {
  // Orders' deps first: orders, checkout, payments and quotes read them from the instance.
  await api.register(orderDepsPlugin, { shipping: opts.shipping, tax: opts.tax });
  await api.register(healthRoutes);
  await api.register(catalogueFeature);
  await api.register(searchFeature);
  await api.register(catalogueImportFeature);
  await api.register(newsRoutes);
  await api.register(accountsFeature);
  await api.register(mediaRoutes);
  await api.register(ordersFeature, {
    verifyPayment: (p) => verifyPayment(api.payments, p),
  });
  await api.register(cartRoutes);
  await api.register(checkoutRoutes, { verifyPayment: (p) => verifyCheckoutPayment(api.payments, p) });
  await api.register(checkoutJobsPlugin);
  await api.register(invoicesRoutes);
  await api.register(paymentsRoutes);
  await api.register(reviewsRoutes);
  await api.register(auditRoutes);
  await api.register(overviewRoutes);
  await api.register(inventoryRoutes, { orderNumbers: (ids) => orderNumbersOf(api.database.db, ids) });
  await api.register(quotesRoutes);
  await api.register(notificationsRoutes);
  await api.register(shippingRoutes);
  await api.register(taxRoutes);
  await api.register(taxExemptionsRoutes);
  await api.register(fulfilmentRoutes);
  await api.register(companiesRoutes);
  await api.register(priceListsRoutes);
  await api.register(approvalsRoutes);
  await api.register(creditFeature);
  await api.register(equipmentFeature);
  await api.register(returnsRoutes);
  await api.register(apiKeysRoutes);
  await api.register(procurementFeature);
  await api.register(webhooksFeature);
};
