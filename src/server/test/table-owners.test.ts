import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema';

/**
 * The ownership map (eslint/table-owners.js) against the schema: every table has exactly one owner, a feature's
 * tables are those declared in its <feature>.schema.ts, and a table's drizzle name is its SQL name in camelCase (how
 * the lint rule tells which table a `.insert(t)` writes).
 */
interface Owners {
  tableOwners: Record<string, string[]>;
  foreignWritesAllowed: { feature: string; table: string }[];
}
const load = async () => (await import(pathToFileURL(path.resolve('eslint/table-owners.js')).href)) as Owners;
const importFile = async (file: string) =>
  (await import(pathToFileURL(file).href)) as Record<string, unknown>;
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const tablesOf = (module: Record<string, unknown>) =>
  Object.entries(module)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, table]) => ({ name, sql: getTableName(table as PgTable) }));

describe('the table ownership map', () => {
  it('names every table of the schema once, under its drizzle name in snake case', async () => {
    const { tableOwners } = await load();
    const tables = tablesOf(schema);
    for (const t of tables) expect(snake(t.name), t.name).toBe(t.sql);
    const owned = Object.values(tableOwners).flat();
    expect(new Set(owned).size).toBe(owned.length);
    expect([...owned].sort()).toEqual(tables.map((t) => t.sql).sort());
  });

  it('gives each feature the tables of its own <feature>.schema.ts, and an allow-list of real foreign writes', async () => {
    const { tableOwners, foreignWritesAllowed } = await load();
    const features = path.resolve('src/server/features');
    // Still declared in src/server/db/ (the catalogue's schemas, which its split moves; idempotency_keys, no feature's).
    const db = path.resolve('src/server/db');
    const inDb = new Set<string>();
    for (const file of readdirSync(db).filter((f) => f.endsWith('-schema.ts')))
      for (const t of tablesOf(await importFile(path.join(db, file)))) inDb.add(t.sql);
    for (const [owner, tables] of Object.entries(tableOwners)) {
      const file = path.join(features, owner, `${owner}.schema.ts`);
      const declared = existsSync(file) ? tablesOf(await importFile(file)).map((t) => t.sql) : [];
      expect([...declared, ...tables.filter((t) => inDb.has(t))].sort(), owner).toEqual([...tables].sort());
    }
    for (const { feature, table } of foreignWritesAllowed) {
      expect(existsSync(path.join(features, feature)), feature).toBe(true);
      const owner = Object.entries(tableOwners).find(([, t]) => t.includes(table))?.[0];
      expect(owner, table).toBeDefined();
      expect(owner, table).not.toBe(feature);
    }
  });
});
