import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { contractPrices } from './pricing.service';
import { centsToDollars } from '@shared/common/money';

type Card = { _id: string; contractPrice?: number | null; contractPriceCents?: number | null };

/**
 * A catalogue read with the caller's contract prices (docs/decisions/039-trade-accounts.md, "Contract prices").
 * The shared read cache holds the one answer every caller gets, without contract prices; an anonymous caller is
 * answered from it as before (early answers included). A signed-in caller gets that same cached body with
 * `contractPrice` added to each product for them, read now (their membership too), and `private, no-store`: no
 * cache, ours or a proxy's, ever hands one company's prices to anyone else.
 */
export async function replyWithContractPrices<T>(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  key: string,
  load: () => Promise<T>,
  cards: (body: T) => Card[],
  cacheControl?: string,
) {
  if (!req.user) return app.readCache.reply(req, reply, 'catalogue', key, load, cacheControl);
  const cached = await app.readCache.cache.get('catalogue', key, load);
  const body = JSON.parse(cached.identity.toString('utf8')) as T;
  const all = cards(body);
  const prices = await contractPrices(
    app.database.db,
    req.user.id,
    all.map((c) => c._id),
  );
  // No contract price for this caller: the shared answer as before (ETag, 304), the field absent.
  if (prices.size === 0) return app.readCache.reply(req, reply, 'catalogue', key, load, cacheControl);
  for (const c of all) {
    const cents = prices.get(c._id);
    c.contractPrice = cents === undefined ? null : centsToDollars(cents);
    c.contractPriceCents = cents ?? null;
  }
  reply.header('cache-control', 'private, no-store');
  return body;
}
