import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '../infra/paths';

// Server and web test files share their worker's modules (vitest.config.ts, docs/decisions/032-test-suite-time.md): a file
// that replaces a module with vi.mock would replace it for the files after it, or find it already loaded. Such a
// file must be named *.isolated.test.ts(x), which runs with a module graph of its own.
async function testFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await testFiles(full)));
    else if (/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

describe('test isolation', () => {
  it('keep vi.mock and vi.doMock to *.isolated.test.ts(x) files (server, shared and web)', async () => {
    const files = [
      ...(await testFiles(path.join(rootDir, 'src/server'))),
      ...(await testFiles(path.join(rootDir, 'src/shared'))),
      ...(await testFiles(path.join(rootDir, 'src/web'))),
    ];
    const offenders: string[] = [];
    for (const file of files) {
      if (/\.isolated\.test\.tsx?$/.test(file) || file.endsWith('isolation-rule.test.ts')) continue;
      if (/\bvi\.(do)?[mM]ock\(/.test(await readFile(file, 'utf8')))
        offenders.push(path.relative(rootDir, file));
    }
    expect(offenders).toEqual([]);
  });
});
