import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/infra/db';

/**
 * Gives each e2e server's data folder the same freshly initialised and migrated PGlite database, made once: PGlite's
 * initdb is most of a server's start (≈ 11 CPU-s on a busy 2-core host, against ≈ 1.5 s for the migrations), and
 * the three servers would otherwise each run it while the suite waits for them. Each server still migrates (nothing
 * to do) and seeds its own demo data at start, as after a restart (docs/decisions/032-test-suite-time.md).
 */
export async function migratedDataDirs(dataDirs: string[]) {
  const template = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-template-'));
  try {
    const database = await openDatabase({ pgliteDir: path.join(template, 'pglite') });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    for (const dir of dataDirs)
      cpSync(path.join(template, 'pglite'), path.join(dir, 'pglite'), { recursive: true });
  } finally {
    rmSync(template, { recursive: true, force: true });
  }
}
