import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { inFlightPlugin, SHUTTING_DOWN_MESSAGE } from './in-flight';

describe('answering unfinished requests at shutdown', () => {
  it('answers a request stuck in its handler with 503 and Retry-After, and leaves finished ones alone', async () => {
    const app = Fastify();
    await app.register(inFlightPlugin);
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    app.get('/stuck', async () => {
      await stuck;
      return { late: true };
    });
    app.get('/quick', async () => ({ quick: true }));
    await app.ready();

    expect((await app.inject('/quick')).statusCode).toBe(200);
    const pending = app.inject('/stuck');
    await new Promise((r) => setTimeout(r, 50));
    expect(app.answerUnfinished()).toBe(1);
    const res = await pending;
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ error: 'unavailable', message: SHUTTING_DOWN_MESSAGE });
    release();
    expect(app.answerUnfinished()).toBe(0);
    await app.close();
  });
});
