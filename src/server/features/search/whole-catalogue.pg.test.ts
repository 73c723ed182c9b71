import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin, type Client } from '../../test/auth';
import { search } from '../../test/catalogue';
import { instancesOnOneDatabase, within } from '../../test/instances';
import { makeProduct } from '../../test/shop';

// PostgreSQL only: the plain catalogue's memoized count and facets (decision 057) follow a change made through
// another instance, told by the same announcements as the read cache.
const { instance } = instancesOnOneDatabase();

describe('the whole catalogue’s count and facets across two instances', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: Client;
  beforeAll(async () => {
    a = await instance();
    b = await instance();
    admin = await signUpAdmin(a);
  });

  const total = async (app: FastifyInstance, params: Record<string, string>) =>
    (await search(app, params)).total;
  const cards = { sort: 'relevance', page: '1', pageSize: '24', facets: 'false' };
  const facets = { pageSize: '1' };

  it('a product added, then archived, through one instance is counted by the other within a second', async () => {
    const before = await total(b, facets);
    expect(await total(b, cards)).toBe(before);
    const product = await makeProduct(a, { quantity: 0 });
    await within(1000, async () => (await total(b, facets)) === before + 1);
    await within(1000, async () => (await total(b, cards)) === before + 1);
    expect((await search(b, facets)).facets!.inStock.outOfStock).toBeGreaterThanOrEqual(1);

    const del = await a.inject({
      method: 'DELETE',
      url: `/api/product/${product.id}`,
      headers: admin.headers,
    });
    expect(del.statusCode).toBeLessThan(300);
    await within(1000, async () => (await total(b, facets)) === before);
    await within(1000, async () => (await total(b, cards)) === before);
  });
});
