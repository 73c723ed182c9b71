import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { bothDatabases } from './scripts/test/both-databases';

const serverTests = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'];
// A file that replaces a module with vi.mock needs a module graph of its own; every other server file shares its
// worker's (docs/decisions/032-test-suite-time.md).
const isolatedTests = '**/*.isolated.test.ts';
const isolatedWebTests = 'src/web/**/*.isolated.test.{ts,tsx}';
// Server, shared and web code all import shared modules as @shared/* (tsconfig.json's path, resolved here for tests).
// The server also loads the web app's server entry from the sources (src/web/server-render.tsx), which imports as @/*.
const resolve = {
  alias: {
    '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
    '@': fileURLToPath(new URL('./src/web', import.meta.url)),
  },
};

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker (cores - 1). API test files wait on PostgreSQL, timers and sockets
    // as much as they compute, so three side by side keep both cores busy (docs/decisions/032-test-suite-time.md).
    maxWorkers: 3,
    projects: [
      ...serverProjects('pglite'),
      // With a PostgreSQL server configured, every API file runs on it, and PGlite keeps the files where the drivers
      // can differ (docs/decisions/032-test-suite-time.md, "Which files run on both databases").
      ...(process.env.TEST_DATABASE_URL ? serverProjects('postgres') : []),
      ...webProjects(),
    ],
  },
});

/**
 * The web tests in happy-dom: creating a jsdom for each file was half of this project's time; a file that needs
 * jsdom's fidelity says so in an `@vitest-environment jsdom` docblock, with why. Most files share their worker's
 * modules (React, Testing Library and the app are imported once per worker, not once per file; the set-up file resets
 * what the app caches), a file that replaces a module with vi.mock gets its own as *.isolated.test.tsx.
 */
function webProjects() {
  const web = {
    plugins: [react()],
    // The web app also imports its own modules as @/* (as vite.config.ts resolves it).
    resolve,
  };
  const common = {
    environment: 'happy-dom' as const,
    // Typing into a large form re-renders it per key: on a busy machine the default 5 s times out tests that do not
    // hang (the shipping tables' editor has taken 20 s with other work running).
    testTimeout: 30_000,
    setupFiles: ['src/web/test/setup.ts'],
  };
  return [
    {
      ...web,
      test: {
        ...common,
        name: 'web',
        include: ['src/web/**/*.test.{ts,tsx}'],
        exclude: [isolatedWebTests],
        isolate: false,
      },
    },
    { ...web, test: { ...common, name: 'web:isolated', include: [isolatedWebTests] } },
  ];
}

/**
 * The API suite on one database: most files in one project whose workers import the app once and reuse it (each
 * file still builds its own app on its own database), the *.isolated.test.ts files in a second one with a fresh
 * module graph per file.
 */
function serverProjects(db: 'pglite' | 'postgres') {
  // *.pg.test.ts: behaviour only PostgreSQL has (several instances on one database).
  const include =
    db === 'pglite'
      ? process.env.TEST_DATABASE_URL
        ? [
            ...bothDatabases(fileURLToPath(new URL('./src/server', import.meta.url))),
            'src/shared/**/*.test.ts',
          ]
        : serverTests
      : [...serverTests.filter((p) => p.startsWith('src/server')), 'src/server/**/*.pg.test.ts'];
  const exclude = db === 'pglite' ? ['**/*.pg.test.ts'] : [];
  const common = {
    environment: 'node' as const,
    env: { TEST_DB: db },
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  };
  return [
    {
      resolve,
      test: {
        ...common,
        name: `server:${db}`,
        include,
        exclude: [...exclude, isolatedTests],
        isolate: false,
      },
    },
    { resolve, test: { ...common, name: `server:${db}:isolated`, include: [isolatedTests], exclude } },
  ];
}
