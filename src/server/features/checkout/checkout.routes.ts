import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutConflictSchema, checkoutContract as calls } from '@shared/checkout/checkout.contract';
import { contractRoute } from '../../http/contract-route';
import { currentUser } from '../../http/auth-guard';
import {
  cancelCheckout,
  createCheckout,
  getCheckout,
  payCheckout,
  type CheckoutPaymentConfirmation,
} from './checkout.service';
import { documentsOfCheckout } from '../invoices/invoices.service';
import { refundCheckout } from './checkout.refund';
import { savedAddresses, shippingRates } from './checkout.rates';
import { placeOrderNow } from './checkout.order-now';
import { ordersContract } from '@shared/orders/orders.contract';

const tags = ['checkout'];

export interface CheckoutRoutesOptions {
  /** Asks the payment provider whether this intent succeeded for this checkout (given by the app, like orders'). */
  verifyPayment(p: { checkoutId: string; transactionId: string }): Promise<CheckoutPaymentConfirmation>;
}

/** One checkout of the whole cart, paid by one payment (docs/decisions/024-checkout.md). */
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, opts) => {
  const deps = app.orderDeps;

  app.route({
    ...contractRoute(calls.create, {
      tags,
      summary:
        "Check out the caller's whole cart: one order line per cart line, all stock reserved or none (409 names every line at fault; an empty cart is a 409 too)",
      errors: [400, 401, 403, 404],
      responses: { 409: checkoutConflictSchema },
    }),
    config: {
      auth: 'user',
      self: { param: 'email', message: 'You can only check out your own cart.' },
      idempotent: true,
      invalidates: ['catalogue'],
    },
    handler: async (req, reply) =>
      reply.status(201).send(await createCheckout(deps, currentUser(req), req.body)),
  });

  // The spec's Order Now lives here, beside the cart's checkout: both enter the one placement pipeline, which is
  // checkout's (orders may not import checkout). Same path, body, answer and messages as before.
  app.route({
    ...contractRoute(ordersContract.place, {
      tags: ['orders'],
      summary:
        "Place an order for the caller's own email; name and price come from the catalogue, stock is reserved",
      errors: [400, 401, 403, 404, 409],
    }),
    config: {
      auth: 'user',
      self: { param: 'email', message: 'You can only place orders for your own account.' },
      idempotent: true,
      invalidates: ['catalogue'],
    },
    handler: async (req) => placeOrderNow(deps, currentUser(req), req.body),
  });

  app.route({
    ...contractRoute(calls.rates, {
      tags,
      summary:
        "The ways the caller's cart, or one product line (productId and quantity), ships to a ZIP: each with its shipping, tax, total and delivery days, cheapest first",
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user', self: { param: 'email', message: 'You can only price your own cart.' } },
    handler: async (req) => shippingRates(deps, currentUser(req), req.body),
  });

  app.route({
    ...contractRoute(calls.addresses, {
      tags,
      summary: "The caller's own saved delivery addresses, most recently used first",
      errors: [400, 401, 403],
    }),
    config: { auth: 'user', self: { param: 'email', message: 'You can only see your own addresses.' } },
    handler: async (req) => savedAddresses(deps, currentUser(req).id),
  });

  app.route({
    ...contractRoute(calls.checkout, {
      tags,
      summary: 'One checkout with its lines (its owner or an admin)',
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user' },
    handler: async (req) => getCheckout(deps, currentUser(req), req.params.id),
  });

  app.route({
    ...contractRoute(calls.invoices, {
      tags,
      summary: "A checkout's one invoice and its lines' credit notes, oldest first (owner or admin)",
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user' },
    handler: async (req) => {
      const checkout = await getCheckout(deps, currentUser(req), req.params.id);
      return documentsOfCheckout(deps.db, checkout._id);
    },
  });

  app.route({
    ...contractRoute(calls.pay, {
      tags,
      summary:
        'Mark a checkout (every line) paid once the provider confirms its one payment; one invoice (idempotent)',
      errors: [400, 401, 402, 403, 404, 409],
    }),
    // Paying a checkout that had expired takes its stock again.
    config: { auth: 'user', idempotent: true, invalidates: ['catalogue'] },
    handler: async (req) => {
      // Unknown (404) and someone else's (403) checkouts are told apart before the provider is asked anything.
      await getCheckout(deps, currentUser(req), req.params.id);
      const verified = await opts.verifyPayment({
        checkoutId: req.params.id,
        transactionId: req.body.transactionId,
      });
      return { acknowledged: true as const, checkout: await payCheckout(deps, verified, currentUser(req)) };
    },
  });

  app.route({
    ...contractRoute(calls.refund, {
      tags,
      summary:
        'Refund a paid checkout (admin) as one refund of its one payment: every paid, undelivered line (they are cancelled), some units of its lines (`lines: [{orderId, quantity}]`) or an amount (`amountCents`); bodies and rules as POST /api/order/{id}/refund',
      errors: [400, 401, 403, 404, 409],
    }),
    config: { auth: 'admin', idempotent: true, invalidates: ['catalogue'] },
    handler: async (req) => refundCheckout(deps, currentUser(req), req.params.id, req.body ?? {}),
  });

  app.route({
    ...contractRoute(calls.cancel, {
      tags,
      summary: 'Cancel an unpaid checkout (its owner or an admin): every line Cancelled, all stock released',
      errors: [400, 401, 403, 404, 409],
    }),
    config: { auth: 'user', invalidates: ['catalogue'] },
    handler: async (req) => cancelCheckout(deps, currentUser(req), req.params.id),
  });
};
