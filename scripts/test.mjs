// `npm test`: everything a change can break (types, lint, unit and API tests, e2e), in order, stopping at the first failure.
import { spawn } from 'node:child_process';

// Each stage's steps run side by side; a stage starts when the one before has passed. Typecheck, lint and the build
// share a stage: none needs another, and together they keep both cores busy (docs/decisions/032-test-suite-time.md).
// The build is only needed by the end-to-end tests, which run last.
const stages = [
  [
    // TypeScript 7's native compiler checks the same tsconfig in a fraction of 5.9's CPU; 5.9 stays installed as
    // `typescript` for typescript-eslint and editors, which need a compiler API that 7 does not have.
    ['typecheck', 'node', ['node_modules/typescript-7/bin/tsc', '--noEmit', '-p', 'tsconfig.json']],
    // ESLint is single-threaded by default; on two threads it finishes beside the type check instead of after it.
    ['lint', 'node_modules/.bin/eslint', ['.', '--max-warnings=0', '--concurrency=2']],
    ['build', 'node', ['scripts/build.mjs']],
  ],
  // The slowest-files reporter prints where the suite's time goes and the test count of each project.
  [
    [
      'unit + API tests',
      'node_modules/.bin/vitest',
      ['run', '--reporter=default', '--reporter=./scripts/test/slowest-files.ts'],
    ],
  ],
  [['end-to-end tests', 'node_modules/.bin/playwright', ['test']]],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'TEST_DATABASE_URL is not set: the API suite runs on PGlite only (set it to run it on PostgreSQL too).',
  );
}

/** Runs one step. Alone in its stage it writes straight to the terminal; beside another, its output is kept and
 * printed whole when it ends, so two steps' lines never interleave. */
function run([name, cmd, args], alone) {
  const t0 = Date.now();
  if (alone) console.log(`\n▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    const done = (status) => {
      if (!alone) process.stdout.write(`\n▶ ${name}\n${Buffer.concat(out).toString()}`);
      const secs = ((Date.now() - t0) / 1000).toFixed(1);
      resolve({ name, ok: status === 0, status, line: `${status === 0 ? '✔' : '✘'} ${name} (${secs} s)` });
    };
    child.on('error', (e) => {
      out.push(Buffer.from(`${e.message}\n`));
      done(1);
    });
    child.on('close', (code) => done(code));
  });
}

const t0 = Date.now();
const results = [];
for (const stage of stages) {
  const ended = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  results.push(...ended.map((r) => r.line));
  const failed = ended.find((r) => !r.ok);
  if (failed) {
    console.log(`\n${results.join('\n')}\n\n✘ ${failed.name} failed`);
    process.exit(failed.status ?? 1);
  }
}
const total = ((Date.now() - t0) / 1000).toFixed(1);
console.log(`\n${results.join('\n')}\n\nAll checks passed in ${total} s.`);
