import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../infra/mail';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { instancesOnOneDatabase } from '../../test/instances';
import { makeProduct } from '../../test/shop';
import { sendServiceReminders } from './index';

// PostgreSQL only (see vitest.config.ts): two instances sweeping at the same moment, then a restarted one, mail a
// due service exactly once; the next interval (after a recorded service) is mailed once again.
const { instance } = instancesOnOneDatabase();

const sentBy = (app: FastifyInstance) =>
  (app.mailer as unknown as { sent: MailMessage[] }).sent.filter((m) => m.subject.startsWith('Service due'));
const depsOf = (app: FastifyInstance) => ({
  db: app.database.db,
  mailer: app.mailer,
  shopName: 'Toolhouse',
  baseUrl: 'http://shop.test',
  leadDays: 14,
});

describe('service reminders across instances', () => {
  let a: FastifyInstance, b: FastifyInstance, buyer: Client, machineId: string, itemId: string;
  beforeAll(async () => {
    a = await instance();
    b = await instance();
    const admin = await signUpAdmin(a);
    buyer = await signUp(a, { verified: true });
    const kit = await makeProduct(a, { name: 'Oil kit' });
    const model = await a.inject({
      method: 'POST',
      url: '/api/equipment/models',
      headers: admin.headers,
      payload: { name: 'SC-22' },
    });
    const item = await a.inject({
      method: 'POST',
      url: `/api/equipment/models/${model.json().id}/plan`,
      headers: admin.headers,
      payload: { productId: kit.id, everyMonths: 6 },
    });
    itemId = item.json().insertedId;
    const machine = await a.inject({
      method: 'POST',
      url: '/api/equipment/machines',
      headers: buyer.headers,
      payload: { modelId: model.json().id, serial: 'B100', installedOn: '2026-06-10', hoursPerWeek: 0 },
    });
    machineId = machine.json().id;
  });

  it('mails once per interval under two instances and a restart (fake clock)', async () => {
    // Due 2026-12-10: inside the 14-day window on 2026-12-01, not on 2026-11-20.
    await Promise.all(
      [a, b].map((app) => sendServiceReminders(depsOf(app), new Date('2026-11-20T00:00:00Z'))),
    );
    expect([...sentBy(a), ...sentBy(b)]).toHaveLength(0);
    const now = new Date('2026-12-01T00:00:00Z');
    await Promise.all([
      sendServiceReminders(depsOf(a), now),
      sendServiceReminders(depsOf(b), now),
      sendServiceReminders(depsOf(a), now),
    ]);
    expect([...sentBy(a), ...sentBy(b)].map((m) => m.to)).toEqual([buyer.email]);
    const restarted = await instance();
    await sendServiceReminders(depsOf(restarted), new Date('2026-12-02T00:00:00Z'));
    expect(sentBy(restarted)).toHaveLength(0);

    const done = await b.inject({
      method: 'POST',
      url: `/api/equipment/machines/${machineId}/services`,
      headers: buyer.headers,
      payload: { planItemId: itemId, doneOn: '2026-12-05' },
    });
    expect(done.statusCode, done.body).toBe(200);
    // The next interval: due 2027-06-05. The first interval's mail went out from a or b, whichever won the race.
    await Promise.all(
      [b, restarted].map((app) => sendServiceReminders(depsOf(app), new Date('2027-05-30T00:00:00Z'))),
    );
    expect([...sentBy(a), ...sentBy(b), ...sentBy(restarted)]).toHaveLength(2);
    expect([...sentBy(b), ...sentBy(restarted)].at(-1)?.to).toBe(buyer.email);
  });
});
