import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsItemSchema, newsListSchema } from '@shared/news/news.schema';
import { createTestApp, type TestApp } from '../../test/helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/news', () => {
  it('lists the seeded articles newest first, with _id, title, body and author name', async () => {
    const res = await t.app.inject('/api/news');
    expect(res.statusCode).toBe(200);
    const list = newsListSchema.parse(res.json());
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list.filter((n) => n.body.length > 200).length).toBeGreaterThanOrEqual(2);
    const dates = list.map((n) => Date.parse(n.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const n of list) expect(n.name.length).toBeGreaterThan(0);
  });
});

describe('GET /api/news/:id', () => {
  it('returns one article', async () => {
    const [first] = newsListSchema.parse((await t.app.inject('/api/news')).json());
    const res = await t.app.inject(`/api/news/${first!._id}`);
    expect(res.statusCode).toBe(200);
    expect(newsItemSchema.parse(res.json())).toEqual(first);
  });

  it('answers 404 with the error body for an unknown id', async () => {
    const res = await t.app.inject('/api/news/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'News article not found' });
  });

  it('answers 400 naming the field for a malformed id', async () => {
    const res = await t.app.inject('/api/news/not-an-id');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: 'id: must be a valid id', field: 'id' });
  });
});
