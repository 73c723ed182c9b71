import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { once } from 'node:events';
import { root, rssMb, sleep, type Child } from './lib';

/** One GET read to the end without decoding; resolves with its byte count and duration. */
function getBytes(
  url: string,
  headers: Record<string, string>,
): Promise<{ bytes: number; ms: number; status: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (d: Buffer) => (bytes += d.length));
      res.on('end', () => resolve({ bytes, ms: performance.now() - start, status: res.statusCode ?? 0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export interface Burst {
  encoding: string;
  calls: number;
  bytesEach: number;
  slowestMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  health: { p50: number; p99: number; max: number; rps: number };
}

/**
 * `calls` concurrent GET /api/products while /api/healthz is polled on two connections from another process: how
 * much memory the burst adds and how long health checks wait meanwhile.
 */
export async function productsBurst(shop: Child, calls: number, encoding: 'br' | 'identity'): Promise<Burst> {
  const pid = shop.proc.pid!;
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
      await sleep(25);
    }
  })();
  const headers: Record<string, string> = encoding === 'br' ? { 'accept-encoding': 'br' } : {};
  const poller = await startPoller(`${shop.url}/api/healthz`);
  const callsDone = Promise.all(
    Array.from({ length: calls }, () => getBytes(`${shop.url}/api/products`, headers)),
  );
  // Health checks run for as long as the burst does (at least a second).
  const [answers] = await Promise.all([callsDone, sleep(1000)]);
  const health = await poller.stop();
  sampling = false;
  await sampler;
  if (answers.some((a) => a.status !== 200)) throw new Error('GET /api/products failed during the burst');
  return {
    encoding,
    calls,
    bytesEach: answers[0]!.bytes,
    slowestMs: Math.max(...answers.map((a) => a.ms)),
    rssBeforeMb,
    rssPeakMb,
    health,
  };
}

/** The health poller, in a process of its own (see health-poller.ts). */
async function startPoller(url: string) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/health-poller.ts', url], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  while (!out.includes('ready')) {
    if (proc.exitCode !== null) throw new Error('the health poller exited');
    await sleep(20);
  }
  return {
    async stop(): Promise<Burst['health']> {
      const exited = once(proc, 'exit');
      proc.stdin!.end('stop\n');
      await exited;
      const result = JSON.parse(out.slice(out.indexOf('{'))) as Burst['health'] & { failed: number };
      if (result.failed) throw new Error(`${result.failed} health checks failed during the burst`);
      return result;
    },
  };
}
