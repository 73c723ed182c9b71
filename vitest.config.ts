import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const serverTests = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server:pglite',
          environment: 'node',
          include: serverTests,
          exclude: ['**/*.pg.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // The same API suite again on a real PostgreSQL server when one is configured (DESIGN.md §7).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                name: 'server:postgres',
                environment: 'node',
                // *.pg.test.ts: behaviour only PostgreSQL has (several instances on one database).
                include: [
                  ...serverTests.filter((p) => p.startsWith('src/server')),
                  'src/server/**/*.pg.test.ts',
                ],
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        plugins: [react()],
        // The web app imports shared schemas and messages as @shared/* (as vite.config.ts resolves it).
        resolve: { alias: { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) } },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
