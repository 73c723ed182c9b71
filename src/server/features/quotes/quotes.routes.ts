import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, idParamsSchema } from '@shared/common/common.schema';
import { checkoutLinesProblemSchema, checkoutSchema } from '@shared/checkout/checkout.schema';
import {
  quoteAcceptSchema,
  quoteAnswerSchema,
  quoteDeclineSchema,
  quoteListQuerySchema,
  quoteListSchema,
  quoteRatesRequestSchema,
  quoteRequestSchema,
  quoteSchema,
} from '@shared/quotes/quotes.schema';
import { ratesSchema } from '@shared/orders/delivery.schema';
import { sendPage } from '../../infra/keyset';
import { errorResponses, pagedListDescription } from '../../http/openapi';
import { currentUser } from '../../http/auth-guard';
import {
  acceptQuote,
  answerQuote,
  declineQuote,
  getQuote,
  listQuotes,
  quoteShippingRates,
  requestQuote,
} from './quotes.service';

const tags = ['quotes'];

/** Requests for quote, answered by an admin and accepted into a checkout (docs/decisions/026-quotes.md). */
export const quotesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.orderDeps;

  app.post(
    '/quotes',
    {
      config: { auth: 'user', idempotent: true },
      schema: {
        tags,
        summary: 'Ask for prices on products and quantities (quantities may exceed the stock)',
        body: quoteRequestSchema,
        response: { 201: quoteSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req, reply) => reply.status(201).send(await requestQuote(deps, currentUser(req), req.body)),
  );

  app.get(
    '/quotes',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "The caller's quotes (every customer's for an admin), newest first, a page at a time",
        description: pagedListDescription,
        querystring: quoteListQuerySchema,
        response: { 200: quoteListSchema, ...errorResponses(400, 401) },
      },
    },
    async (req, reply) => sendPage(req, reply, await listQuotes(deps.db, currentUser(req), req.query)),
  );

  app.get(
    '/quotes/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'One quote (its customer or an admin)',
        params: idParamsSchema,
        response: { 200: quoteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => getQuote(deps, currentUser(req), req.params.id),
  );

  app.put(
    '/quotes/:id/answer',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary:
          'Price every line of a requested quote and say until when it stands (admin); the customer is mailed',
        params: idParamsSchema,
        body: quoteAnswerSchema,
        response: { 200: quoteSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => answerQuote(deps, currentUser(req), req.params.id, req.body),
  );

  app.put(
    '/quotes/:id/decline',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Decline a requested or quoted quote with a reason (admin); the customer is mailed',
        params: idParamsSchema,
        body: quoteDeclineSchema,
        response: { 200: quoteSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => declineQuote(deps, currentUser(req), req.params.id, req.body),
  );

  app.post(
    '/quotes/:id/shipping-rates',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary:
          'The ways a quoted quote ships to a ZIP (its customer only), priced at the quoted prices with their tax, cheapest total first',
        params: idParamsSchema,
        body: quoteRatesRequestSchema,
        response: { 200: ratesSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => quoteShippingRates(deps, currentUser(req), req.params.id, req.body),
  );

  app.post(
    '/quotes/:id/accept',
    {
      config: { auth: 'user', idempotent: true, invalidates: ['catalogue'] },
      schema: {
        tags,
        summary:
          'Accept a quoted quote (its customer only): one checkout of its lines at the quoted prices, stock reserved (409 names every line short of stock)',
        params: idParamsSchema,
        body: quoteAcceptSchema,
        response: {
          201: checkoutSchema,
          ...errorResponses(400, 401, 403, 404),
          409: z.union([checkoutLinesProblemSchema, errorBodySchema]),
        },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await acceptQuote(deps, currentUser(req), req.params.id, req.body)),
  );
};
