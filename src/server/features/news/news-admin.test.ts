import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/helper';
import { appWithPeople } from '../../test/people';
import type { Client } from '../../test/auth';
import { auditEntries } from '../../test/admin';

let t: TestApp, admin: Client;
beforeAll(async () => {
  [t, admin] = await appWithPeople();
});
afterAll(() => t.close());

const audit = (kind?: string) => auditEntries(t.app, admin, kind);

describe('news administration', () => {
  it('publishes, edits and deletes articles, shown at once on the public API', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/news',
      headers: admin.headers,
      payload: { title: 'Spring sale', body: '<script>alert(1)</script> 20% off.', name: 'Shop Team' },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json()._id;
    expect((await t.app.inject(`/api/news/${id}`)).json()).toMatchObject({
      title: 'Spring sale',
      name: 'Shop Team',
    });
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/news/${id}`,
      headers: admin.headers,
      payload: { title: 'Spring sale extended', body: 'Until May.', name: 'Shop Team' },
    });
    expect(edited.json().title).toBe('Spring sale extended');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/news',
          headers: admin.headers,
          payload: { title: '', body: 'x', name: 'y' },
        })
      ).json().message,
    ).toBe('title: Title is required');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/news/${id}`, headers: admin.headers })).statusCode,
    ).toBe(200);
    expect((await t.app.inject(`/api/news/${id}`)).statusCode).toBe(404);
    const kinds = (await audit()).filter((e) => e.entityId === id).map((e) => e.kind);
    expect(kinds).toEqual(['news.deleted', 'news.edited', 'news.created']);
  });
});
