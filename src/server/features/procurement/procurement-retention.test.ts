// The document log's retention sweep, on a fake clock (EVENT_RETENTION_DAYS, docs/decisions/063-punchout.md).
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { procurementDocuments } from '../../db/schema';
import { retentionCutoff } from '../../infra/retention';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { apiCaller } from '../../test/companies';
import { createTestApp, type TestApp } from '../../test/helper';
import { pruneDocuments } from './procurement.retention';

let t: TestApp;
let admin: Client;
let company: string;
let connectionId: string;
const call = apiCaller(() => t.app);
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'false' });
  admin = await signUpAdmin(t.app);
  const owner = await signUp(t.app, { name: 'Olga Owner', verified: true });
  company = (await call(owner, 'POST', '/companies', { name: 'Keep Co', taxId: '12-3456780' })).json()._id;
  const created = await call(admin, 'POST', `/companies/${company}/procurement/connections`, {
    protocol: 'oci',
    systemName: 'SAP SRM',
    ociUsername: `sap-keep-${Date.now()}`,
    defaultMemberEmail: owner.email,
  });
  expect(created.statusCode, created.body).toBe(201);
  connectionId = created.json()._id;
}, 180_000);
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** The sweep as the hourly job runs it: the cutoff from the clock, 90 days (the default) before it. */
const sweep = () => pruneDocuments(t.app.database.db, retentionCutoff(t.app.config.eventRetentionDays));
const at = (ms: number) => {
  // Only Date: the database and the app's timers keep running.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
};

describe('document log retention', () => {
  it('after the retention empties old bodies, keeps their summary, drops old setups, spares pending ones', async () => {
    expect(t.app.config.eventRetentionDays).toBe(90);
    const doc = (docType: string, direction: 'in' | 'out', status: string) => ({
      connectionId,
      docType,
      direction,
      status,
      answerCode: 200,
      answer: '<cXML>answer</cXML>',
      body: `<cXML>${docType}</cXML>`,
    });
    const rows = await t.app.database.db
      .insert(procurementDocuments)
      .values([
        doc('PunchOutSetupRequest', 'in', 'accepted'),
        doc('OrderRequest', 'in', 'accepted'),
        doc('ConfirmationRequest', 'out', 'sent'),
        doc('ShipNoticeRequest', 'out', 'pending'),
      ])
      .returning();
    const [setup, order, confirmation, pending] = rows.map((r) => r.id);
    const read = async () =>
      new Map((await t.app.database.db.select().from(procurementDocuments)).map((r) => [r.id, r]));

    expect(await sweep()).toBe(0);
    at(89 * DAY);
    expect(await sweep()).toBe(0);
    expect((await read()).get(order!)!.body).toBe('<cXML>OrderRequest</cXML>');

    at(91 * DAY);
    expect(await sweep()).toBeGreaterThan(0);
    const after = await read();
    expect(after.has(setup!)).toBe(false);
    for (const id of [order!, confirmation!])
      expect(after.get(id)).toMatchObject({
        body: '',
        answer: null,
        answerCode: 200,
        status: expect.any(String),
      });
    expect(after.get(order!)!.prunedAt).toBeInstanceOf(Date);
    expect(after.get(pending!)).toMatchObject({ body: '<cXML>ShipNoticeRequest</cXML>', prunedAt: null });
    // Once is enough: a second sweep changes nothing.
    expect(await sweep()).toBe(0);
    vi.useRealTimers();

    // The log still lists them, saying their content went; a pruned document cannot be resent.
    const list = await call(admin, 'GET', `/companies/${company}/procurement/documents?limit=100`);
    const listed = new Map(
      (list.json() as { _id: string; prunedAt: string | null; body: string }[]).map((d) => [d._id, d]),
    );
    expect(listed.get(confirmation!)).toMatchObject({ body: '', prunedAt: expect.any(String) });
    expect(listed.get(pending!)!.prunedAt).toBe(null);
    const resend = await call(
      admin,
      'POST',
      `/companies/${company}/procurement/documents/${confirmation}/resend`,
    );
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe(
      'This document is older than the log keeps documents whole: it cannot be resent.',
    );
    await t.app.database.db
      .delete(procurementDocuments)
      .where(eq(procurementDocuments.connectionId, connectionId));
  });
});
