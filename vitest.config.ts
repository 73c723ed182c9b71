import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const serverTests = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'];
// A file that replaces a module with vi.mock needs a module graph of its own; every other server file shares its
// worker's (docs/decisions/032-test-suite-time.md).
const isolatedTests = '**/*.isolated.test.ts';
// Server, shared and web code all import shared modules as @shared/* (tsconfig.json's path, resolved here for tests).
const resolve = { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } };

export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker (cores - 1). API test files wait on PostgreSQL, timers and sockets
    // as much as they compute, so three side by side keep both cores busy (docs/decisions/032-test-suite-time.md).
    maxWorkers: 3,
    projects: [
      ...serverProjects('pglite'),
      // The same API suite again on a real PostgreSQL server when one is configured, so both drivers stay honest.
      ...(process.env.TEST_DATABASE_URL ? serverProjects('postgres') : []),
      {
        plugins: [react()],
        // The web app also imports its own modules as @/* (as vite.config.ts resolves it).
        resolve: { alias: { ...resolve.alias, '@': fileURLToPath(new URL('./src/web', import.meta.url)) } },
        test: {
          name: 'web',
          environment: 'jsdom',
          // Rendering with jsdom is slow on a busy machine: the default 5 s times out tests that do not hang.
          testTimeout: 15_000,
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});

/**
 * The API suite on one database: most files in one project whose workers import the app once and reuse it (each
 * file still builds its own app on its own database), the *.isolated.test.ts files in a second one with a fresh
 * module graph per file.
 */
function serverProjects(db: 'pglite' | 'postgres') {
  // *.pg.test.ts: behaviour only PostgreSQL has (several instances on one database).
  const include =
    db === 'pglite'
      ? serverTests
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
