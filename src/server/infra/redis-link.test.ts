import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RedisLink } from './redis-link';

/** A connection as the link sees it: a status, `publish`, `disconnect` and the `close` event. */
class FakeConnection extends EventEmitter {
  status = 'ready';
  published = 0;
  disconnects = 0;
  publish() {
    this.published++;
    return Promise.resolve(1);
  }
  disconnect() {
    this.disconnects++;
    this.status = 'reconnecting';
    this.emit('close');
  }
}

const silent = { info() {}, warn() {} } as unknown as FastifyBaseLogger;

describe('RedisLink', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setUp = () => {
    const sub = new FakeConnection();
    const pub = new FakeConnection();
    const onResync = vi.fn();
    const link = new RedisLink(sub as unknown as Redis, pub as unknown as Redis, 'beat', {
      replyMs: 1_000,
      heartbeatMs: 250,
      onResync,
      log: silent,
    });
    return { sub, pub, link, onResync };
  };

  it('is up once the subscription is confirmed; confirming it during start-up forgets nothing', () => {
    const { link, onResync } = setUp();
    expect(link.isUp()).toBe(false);
    link.heard();
    link.startServing();
    expect(link.isUp()).toBe(true);
    expect(onResync).not.toHaveBeenCalled();
    link.close();
  });

  it('after a reconnection: down until a heartbeat comes back on the new subscription, which forgets everything', async () => {
    const { sub, link, onResync } = setUp();
    link.heard();
    link.startServing();
    // The subscription's connection drops and comes back: ready, its SUBSCRIBE sent but not yet taken by Redis.
    sub.emit('close');
    sub.status = 'ready';
    expect(link.isUp()).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(link.isUp()).toBe(false);
    expect(onResync).not.toHaveBeenCalled();
    // The heartbeat comes back: the subscription is live, and what it may have missed is forgotten now.
    link.heard();
    expect(link.isUp()).toBe(true);
    expect(onResync).toHaveBeenCalledTimes(1);
    // Later heartbeats change nothing.
    link.heard();
    expect(onResync).toHaveBeenCalledTimes(1);
    link.close();
  });

  it('a heartbeat unanswered past the bound counts as down: forgets once, drops both connections', async () => {
    const { sub, pub, link, onResync } = setUp();
    link.heard();
    link.startServing();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(link.isUp()).toBe(true);
    expect(pub.published).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(link.isUp()).toBe(false);
    expect(onResync).toHaveBeenCalledTimes(1);
    expect([sub.disconnects, pub.disconnects]).toEqual([1, 1]);
    // Connected again, still silent: connections are dropped again, without forgetting a second time.
    sub.status = pub.status = 'ready';
    await vi.advanceTimersByTimeAsync(1_500);
    expect([sub.disconnects, pub.disconnects]).toEqual([2, 2]);
    expect(onResync).toHaveBeenCalledTimes(1);
    // It answers again: up, and everything forgotten once more.
    sub.status = pub.status = 'ready';
    link.heard();
    expect(link.isUp()).toBe(true);
    expect(onResync).toHaveBeenCalledTimes(2);
    link.close();
  });
});
