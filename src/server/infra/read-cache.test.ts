import { describe, expect, it } from 'vitest';
import { queryKey, ReadCache } from './read-cache';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('ReadCache', () => {
  it('never keeps an answer whose read started before an invalidation', async () => {
    const cache = new ReadCache();
    const slow = deferred<string[]>();
    const stale = cache.get('catalogue', 'k', () => slow.promise);
    cache.invalidate('catalogue');
    const fresh = cache.get('catalogue', 'k', async () => ['new']);
    slow.resolve(['old']);
    expect(JSON.parse((await stale).identity.toString())).toEqual(['old']);
    expect(JSON.parse((await fresh).identity.toString())).toEqual(['new']);
    const later = await cache.get('catalogue', 'k', async () => ['rebuilt']);
    expect(JSON.parse(later.identity.toString())).toEqual(['new']);
  });

  it('retries after a failed build and keeps scopes apart', async () => {
    const cache = new ReadCache();
    await expect(cache.get('news', 'k', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(JSON.parse((await cache.get('news', 'k', async () => [1])).identity.toString())).toEqual([1]);
    cache.invalidate('catalogue');
    expect(JSON.parse((await cache.get('news', 'k', async () => [2])).identity.toString())).toEqual([1]);
  });

  it('evicts the least recently used entries beyond its limit', async () => {
    const cache = new ReadCache({ maxEntries: 2 });
    await cache.get('catalogue', 'a', async () => 'a');
    await cache.get('catalogue', 'b', async () => 'b');
    await cache.get('catalogue', 'a', async () => 'a2');
    await cache.get('catalogue', 'c', async () => 'c');
    expect(cache.stats('catalogue').entries).toBe(2);
    expect((await cache.get('catalogue', 'a', async () => 'a3')).identity.toString()).toBe('"a"');
    expect((await cache.get('catalogue', 'b', async () => 'b2')).identity.toString()).toBe('"b2"');
  });

  it('keeps answers of a cheap prefix from their second ask, while its condition holds; others at once', async () => {
    const cache = new ReadCache();
    let cheap = true;
    cache.keepFromSecondAsk('search:', () => cheap);
    const text = async (key: string, value: string) =>
      (await cache.get('catalogue', key, async () => value)).identity.toString();
    // Concurrent callers of a first ask share its one build, which is then not kept.
    const first = deferred<string>();
    const a = cache.get('catalogue', 'search:a', () => first.promise);
    const b = cache.get('catalogue', 'search:a', async () => 'never');
    first.resolve('a1');
    expect([(await a).identity.toString(), (await b).identity.toString()]).toEqual(['"a1"', '"a1"']);
    expect(cache.stats('catalogue').entries).toBe(0);
    expect(await text('search:a', 'a2')).toBe('"a2"');
    expect(await text('search:a', 'a3')).toBe('"a2"');
    // Other keys are kept from the first ask; so are the prefix's while the condition is false.
    expect(await text('product:x', 'x1')).toBe('"x1"');
    expect(await text('product:x', 'x2')).toBe('"x1"');
    cheap = false;
    expect(await text('search:b', 'b1')).toBe('"b1"');
    expect(await text('search:b', 'b2')).toBe('"b1"');
  });

  it('serializes a long list slice by slice into the same JSON as one stringify', async () => {
    const cache = new ReadCache();
    const items = Array.from({ length: 1234 }, (_, i) => ({ i, s: `x"${i}` }));
    const body = await cache.get('catalogue', 'long', async () => items);
    expect(body.identity.toString()).toBe(JSON.stringify(items));
  });

  it('keys parsed queries by their content, not their order', () => {
    expect(queryKey('search', { q: 'pump', page: 2, spec: { b: 1, a: 2 } })).toBe(
      queryKey('search', { spec: { a: 2, b: 1 }, page: 2, q: 'pump', sort: undefined }),
    );
    expect(queryKey('search', { q: 'pump' })).not.toBe(queryKey('search', { q: 'pumps' }));
  });
});
