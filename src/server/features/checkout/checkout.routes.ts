import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailParamsSchema } from '@shared/accounts/accounts.schema';
import { errorBodySchema } from '@shared/common/common.schema';
import {
  checkoutCreateSchema,
  checkoutLinesProblemSchema,
  checkoutPaidSchema,
  checkoutParamsSchema,
  checkoutPaySchema,
  checkoutSchema,
} from '@shared/checkout/checkout.schema';
import { invoiceListSchema } from '@shared/invoices/invoices.schema';
import { errorResponses } from '../../http/openapi';
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

const tags = ['checkout'];

export interface CheckoutRoutesOptions {
  /** Asks the payment provider whether this intent succeeded for this checkout (given by the app, like orders'). */
  verifyPayment(p: { checkoutId: string; transactionId: string }): Promise<CheckoutPaymentConfirmation>;
}

/** One checkout of the whole cart, paid by one payment (docs/decisions/024-checkout.md). */
export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, opts) => {
  const deps = app.orderDeps;

  app.post(
    '/checkout/:email',
    {
      config: {
        auth: 'user',
        self: { param: 'email', message: 'You can only check out your own cart.' },
        idempotent: true,
        invalidates: ['catalogue'],
      },
      schema: {
        tags,
        summary:
          "Check out the caller's whole cart: one order line per cart line, all stock reserved or none (409 names every line at fault; an empty cart is a 409 too)",
        params: emailParamsSchema,
        body: checkoutCreateSchema,
        response: {
          201: checkoutSchema,
          ...errorResponses(400, 401, 403, 404),
          409: z.union([checkoutLinesProblemSchema, errorBodySchema]),
        },
      },
    },
    async (req, reply) => reply.status(201).send(await createCheckout(deps, currentUser(req), req.body)),
  );

  app.get(
    '/checkout/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One checkout with its lines (its owner or an admin)',
        params: checkoutParamsSchema,
        response: { 200: checkoutSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => getCheckout(deps, currentUser(req), req.params.id),
  );

  app.get(
    '/checkout/:id/invoices',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "A checkout's one invoice and its lines' credit notes, oldest first (owner or admin)",
        params: checkoutParamsSchema,
        response: { 200: invoiceListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const checkout = await getCheckout(deps, currentUser(req), req.params.id);
      return documentsOfCheckout(deps.db, checkout._id);
    },
  );

  app.put(
    '/checkout/:id',
    {
      // Paying a checkout that had expired takes its stock again.
      config: { auth: 'user', idempotent: true, invalidates: ['catalogue'] },
      schema: {
        tags,
        summary:
          'Mark a checkout (every line) paid once the provider confirms its one payment; one invoice (idempotent)',
        params: checkoutParamsSchema,
        body: checkoutPaySchema,
        response: { 200: checkoutPaidSchema, ...errorResponses(400, 401, 402, 403, 404, 409) },
      },
    },
    async (req) => {
      // Unknown (404) and someone else's (403) checkouts are told apart before the provider is asked anything.
      await getCheckout(deps, currentUser(req), req.params.id);
      const verified = await opts.verifyPayment({
        checkoutId: req.params.id,
        transactionId: req.body.transactionId,
      });
      return { acknowledged: true as const, checkout: await payCheckout(deps, verified, currentUser(req)) };
    },
  );

  app.post(
    '/checkout/:id/refund',
    {
      config: { auth: 'admin', idempotent: true, invalidates: ['catalogue'] },
      schema: {
        tags,
        summary:
          'Cancel and refund every paid, undelivered line of a checkout (admin); each line as POST /api/order/{id}/refund',
        params: checkoutParamsSchema,
        response: { 200: checkoutSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => refundCheckout(deps, currentUser(req), req.params.id),
  );

  app.delete(
    '/checkout/:id',
    {
      config: { auth: 'user', invalidates: ['catalogue'] },
      schema: {
        tags,
        summary:
          'Cancel an unpaid checkout (its owner or an admin): every line Cancelled, all stock released',
        params: checkoutParamsSchema,
        response: { 200: checkoutSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => cancelCheckout(deps, currentUser(req), req.params.id),
  );
};
