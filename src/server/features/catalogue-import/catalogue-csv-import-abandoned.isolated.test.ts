import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogueImport } from '@shared/catalogue/catalogue-csv.schema';
import { buildApp } from '../../app';
import { createTestApp, testDbKind, testPasswordHashing, type TestApp } from '../../test/helper';
import { signUpAdmin, type Client } from '../../test/auth';
import { auditEntries } from '../../test/admin';
import { importCsv, uploadCsv } from '../../test/csv-import';
import { importLiveness, importProgress } from './catalogue-csv.progress';
import type * as CsvWrite from './catalogue-csv.write';

// The validation pass can be held inside its first SKU lookup: the import is then running, in this process, until
// the test "kills" it by dropping what a dead process loses (its progress in memory and its heartbeat timer).
const gate = vi.hoisted(() => ({ hold: false, entered: 0 }));
vi.mock('./catalogue-csv.write', async (importOriginal) => {
  const original = await importOriginal<typeof CsvWrite>();
  return {
    ...original,
    findBySku: (...args: Parameters<typeof original.findBySku>) => {
      if (!gate.hold) return original.findBySku(...args);
      gate.entered++;
      return new Promise<never>(() => {});
    },
  };
});

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO: 'true' });
  admin = await signUpAdmin(t.app);
});
afterAll(() => t.close());

const HEADER = 'sku,name,brand,category,price,quantity,minOrder,description,image';
const csv = (prefix: string) =>
  [
    HEADER,
    ...[1, 2, 3].map((n) =>
      [
        `${prefix}-${n}`,
        `Product ${n}`,
        'Toolhouse',
        'air-tools',
        '12.50',
        '5',
        '1',
        'Imported.',
        '/media/products/test.webp',
      ].join(','),
    ),
  ].join('\r\n') + '\r\n';

const getImport = async (id: string) =>
  (
    await t.app.inject({ url: `/api/catalogue/imports/${id}`, headers: admin.headers })
  ).json() as CatalogueImport;
const ageHeartbeat = (id: string, seconds: number) =>
  t.database.db.execute(
    sql`update catalogue_imports set heartbeat_at = now() - make_interval(secs => ${seconds}) where id = ${id}`,
  );
const stored = async (id: string) =>
  (
    await t.database.db.execute<{ status: string; finished: boolean }>(
      sql`select status, finished_at is not null as finished from catalogue_imports where id = ${id}`,
    )
  ).rows[0]!;
const productsOf = async (prefix: string) =>
  (
    await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from products where sku like ${`${prefix}-%`}`,
    )
  ).rows[0]!.n;

/** Starts an import that stays running (held in validation) in this process. */
async function startHeldImport(file: string) {
  gate.hold = true;
  const entered = gate.entered;
  const res = await uploadCsv(t.app, admin, file);
  expect(res.statusCode).toBe(202);
  const id = res.json().importId as string;
  await vi.waitFor(() => expect(gate.entered).toBeGreaterThan(entered));
  gate.hold = false;
  return id;
}

/** A row as a process leaves it when it dies in the write pass (PostgreSQL saves the counts it has not committed). */
const leftWriting = (id: string) =>
  t.database.db.execute(
    sql`update catalogue_imports set status = 'writing', rows = 3, created = 2, updated = 27000 where id = ${id}`,
  );

/** An import row of another process (or instance), with a fresh heartbeat. */
async function importOfAnotherProcess() {
  const { rows } = await t.database.db.execute<{ id: string }>(sql`
    insert into catalogue_imports (actor_id, actor_email, file_name, mode, create_categories, status, total_bytes,
      rows, updated, heartbeat_at)
    values ('someone', 'someone@example.com', 'elsewhere.csv', 'all-or-nothing', false, 'writing', 1000, 10, 8, now())
    returning id`);
  return rows[0]!.id;
}

const heartbeatAge = async (id: string) =>
  (
    await t.database.db.execute<{ age: number }>(
      sql`select extract(epoch from now() - heartbeat_at)::float as age from catalogue_imports where id = ${id}`,
    )
  ).rows[0]!.age;

describe('a running import', () => {
  it('writes a heartbeat when it starts and while it runs, even with no progress to save', async () => {
    const every = importLiveness.heartbeatEveryMs;
    importLiveness.heartbeatEveryMs = 100;
    const id = await startHeldImport(csv('BEAT')).finally(() => (importLiveness.heartbeatEveryMs = every));
    try {
      expect(await heartbeatAge(id)).toBeLessThan(30);
      await ageHeartbeat(id, 600);
      await vi.waitFor(async () => expect(await heartbeatAge(id)).toBeLessThan(30), { timeout: 5000 });
    } finally {
      importProgress.end(id);
    }
  });
});

describe('an import whose process died', () => {
  it('is failed when read, with a reason, a finish time and no claimed rows, audited; the file then imports', async () => {
    const file = csv('DEAD');
    const id = await startHeldImport(file);
    // Running here: an old heartbeat does not fail it (the process is alive, e.g. in PGlite's transaction).
    await ageHeartbeat(id, 600);
    expect((await getImport(id)).status).toBe('validating');

    // The process dies in the write pass: its memory is gone, its row says writing, its heartbeat stops.
    importProgress.end(id);
    await leftWriting(id);
    await ageHeartbeat(id, 61);
    const mailed = () =>
      t.mail.sent.filter(
        (m) => m.to === admin.email && m.subject === 'Catalogue import failed: catalogue.csv',
      );
    const mailedBefore = mailed().length;
    const read = await getImport(id);
    expect(read).toMatchObject({ status: 'failed', created: 0, updated: 0, rows: 3 });
    expect(read.message).toMatch(/no product was changed.*Run it again/);
    expect(read.finishedAt).not.toBeNull();
    expect(await productsOf('DEAD')).toBe(0);
    const audited = (await auditEntries(t.app, admin, 'catalogue.imported')).filter((e) => e.entityId === id);
    expect(audited).toHaveLength(1);
    expect(audited[0]!.after).toMatchObject({ status: 'failed', created: 0, updated: 0 });
    expect((await getImport(id)).finishedAt).toBe(read.finishedAt);
    // Staff hear of it as of any import that ended (decision 034), once however often it is read.
    expect(mailed().length - mailedBefore).toBe(1);

    // Nothing refuses the same file again.
    const again = await importCsv(t.app, admin, file);
    expect(again).toMatchObject({ status: 'done', created: 3, updated: 0 });
    expect(await productsOf('DEAD')).toBe(3);
  });

  it(
    testDbKind === 'postgres'
      ? 'of another instance keeps running while its heartbeat is younger than 60 s, then is failed'
      : 'of another process is failed at once on PGlite, which only one process opens',
    async () => {
      const id = await importOfAnotherProcess();
      if (testDbKind === 'postgres') {
        expect((await getImport(id)).status).toBe('writing');
        await ageHeartbeat(id, 50);
        expect((await getImport(id)).status).toBe('writing');
        await ageHeartbeat(id, 61);
      }
      expect(await getImport(id)).toMatchObject({ status: 'failed', created: 0, updated: 0 });
    },
  );

  it('is failed at start-up, while an import running in this process is not', async () => {
    const dead = await importOfAnotherProcess();
    if (testDbKind === 'postgres') await ageHeartbeat(dead, 61);
    const alive = await startHeldImport(csv('ALIVE'));
    await ageHeartbeat(alive, 600);
    const second = await buildApp(t.config, {
      database: t.database,
      skipMigrations: true,
      mailer: t.mail,
      passwordHashing: testPasswordHashing,
    });
    try {
      await second.ready();
      expect(await stored(dead)).toEqual({ status: 'failed', finished: true });
      expect(await stored(alive)).toEqual({ status: 'validating', finished: false });
    } finally {
      await second.close();
      importProgress.end(alive);
    }
  });
});
