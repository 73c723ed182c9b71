import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import drizzleConfig from '../../../drizzle.config';
import { migrationsDir, rootDir } from '../infra/paths';
import type { Db } from '../infra/db';
import { createTestDatabase, type TestDatabase } from '../test/helper';

// drizzle-kit/api adds enumerable methods to String and Array prototypes. Server test files share a worker's modules
// (isolate: false, docs/decisions/032-test-suite-time.md), and PDF.js, which invoice tests load, refuses an Array
// prototype with enumerable extras: hide them from for…in, as a built-in method would be.
for (const proto of [Array.prototype, String.prototype])
  for (const key of Object.keys(proto)) Object.defineProperty(proto, key, { enumerable: false });

// Three things must agree (docs/decisions/028-migrations-and-snapshots.md): the TS schema, which the code queries;
// the latest drizzle snapshot, which `npm run db:generate` diffs the schema against; and the SQL migrations, which
// make every database. Each test below fails when one of them moves without the others.

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

const metaDir = path.join(migrationsDir, 'meta');
const readJson = async <T>(file: string) => JSON.parse(await readFile(file, 'utf8')) as T;
const journalEntries = async () =>
  (await readJson<{ entries: JournalEntry[] }>(path.join(metaDir, '_journal.json'))).entries;
// drizzle-kit reads the snapshot files in name order and diffs against the last one.
const snapshotFiles = async () => (await readdir(metaDir)).filter((f) => f.endsWith('_snapshot.json')).sort();
const latestSnapshot = async () =>
  readJson<DrizzleSnapshotJSON>(path.join(metaDir, (await snapshotFiles()).at(-1)!));

/**
 * What drizzle does not model and the migrations create by hand, each named in a comment beside its table in the
 * schema. A new trigger or function goes into its migration, that comment and this list.
 */
const HAND_WRITTEN = [
  'extension pg_trgm',
  'function catalogue_search_vector',
  'function invoices_immutable',
  'function next_order_number',
  'function product_search_vector',
  'function product_spec_values',
  'function product_specs_changed',
  'function products_search_vector',
  'function stock_opening_movements',
  'trigger invoices_no_change on invoices',
  'trigger invoices_no_truncate on invoices',
  'trigger product_specs_deleted on product_specs',
  'trigger product_specs_inserted on product_specs',
  'trigger product_specs_updated on product_specs',
  'trigger products_opening_stock on products',
  'trigger products_search_vector on products',
];

describe('migrations journal and snapshots', () => {
  it('list every migration once, numbered and timed for drizzle-kit and the migrator', async () => {
    const entries = await journalEntries();
    const sqlFiles = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql'));
    // A file missing from the journal never runs.
    expect(entries.map((e) => `${e.tag}.sql`).sort()).toEqual(sqlFiles.sort());
    entries.forEach((entry, i) => {
      // drizzle-kit numbers the next migration and its snapshot after the last idx: it must not reuse a number.
      expect(entry.idx, entry.tag).toBe(Number(entry.tag.slice(0, 4)));
      const before = entries[i - 1];
      if (!before) return;
      // The migrator runs only entries whose `when` is above the last applied one's, so an entry stamped below its
      // predecessor never reaches a database that has the predecessor. drizzle-kit stamps the clock, and 0011–0016
      // were stamped by hand ahead of it (0016: 27 Nov 2026 17:20 UTC).
      expect(entry.when, `${entry.tag}'s "when" must be above ${before.tag}'s`).toBeGreaterThan(before.when);
    });
    const last = entries.at(-1)!;
    // Named like `drizzle-kit drop` looks for it, and sorting last so that generate diffs against it.
    expect((await snapshotFiles()).at(-1)).toBe(`${last.tag.slice(0, 4)}_snapshot.json`);
  });

  it('form one chain of snapshots, each naming the one before it', async () => {
    let prevId = '00000000-0000-0000-0000-000000000000';
    for (const file of await snapshotFiles()) {
      const snapshot = await readJson<{ id: string; prevId: string }>(path.join(metaDir, file));
      expect(snapshot.prevId, file).toBe(prevId);
      prevId = snapshot.id;
    }
  });
});

describe('drizzle-kit generate', () => {
  it('writes no migration on this tree: the TS schema is what the latest snapshot says', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-schema-drift-'));
    try {
      const out = path.join(dir, 'migrations');
      await cp(migrationsDir, out, { recursive: true });
      // The project's config pointed at the copy. drizzle-kit reads snapshots relative to its working directory
      // (an absolute `out` breaks it), so it runs inside the copy.
      const schema = [drizzleConfig.schema ?? []].flat().map((p) => path.resolve(rootDir, p));
      await writeFile(
        path.join(dir, 'drizzle.config.json'),
        JSON.stringify({ ...drizzleConfig, schema, out: './migrations' }),
      );
      const output = await run(
        process.execPath,
        [
          path.join(rootDir, 'node_modules/drizzle-kit/bin.cjs'),
          'generate',
          '--config',
          'drizzle.config.json',
        ],
        dir,
      );
      const before = await listFiles(migrationsDir);
      const written = (await listFiles(out)).filter((f) => !before.includes(f));
      const sqlWritten = await Promise.all(
        written
          .filter((f) => f.endsWith('.sql'))
          .map(async (f) => `${f}:\n${await readFile(path.join(out, f), 'utf8')}`),
      );
      expect(
        written,
        `the schema has changes no migration holds; drizzle-kit wrote\n${sqlWritten.join('\n')}`,
      ).toEqual([]);
      // Also fails when drizzle-kit stopped on a question (a rename?) or an error instead of finding nothing.
      expect(output).toContain('No schema changes, nothing to migrate');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('a migrated database', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it('has the tables, columns, keys, checks, indexes and sequences of the latest snapshot, no others', async () => {
    const { db } = testDb.database;
    // The snapshot's tables built from nothing beside the migrated ones, so that PostgreSQL spells both alike.
    const scratch = 'snapshot_check';
    const ddl = await generateMigration(generateDrizzleJson({}), await latestSnapshot());
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`create schema ${scratch}`));
      // public stays on the path for pg_trgm's operator classes.
      await tx.execute(sql.raw(`set local search_path to ${scratch}, public`));
      for (const statement of ddl)
        await tx.execute(sql.raw(statement.replaceAll('"public".', `"${scratch}".`)));
    });
    try {
      expect(
        await describeSchema(db, 'public'),
        'the migrated database (+) against the latest snapshot (-)',
      ).toEqual(await describeSchema(db, scratch));
    } finally {
      await db.execute(sql.raw(`drop schema ${scratch} cascade`));
    }
  });

  it('has, beyond the snapshot, only the hand-written functions, triggers and extensions named', async () => {
    const { rows } = await testDb.database.db.execute<{ name: string }>(sql`
      select 'function ' || p.proname as name
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      union all
      select 'trigger ' || t.tgname || ' on ' || c.relname
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not t.tgisinternal
      union all
      select 'extension ' || e.extname from pg_extension e where e.extname <> 'plpgsql'`);
    expect(rows.map((r) => r.name).sort()).toEqual(HAND_WRITTEN);
  });
});

/** One schema's tables as PostgreSQL describes them, without the schema's name so that two schemas compare. */
async function describeSchema(db: Db, schema: string) {
  const query = async (q: ReturnType<typeof sql>) =>
    Object.fromEntries(
      (await db.execute<{ k: string; v: string }>(q)).rows.map((r) => [
        r.k,
        r.v.replaceAll(`${schema}.`, '').replaceAll('public.', ''),
      ]),
    );
  return {
    columns: await query(sql`
      select c.relname || '.' || a.attname as k,
        format_type(a.atttypid, a.atttypmod)
          || case when a.attnotnull then ' not null' else '' end
          || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '')
          || case when a.attidentity <> '' then ' identity ' || a.attidentity::text else '' end
          || case when a.attgenerated <> '' then ' generated ' || a.attgenerated::text else '' end as v
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where n.nspname = ${schema} and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`),
    constraints: await query(sql`
      select c.relname || '.' || k.conname as k, pg_get_constraintdef(k.oid) as v
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema}`),
    indexes: await query(
      sql`select indexname as k, indexdef as v from pg_indexes where schemaname = ${schema}`,
    ),
    sequences: await query(sql`
      select c.relname as k,
        concat_ws(' ', s.seqtypid::regtype, s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcache, s.seqcycle)
          as v
      from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema}`),
  };
}

/** Every file under `dir`, relative to it. */
async function listFiles(dir: string) {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** Runs a command with no input, so that a question fails at once instead of waiting; answers all it printed. */
function run(command: string, args: string[], cwd: string) {
  return new Promise<string>((resolve, reject) => {
    const child = execFile(command, args, { cwd, timeout: 100_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stdout}\n${stderr}`)) : resolve(`${stdout}\n${stderr}`),
    );
    child.stdin?.end();
  });
}
