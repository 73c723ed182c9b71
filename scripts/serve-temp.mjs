// Starts the built shop on a free port with a throw-away data folder (for the benchmark scripts).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** `env` adds to (or overrides) the shop's environment. */
export async function serveTemp(env = {}) {
  const { readFile } = await import('node:fs/promises');
  const { sourceStamp } = await import('./stamp.mjs');
  if ((await readFile('dist/.build-stamp', 'utf8').catch(() => '')) !== (await sourceStamp())) {
    const { buildAll } = await import('./build.mjs');
    await buildAll({ quiet: true });
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn('node', ['dist/server/server.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
  });
  // A first start seeds the demo data: on a busy machine that takes minutes, not seconds.
  const deadline = Date.now() + 300_000;
  for (;;) {
    const ok = await fetch(`${url}/api/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error(`the shop did not start at ${url} (exit code ${child.exitCode})`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
