import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server test files that also run on PGlite when PostgreSQL runs them all (vitest.config.ts): the ones that touch
 * what differs between the drivers. Read from the files themselves, so a new file is placed without anyone
 * remembering a list:
 * - the files under db/, infra/, http/ and test/ (connections, types, errors, locks, NOTIFY, the app's wiring) that
 *   can reach a database (`opensDatabase`): a pure function's test or a check of the lint rules runs the same twice;
 * - the tests of a feature module that branches on the driver (`kind === 'pglite'`): a file whose name starts with
 *   that module's name (catalogue-csv.progress.ts → catalogue-csv*.test.ts); a plugin's wiring is not such a module;
 * - a file that asks for it with a line comment starting `// Both databases:` and its reason (an issue that asks for
 *   its rules to be proven on both, money summed in SQL).
 * Work sent side by side is not a reason by itself: PGlite runs it one statement at a time, and the one way it can
 * fail there (a query outside an open transaction waits for ever) fails at once on PostgreSQL (`oneConnectionCheck`).
 * `root` is src/server; the paths returned are relative to the repository.
 */
export function bothDatabases(root: string): string[] {
  const files = (readdirSync(root, { recursive: true }) as string[]).map((f) => f.split(path.sep).join('/'));
  const source = (f: string) => readFileSync(path.join(root, f), 'utf8');
  const driverModules = files
    .filter((f) => f.startsWith('features/') && f.endsWith('.ts') && !/\.(test|plugin)\.ts$/.test(f))
    .filter((f) => /kind\s*[!=]==\s*'(pglite|postgres)'/.test(source(f)))
    .map((f) => `${path.posix.dirname(f)}/${path.posix.basename(f).split('.')[0]}`);
  return files
    .filter((f) => f.endsWith('.test.ts') && !f.endsWith('.pg.test.ts'))
    .filter(
      (f) =>
        (/^(db|infra|http|test)\//.test(f) && opensDatabase(source(f))) ||
        /^\/\/ Both databases: /m.test(source(f)) ||
        driverModules.some((m) => f.startsWith(m)),
    )
    .map((f) => `src/server/${f}`);
}

/**
 * Whether a test file can reach a database, read from its text: it names a way to open one, the driver or a
 * database at all, or imports other than for types a sibling module (under test/ that is a harness, under infra/ it
 * may be the database itself), a test harness elsewhere, infra/db or the app. Anything in doubt counts as yes: a file
 * wrongly kept runs twice, a file wrongly dropped would lose PGlite.
 */
export function opensDatabase(text: string): boolean {
  return (
    /createTest(App|Database)|openDatabase|buildApp|pglite|TEST_DB|testDbKind|database/i.test(text) ||
    /^import (?!type\b)[^;]*?from '(\.\/[^']+|[^']*\/test\/[^']+|[^']*\/infra\/db|[^']*\/app)'/m.test(text)
  );
}
