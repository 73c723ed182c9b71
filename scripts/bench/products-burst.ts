import { request } from 'node:http';
import { load, rssMb, sleep, type Child } from './lib';

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
  health: { p99: number; max: number; rps: number };
}

/**
 * `calls` concurrent GET /api/products while /api/healthz is polled on two connections: how much memory the burst
 * adds and how long health checks wait meanwhile.
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
  const callsDone = Promise.all(
    Array.from({ length: calls }, () => getBytes(`${shop.url}/api/products`, headers)),
  );
  // Health checks run for as long as the burst does (at least a second).
  const health = (async () => {
    const results = [];
    do results.push(await healthWindow(shop));
    while (!(await Promise.race([callsDone.then(() => true), sleep(0).then(() => false)])));
    return results;
  })();
  const answers = await callsDone;
  const windows = await health;
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
    health: {
      p99: Math.max(...windows.map((w) => w.p99)),
      max: Math.max(...windows.map((w) => w.max)),
      rps: windows.reduce((s, w) => s + w.rps, 0) / windows.length,
    },
  };
}

async function healthWindow(shop: Child) {
  const r = await load(`${shop.url}/api/healthz`, { duration: 1, connections: 2 });
  return { p99: r.p99, max: r.max, rps: r.rps };
}
