import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../infra/db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** server:pglite: a file holding a migrated PGlite data folder, which each test file opens a copy of. */
    pgliteTemplate: string;
    /** server:postgres: a migrated database each test file's database is created from (`CREATE DATABASE … TEMPLATE`). */
    postgresTemplate: string;
  }
}

/**
 * Migrates once per run instead of once per test file: every file still gets a database of its own, copied from
 * this template, so isolation is unchanged while initdb and the migrations run one time.
 */
export default async function setup(project: TestProject) {
  if (project.name.startsWith('server:postgres')) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('server:postgres needs TEST_DATABASE_URL');
    const name = `shop_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    await adminQuery(adminUrl, `create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    project.provide('postgresTemplate', name);
    return () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-pglite-template-'));
  const file = path.join(dir, 'template.tar');
  const database = await openDatabase({});
  try {
    await database.migrate();
    const image = await database.dumpImage!();
    await writeFile(file, Buffer.from(await image.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}

async function adminQuery(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
