import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

const far = new Date(Date.now() + 3_600_000);

describe('SessionCache', () => {
  it('resolves a credential once while it is fresh, and again after the time limit', async () => {
    const cache = new SessionCache<string>(1_000);
    let calls = 0;
    const resolve = async () => ({ value: `user-${++calls}`, expiresAt: far });
    const t0 = Date.now();
    expect(await cache.get('token', resolve, t0)).toBe('user-1');
    expect(await cache.get('token', resolve, t0 + 999)).toBe('user-1');
    expect(await cache.get('token', resolve, t0 + 1_000)).toBe('user-2');
  });

  it('never keeps an answer past the session expiry, nor an unknown credential', async () => {
    const cache = new SessionCache<string>(60_000);
    const t0 = Date.now();
    let calls = 0;
    const expiring = async () => ({ value: `u${++calls}`, expiresAt: new Date(t0 + 100) });
    await cache.get('a', expiring, t0);
    expect(await cache.get('a', expiring, t0 + 100)).toBe('u2');
    let misses = 0;
    const unknown = async () => (misses++, null);
    expect(await cache.get('b', unknown, t0)).toBeNull();
    expect(await cache.get('b', unknown, t0)).toBeNull();
    expect(misses).toBe(2);
  });

  it('drops everything on clear, and does not store a lookup that started before the clear', async () => {
    const cache = new SessionCache<string>(60_000);
    await cache.get('a', async () => ({ value: 'old', expiresAt: far }));
    cache.clear();
    expect(cache.size).toBe(0);
    let release!: () => void;
    const slow = cache.get('a', async () => {
      await new Promise<void>((r) => (release = r));
      return { value: 'read before the sign-out', expiresAt: far };
    });
    await new Promise((r) => setImmediate(r));
    cache.clear();
    release();
    expect(await slow).toBe('read before the sign-out');
    expect(await cache.get('a', async () => ({ value: 'fresh', expiresAt: far }))).toBe('fresh');
  });

  it('keeps at most maxEntries, dropping the oldest; a time limit of 0 keeps nothing', async () => {
    const cache = new SessionCache<string>(60_000, 2);
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => ({ value: k, expiresAt: far }));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => ({ value: 'a again', expiresAt: far }))).toBe('a again');
    const off = new SessionCache<string>(0);
    await off.get('a', async () => ({ value: 'a', expiresAt: far }));
    expect(off.size).toBe(0);
  });
});
