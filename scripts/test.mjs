// `npm test`: everything a change can break (types, lint, unit and API tests, e2e), in order, stopping at the first failure.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'node_modules/.bin/tsc', ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', 'node_modules/.bin/eslint', ['.', '--max-warnings=0']],
  // The slowest-files reporter prints where the suite's time goes and the test count of each project.
  [
    'unit + API tests',
    'node_modules/.bin/vitest',
    ['run', '--reporter=default', '--reporter=./scripts/test/slowest-files.ts'],
  ],
  ['build', 'node', ['scripts/build.mjs']],
  ['end-to-end tests', 'node_modules/.bin/playwright', ['test']],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'TEST_DATABASE_URL is not set: the API suite runs on PGlite only (set it to run it on PostgreSQL too).',
  );
}
const results = [];
for (const [name, cmd, args] of steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  results.push(`${r.status === 0 ? '✔' : '✘'} ${name} (${secs} s)`);
  if (r.status !== 0) {
    console.log(`\n${results.join('\n')}\n\n✘ ${name} failed`);
    process.exit(r.status ?? 1);
  }
}
console.log(`\n${results.join('\n')}\n\nAll checks passed.`);
