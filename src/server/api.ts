import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { catalogueAdminRoutes } from './features/catalogue/catalogue-admin.routes';
import { catalogueRoutes } from './features/catalogue/catalogue.routes';
import { catalogueSearchRoutes } from './features/catalogue/search.routes';
import { catalogueCsvRoutes } from './features/catalogue/catalogue-csv.routes';
import { documentsRoutes } from './features/catalogue/documents.routes';
import { inventoryRoutes } from './features/inventory/inventory.routes';
import { invoicesRoutes } from './features/invoices/invoices.routes';
import { healthRoutes } from './features/health/health.routes';
import { mediaRoutes } from './features/media/media.routes';
import { newsRoutes } from './features/news/news.routes';
import { cartRoutes } from './features/orders/cart.routes';
import { checkoutRoutes } from './features/orders/checkout.routes';
import { orderDocumentsRoutes } from './features/orders/order-documents.routes';
import { ordersRoutes } from './features/orders/orders.routes';
import { overviewRoutes } from './features/overview/overview.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { verifyCheckoutPayment, verifyPayment } from './features/payments/payments.service';
import { quotesRoutes } from './features/quotes/quotes.routes';
import { reviewsRoutes } from './features/reviews/reviews.routes';

/**
 * Every feature's routes (registered under /api). Payments' verifier is handed to orders here, so orders never
 * imports payments: payments depends on orders, not the reverse.
 */
export const apiRoutes: FastifyPluginAsyncZod = async (api) => {
  await api.register(healthRoutes);
  await api.register(catalogueRoutes);
  await api.register(catalogueSearchRoutes);
  await api.register(catalogueAdminRoutes);
  await api.register(catalogueCsvRoutes);
  await api.register(documentsRoutes);
  await api.register(newsRoutes);
  await api.register(accountsRoutes);
  await api.register(mediaRoutes);
  await api.register(ordersRoutes, { verifyPayment: (p) => verifyPayment(api.payments, p) });
  await api.register(cartRoutes);
  await api.register(checkoutRoutes, { verifyPayment: (p) => verifyCheckoutPayment(api.payments, p) });
  await api.register(orderDocumentsRoutes);
  await api.register(invoicesRoutes);
  await api.register(paymentsRoutes);
  await api.register(reviewsRoutes);
  await api.register(auditRoutes);
  await api.register(overviewRoutes);
  await api.register(inventoryRoutes);
  await api.register(quotesRoutes);
};
