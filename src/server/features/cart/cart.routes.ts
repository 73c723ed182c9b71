import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_QUICK_ORDER_BYTES } from '@shared/cart/cart.schema';
import { cartContract as calls } from '@shared/cart/cart.contract';
import { AppError, fieldError } from '../../infra/errors';
import { contractRoute } from '../../http/contract-route';
import { currentUser } from '../../http/auth-guard';
import { quickOrder } from './cart.quick-order';
import { reorderCheckout, reorderOrder } from './cart.reorder';
import {
  addToCart,
  cartOwner,
  emptyCart,
  priceLine,
  readCart,
  removeCartLine,
  setCartLine,
} from './cart.service';

const tags = ['cart'];

/** The uploaded CSV as text, refused past the size limit or when it is not text. */
async function receiveCsv(req: FastifyRequest): Promise<string> {
  const file = await req.file().catch(() => undefined);
  if (!file || file.fieldname !== 'file') throw fieldError('bad_request', 'file', 'a CSV file is required');
  const bytes = await file.toBuffer().catch((err: { code?: string }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(
        'payload_too_large',
        `file: must be at most ${MAX_QUICK_ORDER_BYTES / 1024} kB`,
        'file',
      );
    throw fieldError('bad_request', 'file', 'the upload could not be read');
  });
  const text = bytes.toString('utf8');
  if (text.includes('\u0000')) throw fieldError('bad_request', 'file', 'must be a CSV text file');
  return text;
}

/** The customer's cart, quick order and "order again" (docs/decisions/023-cart.md). */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  await app.register(multipart, {
    limits: { fileSize: MAX_QUICK_ORDER_BYTES, files: 1, fields: 0, parts: 1 },
  });

  app.route({
    ...contractRoute(calls.cart, {
      tags,
      summary: "The customer's cart, priced now (self, or an admin reading a customer's)",
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user' },
    handler: async (req) => readCart(db, await cartOwner(db, currentUser(req), req.params.email, false)),
  });

  app.route({
    ...contractRoute(calls.addLine, {
      tags,
      summary:
        "Add a product to the caller's cart (to its line when there is one); the rules are checked now",
      errors: [400, 401, 403, 404, 409],
    }),
    config: { auth: 'user', idempotent: true },
    handler: async (req) =>
      addToCart(db, await cartOwner(db, currentUser(req), req.params.email, true), req.body),
  });

  app.route({
    ...contractRoute(calls.setLine, {
      tags,
      summary: "Set the quantity of a product in the caller's cart; the rules are checked now",
      errors: [400, 401, 403, 404, 409],
    }),
    config: { auth: 'user' },
    handler: async (req) => {
      const owner = await cartOwner(db, currentUser(req), req.params.email, true);
      return setCartLine(db, owner, req.params.productId, req.body.quantity);
    },
  });

  app.route({
    ...contractRoute(calls.removeLine, {
      tags,
      summary: "Remove a product from the caller's cart",
      errors: [400, 401, 403],
    }),
    config: { auth: 'user' },
    handler: async (req) => {
      const owner = await cartOwner(db, currentUser(req), req.params.email, true);
      return removeCartLine(db, owner, req.params.productId);
    },
  });

  app.route({
    ...contractRoute(calls.empty, { tags, summary: "Empty the caller's cart", errors: [400, 401, 403] }),
    config: { auth: 'user' },
    handler: async (req) => emptyCart(db, await cartOwner(db, currentUser(req), req.params.email, true)),
  });

  app.route({
    ...contractRoute(calls.quickOrder, {
      tags,
      summary:
        'Check `SKU, quantity` lines (JSON `text`, or a CSV as multipart field `file`) and add those that pass',
      description:
        'Each line is reported: unknown SKU, below the minimum, not whole packs, above stock, no longer sold. ' +
        'With `dryRun` (in the body, or `?dryRun=true` with an upload) nothing is added.',
      consumes: ['application/json', 'multipart/form-data'],
      errors: [400, 401, 403, 413],
    }),
    config: { auth: 'user', idempotent: true },
    handler: async (req) => {
      const owner = await cartOwner(db, currentUser(req), req.params.email, true);
      const upload = req.isMultipart();
      if (!upload && !req.body) throw fieldError('bad_request', 'text', 'is required');
      const text = upload ? await receiveCsv(req) : req.body!.text;
      const dryRun = req.body?.dryRun ?? req.query.dryRun ?? false;
      return quickOrder(db, owner, { text, field: upload ? 'file' : 'text', dryRun });
    },
  });

  app.route({
    ...contractRoute(calls.priceLine, {
      tags,
      summary:
        "Price a quantity of a product as the caller's cart would (unit price, line total, savings by source), without adding it",
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user', self: { param: 'email', message: 'You can only price your own order.' } },
    handler: async (req) => priceLine(db, currentUser(req).id, req.body),
  });

  app.route({
    ...contractRoute(calls.reorderOrder, {
      tags,
      summary:
        "Order again: put this order's product in the caller's cart at today's price, saying what changed",
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user', idempotent: true },
    handler: async (req) => reorderOrder(db, currentUser(req), req.params.id),
  });

  app.route({
    ...contractRoute(calls.reorderCheckout, {
      tags,
      summary: "Order again: put every line of this checkout in the caller's cart at today's prices",
      errors: [400, 401, 403, 404],
    }),
    config: { auth: 'user', idempotent: true },
    handler: async (req) => reorderCheckout(db, currentUser(req), req.params.id),
  });
};
