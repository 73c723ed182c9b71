// Both databases: issue #22 asks for its tax and exemption rules to be proven on both.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exemptionVerifyFirst, MAX_PENDING_EXEMPTIONS, todayUtc } from '@shared/tax/tax-exemptions.schema';
import { taxExemptions, user } from '../../db/schema';
import { auditEntries } from '../../test/admin';
import { signUp, signUpAdmin, type Client } from '../../test/auth';
import { createTestApp, type TestApp } from '../../test/helper';
import { makePdf } from '../../test/pdf';
import { activeExemption } from './index';

// Tax exemption certificates (decision 037): uploaded by the customer, decided once by an admin, mailed and audited.
const OPS = 'tax-ops@example.com';
let t: TestApp;
let admin: Client;
let alice: Client;
let bob: Client;
let pdf: Buffer;

const dayFromToday = (days: number) => todayUtc(new Date(Date.now() + days * 86_400_000));
const nextYear = dayFromToday(365);

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'false', STAFF_EMAILS: OPS });
  admin = await signUpAdmin(t.app);
  alice = await signUp(t.app, { name: 'Alice Buyer', verified: true });
  bob = await signUp(t.app, { name: 'Bob Other', verified: true });
  pdf = await makePdf('Resale certificate');
});
afterAll(() => t.close());

type Fields = Record<string, string | string[]>;

/** A multipart body as a browser's FormData sends it: the text fields, then the file. */
function multipart(fields: Fields, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = '----taxboundary9f8e7d6c5b4a';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    for (const v of [value].flat())
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`),
      );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const validFields = (over: Fields = {}): Fields => ({
  number: 'RC-1001',
  states: ['TX', 'CA'],
  expiresOn: nextYear,
  ...over,
});

function upload(
  client: Client,
  {
    email = client.email,
    fields = validFields(),
    bytes = pdf,
    name = 'Resale cert.pdf',
    type = 'application/pdf',
  } = {},
) {
  const body = multipart(fields, { name, type, bytes });
  return t.app.inject({
    method: 'POST',
    url: `/api/tax-exemptions/${email}`,
    headers: { ...client.headers, ...body.headers },
    payload: body.payload,
  });
}

const decide = (client: Client, id: string, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/tax-exemptions/${id}/decision`,
    headers: client.headers,
    payload: body as Record<string, unknown>,
  });

const userId = async (email: string) =>
  (await t.app.database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

describe('uploading a certificate', () => {
  it('needs a verified address: 403 with a clear message, nothing stored, nobody mailed (issue 39, item 7)', async () => {
    const unverified = await signUp(t.app, { name: 'Una Unverified' });
    const mailsBefore = t.mail.sent.length;
    const res = await upload(unverified);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ error: 'forbidden', message: exemptionVerifyFirst });
    expect(t.mail.sent.slice(mailsBefore).filter((m) => m.subject.startsWith('Tax exemption'))).toEqual([]);
    const listed = await t.app.inject({
      url: `/api/tax-exemptions/${unverified.email}`,
      headers: unverified.headers,
    });
    expect(listed.json()).toEqual([]);
  });

  it('stores a pending certificate, lists it for its customer, serves the PDF to them and an admin, and mails staff', async () => {
    const res = await upload(alice, { fields: validFields({ states: 'tx, ca' }) });
    expect(res.statusCode, res.body).toBe(201);
    const cert = res.json();
    expect(cert).toMatchObject({
      email: alice.email,
      name: 'Alice Buyer',
      number: 'RC-1001',
      states: ['TX', 'CA'],
      expiresOn: nextYear,
      fileName: 'Resale cert.pdf',
      status: 'pending',
      reason: null,
      decidedAt: null,
      fileUrl: `/api/tax-exemptions/${cert._id}/file`,
    });

    const mine = await t.app.inject({ url: `/api/tax-exemptions/${alice.email}`, headers: alice.headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([cert]);
    expect(mine.headers['x-total-count']).toBe('1');

    for (const client of [alice, admin]) {
      const file = await t.app.inject({ url: cert.fileUrl, headers: client.headers });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.rawPayload.equals(pdf)).toBe(true);
    }
    expect((await t.app.inject({ url: cert.fileUrl, headers: bob.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: cert.fileUrl })).statusCode).toBe(401);

    // The PDF is in the media store but /media does not serve it: only the route above, to its owner or an admin.
    const [row] = await t.app.database.db.select().from(taxExemptions).where(eq(taxExemptions.id, cert._id));
    expect(row!.fileKey).toMatch(/^tax-exemptions\/[0-9a-f]{24}\.pdf$/);
    expect((await t.app.inject({ url: `/media/${row!.fileKey}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/media/Tax-Exemptions/${row!.fileKey.split('/')[1]}` })).statusCode,
    ).toBe(404);

    const staff = t.mail.sent.filter((m) => m.subject.startsWith('Tax exemption certificate to review'));
    expect(staff.map((m) => m.to.toLowerCase())).toEqual(
      expect.arrayContaining([OPS, admin.email.toLowerCase()]),
    );
    expect(staff[0]!.text).toContain('RC-1001');
  });

  it('refuses what is not a PDF by its bytes: 400 naming file', async () => {
    for (const bytes of [Buffer.from('<html>not a pdf</html>'), Buffer.from('%PDF-1.7\njunk\n%%EOF')]) {
      const res = await upload(alice, { bytes });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ field: 'file', message: 'file: must be a PDF document' });
    }
  });

  it('refuses a file over 10 MB: 413', async () => {
    const res = await upload(alice, { bytes: Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024, 0x20)]) });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().field).toBe('file');
  });

  it('refuses bad fields with a 400 naming each', async () => {
    const cases: [Fields, string][] = [
      [validFields({ expiresOn: todayUtc() }), 'expiresOn'],
      [validFields({ expiresOn: dayFromToday(-3) }), 'expiresOn'],
      [validFields({ expiresOn: 'next year' }), 'expiresOn'],
      [validFields({ states: ['TX', 'ZZ'] }), 'states'],
      [validFields({ states: 'PR' }), 'states'],
      [validFields({ states: ['TX', 'TX'] }), 'states'],
      [{ number: 'RC-1', expiresOn: nextYear }, 'states'],
      [validFields({ number: '   ' }), 'number'],
    ];
    for (const [fields, field] of cases) {
      const res = await upload(alice, { fields });
      expect(res.statusCode, `${JSON.stringify(fields)} ${res.body}`).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const res = await upload(alice, { fields: validFields({ states: ['TX', 'ZZ'] }) });
    expect(res.json().message).toContain('ZZ');
    const noFile = multipart(validFields());
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/tax-exemptions/${alice.email}`,
      headers: { ...alice.headers, ...noFile.headers },
      payload: noFile.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().field).toBe('file');
  });

  it("is the customer's own: another customer's is 403 both ways; an admin may upload and list for them", async () => {
    expect((await upload(bob, { email: alice.email })).statusCode).toBe(403);
    const list = await t.app.inject({ url: `/api/tax-exemptions/${alice.email}`, headers: bob.headers });
    expect(list.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/tax-exemptions/${alice.email}` })).statusCode).toBe(401);
    const byAdmin = await upload(admin, { email: bob.email, fields: validFields({ number: 'BOB-7' }) });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json()).toMatchObject({ email: bob.email, number: 'BOB-7', status: 'pending' });
    const bobs = await t.app.inject({ url: `/api/tax-exemptions/${bob.email}`, headers: admin.headers });
    expect(bobs.json().map((c: { number: string }) => c.number)).toEqual(['BOB-7']);
    expect((await upload(admin, { email: 'nobody-here@example.com' })).statusCode).toBe(404);
    // Admins only: the review list and the decision.
    expect((await t.app.inject({ url: '/api/tax-exemptions', headers: alice.headers })).statusCode).toBe(403);
    expect((await decide(alice, byAdmin.json()._id, { decision: 'approve' })).statusCode).toBe(403);
  });

  it(`holds at most ${MAX_PENDING_EXEMPTIONS} certificates waiting for review per customer: 409 for one more`, async () => {
    const dave = await signUp(t.app, { name: 'Dave Many', verified: true });
    const results = await Promise.all(
      Array.from({ length: MAX_PENDING_EXEMPTIONS + 2 }, (_, i) =>
        upload(dave, { fields: validFields({ number: `MANY-${i}` }) }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(MAX_PENDING_EXEMPTIONS);
    expect(codes.filter((c) => c === 409)).toHaveLength(2);
    // A decision makes room again.
    const first = results.find((r) => r.statusCode === 201)!.json();
    expect((await decide(admin, first._id, { decision: 'reject', reason: 'Duplicate.' })).statusCode).toBe(
      200,
    );
    expect((await upload(dave, { fields: validFields({ number: 'MANY-again' }) })).statusCode).toBe(201);
  });
});

describe('the admin review', () => {
  it('lists pending certificates newest first, a page at a time', async () => {
    const a = (await upload(alice, { fields: validFields({ number: 'PAGE-1' }) })).json();
    const b = (await upload(alice, { fields: validFields({ number: 'PAGE-2' }) })).json();
    const first = await t.app.inject({
      url: '/api/tax-exemptions?status=pending&limit=1',
      headers: admin.headers,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().map((c: { _id: string }) => c._id)).toEqual([b._id]);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBeTruthy();
    const second = await t.app.inject({
      url: `/api/tax-exemptions?status=pending&limit=1&cursor=${cursor}`,
      headers: admin.headers,
    });
    expect(second.json().map((c: { _id: string }) => c._id)).toEqual([a._id]);
    expect(Number(first.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    const bad = await t.app.inject({ url: '/api/tax-exemptions?status=lost', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('status');
  });

  it('approves: the customer is mailed, the decision audited, a second decision is 409', async () => {
    const cert = (await upload(alice, { fields: validFields({ number: 'OK-1', states: ['NY'] }) })).json();
    const res = await decide(admin, cert._id, { decision: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', reason: null });
    expect(res.json().decidedAt).toBeTruthy();
    const mail = t.mail.sent.filter((m) => m.to === alice.email && m.subject.includes('was approved'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('OK-1');
    const audit = (await auditEntries(t.app, admin, 'tax_exemption.approved')).find(
      (e) => e.entityId === cert._id,
    );
    expect(audit).toMatchObject({ actorEmail: admin.email, after: { status: 'approved', number: 'OK-1' } });

    const again = await decide(admin, cert._id, { decision: 'reject', reason: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect((await decide(admin, cert._id, { decision: 'approve' })).statusCode).toBe(409);
    const pending = await t.app.inject({ url: '/api/tax-exemptions?status=pending', headers: admin.headers });
    expect(pending.json().some((c: { _id: string }) => c._id === cert._id)).toBe(false);
  });

  it('rejects only with a reason, which the customer reads in the list and the mail; audited', async () => {
    const cert = (await upload(alice, { fields: validFields({ number: 'NO-1' }) })).json();
    for (const body of [{ decision: 'reject' }, { decision: 'reject', reason: '  ' }]) {
      const res = await decide(admin, cert._id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('reason');
    }
    const badDecision = await decide(admin, cert._id, { decision: 'maybe' });
    expect(badDecision.json().field).toBe('decision');
    const res = await decide(admin, cert._id, {
      decision: 'reject',
      reason: 'The certificate is not signed.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', reason: 'The certificate is not signed.' });
    const mail = t.mail.sent.filter((m) => m.to === alice.email && m.subject.includes('was rejected'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('The certificate is not signed.');
    const audit = (await auditEntries(t.app, admin, 'tax_exemption.rejected')).find(
      (e) => e.entityId === cert._id,
    );
    expect(audit).toMatchObject({ after: { status: 'rejected', reason: 'The certificate is not signed.' } });
    const mine = await t.app.inject({ url: `/api/tax-exemptions/${alice.email}`, headers: alice.headers });
    expect(mine.json().find((c: { _id: string }) => c._id === cert._id)).toMatchObject({
      status: 'rejected',
    });
    expect((await decide(admin, cert._id, { decision: 'approve' })).statusCode).toBe(409);
    const unknown = await decide(admin, '00000000-0000-4000-8000-000000000000', { decision: 'approve' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('activeExemption', () => {
  it('answers the number of an approved, unexpired certificate covering the state, else null', async () => {
    const carol = await signUp(t.app, { name: 'Carol Checks', verified: true });
    const id = await userId(carol.email);
    const make = async (number: string, states: string[], status: 'pending' | 'approved' | 'rejected') => {
      const cert = (await upload(carol, { fields: validFields({ number, states }) })).json();
      if (status !== 'pending')
        await decide(
          admin,
          cert._id,
          status === 'approved' ? { decision: 'approve' } : { decision: 'reject', reason: 'No.' },
        );
      return cert._id as string;
    };
    const approved = await make('OK-TX', ['TX', 'OK'], 'approved');
    await make('PEND-CA', ['CA'], 'pending');
    await make('REJ-NV', ['NV'], 'rejected');
    // An approved certificate that has since expired (its expiry was in the future when it was uploaded).
    const expired = await make('OLD-WA', ['WA'], 'approved');
    await t.app.database.db
      .update(taxExemptions)
      .set({ expiresOn: dayFromToday(-1) })
      .where(eq(taxExemptions.id, expired));

    const db = t.app.database.db;
    const today = todayUtc();
    expect(await activeExemption(db, id, 'TX', today)).toBe('OK-TX');
    expect(await activeExemption(db, id, 'OK', today)).toBe('OK-TX');
    expect(await activeExemption(db, id, 'tx', today)).toBe('OK-TX');
    expect(await activeExemption(db, id, 'CA', today)).toBeNull(); // pending
    expect(await activeExemption(db, id, 'NV', today)).toBeNull(); // rejected
    expect(await activeExemption(db, id, 'WA', today)).toBeNull(); // expired
    expect(await activeExemption(db, id, 'NY', today)).toBeNull(); // another state
    expect(await activeExemption(db, await userId(bob.email), 'TX', today)).toBeNull(); // another customer
    // It holds through its expiry day, not after.
    const [row] = await db.select().from(taxExemptions).where(eq(taxExemptions.id, approved));
    expect(await activeExemption(db, id, 'TX', row!.expiresOn)).toBe('OK-TX');
    expect(await activeExemption(db, id, 'WA', dayFromToday(-2))).toBe('OLD-WA');
    expect(
      await activeExemption(
        db,
        id,
        'TX',
        todayUtc(new Date(Date.parse(`${row!.expiresOn}T00:00:00Z`) + 86_400_000)),
      ),
    ).toBeNull();
  });
});
