import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bothDatabases, opensDatabase } from '../../../scripts/test/both-databases';

// Which server test files PGlite runs again beside PostgreSQL (vitest.config.ts, docs/decisions/032-test-suite-time.md).
const both = bothDatabases(fileURLToPath(new URL('..', import.meta.url)));

describe('the files run on both databases', () => {
  it('keep the files under db/, infra/, http/ and test/ that can reach a database', () => {
    expect(both).toEqual(
      expect.arrayContaining([
        'src/server/db/driver-values.test.ts',
        'src/server/infra/mail-queue.test.ts',
        'src/server/http/idempotency.test.ts',
        'src/server/test/cents-twins.test.ts',
      ]),
    );
  });

  it('leave out the files there that open no database: the same file twice would test nothing more', () => {
    for (const file of ['docs-links', 'feature-rules-lint', 'isolation-rule', 'money-lint', 'table-owners'])
      expect(both).not.toContain(`src/server/test/${file}.test.ts`);
  });

  it('count a harness, the database module, the app or a sibling imported for values, not for types alone', () => {
    expect(opensDatabase(`import { describe } from 'vitest';\nimport { ESLint } from 'eslint';\n`)).toBe(
      false,
    );
    expect(opensDatabase(`import { schema } from '../db/schema';\n`)).toBe(false);
    expect(opensDatabase(`import type { Tx } from '../infra/db';\n`)).toBe(false);
    expect(opensDatabase(`import { signUp } from '../test/people';\n`)).toBe(true);
    expect(opensDatabase(`import { createShop } from './shop';\n`)).toBe(true);
    expect(opensDatabase(`import { inTx } from '../../infra/db';\n`)).toBe(true);
    expect(opensDatabase(`import { buildServer } from '../app';\n`)).toBe(true);
    expect(opensDatabase(`const t = await createTestApp();\n`)).toBe(true);
    expect(opensDatabase(`it.skipIf(process.env.TEST_DB === 'postgres')('x', () => {});\n`)).toBe(true);
  });
});
