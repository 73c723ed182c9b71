import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import autocannon, { type Result } from 'autocannon';

export const root = new URL('../../', import.meta.url).pathname;

/** A free port on 127.0.0.1 (asked from the kernel, then released for the child to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The heap settings `npm start` gives the shop (package.json; decision 033, addenda "on by default" and "early"). */
export const SHOP_HEAP_FLAGS = ['--max-semi-space-size=32', '--heap-growing-percent=50', '--v8-pool-size=1'];

export interface Child {
  name: string;
  proc: ChildProcess;
  port: number;
  url: string;
}

const children = new Set<Child>();

/** Starts a TypeScript entry point under node + tsx (one PID to stop) and waits until `ready` answers 200. */
export async function startChild(
  name: string,
  file: string,
  env: Record<string, string>,
  ready = '/',
): Promise<Child> {
  const port = await freePort();
  // BENCH_CPU_PROF=<folder>: every child writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF;
  // BENCH_NODE_ARGS: more node flags for every child (e.g. `--trace-gc`).
  const extra = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const args = [
    ...SHOP_HEAP_FLAGS,
    ...extra,
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    '--import',
    'tsx',
    file,
  ];
  const proc = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      BASE_URL: `http://127.0.0.1:${port}`,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    // BENCH_LOGS=<folder>: each child's log (stdout) goes to <folder>/<port>.log.
    stdio: ['ignore', process.env.BENCH_LOGS ? 'pipe' : 'ignore', 'pipe'],
  });
  if (process.env.BENCH_LOGS) {
    const out = createWriteStream(`${process.env.BENCH_LOGS}/${port}-${name.replace(/\W+/g, '-')}.log`);
    proc.stdout!.pipe(out);
  }
  let stderr = '';
  proc.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const child = { name, proc, port, url: `http://127.0.0.1:${port}` };
  children.add(child);
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${name} exited (${proc.exitCode}):\n${stderr}`);
    const ok = await fetch(child.url + ready).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (Date.now() > deadline) throw new Error(`${name} did not start within 180 s:\n${stderr}`);
    await sleep(200);
  }
}

/** Stops one child by its PID: SIGTERM, then SIGKILL if it has not exited after 10 s. */
export async function stopChild(child: Child): Promise<void> {
  children.delete(child);
  const { proc } = child;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  process.kill(proc.pid!, 'SIGTERM');
  const timer = setTimeout(() => proc.exitCode === null && process.kill(proc.pid!, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stopChild));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process in MB, from /proc (Linux). */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  bad: number;
}

/** One request of a load test, built per request (a write with its own body or idempotency key). */
export interface BenchRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Per connection, the state of one pass through `steps` (autocannon resets it when the sequence starts again). */
export type StepContext = Record<string, unknown>;

/**
 * autocannon against 127.0.0.1 only, bounded in time. `paths` rotates the path per request when given; `next`
 * builds each whole request (its headers added to the common ones); `steps` is a sequence each connection sends in
 * order, one request after the other's answer, sharing a context (e.g. a cart filled, then checked out).
 */
export async function load(
  url: string,
  opts: {
    duration: number;
    connections?: number;
    headers?: Record<string, string>;
    paths?: () => string;
    next?: () => BenchRequest;
    steps?: ((context: StepContext) => BenchRequest)[];
  },
): Promise<Load> {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error('load tests talk only to 127.0.0.1');
  const { paths, next, steps } = opts;
  const headers = opts.headers ?? {};
  const r: Result = await autocannon({
    url,
    connections: opts.connections ?? 50,
    duration: opts.duration,
    headers,
    ...(paths && { requests: [{ setupRequest: (req) => ({ ...req, path: paths() }) }] }),
    ...(next && {
      requests: [
        {
          setupRequest: (req) => {
            const r = next();
            return { ...req, ...r, headers: { ...headers, ...r.headers } };
          },
        },
      ],
    }),
    ...(steps && {
      requests: steps.map((step) => ({
        setupRequest: (req: object, context: StepContext) => {
          const r = step(context);
          return { ...req, ...r, headers: { ...headers, ...r.headers } };
        },
      })),
    }),
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    bad: r.errors + r.timeouts + r.non2xx,
  };
}

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits }) : '—';

export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

/** What the shop's own monitors saw (its /api/metrics, read from this machine): event-loop delay and collections. */
export interface Vitals {
  /** Event-loop delay since the previous read (prom-client resets its histogram at each read), in ms. */
  loopP99: number;
  loopMax: number;
  /** Collections by kind (major, minor, incremental, weakcb): how many, and their total pause in ms, since start. */
  gc: Record<string, { n: number; ms: number }>;
}

export async function readVitals(shop: Child): Promise<Vitals> {
  const text = await (await fetch(`${shop.url}/api/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
  const gc: Vitals['gc'] = {};
  for (const m of text.matchAll(/^nodejs_gc_duration_seconds_(sum|count)\{kind="(\w+)"\} (\S+)$/gm)) {
    const kind = (gc[m[2]!] ??= { n: 0, ms: 0 });
    if (m[1] === 'sum') kind.ms = Number(m[3]) * 1000;
    else kind.n = Number(m[3]);
  }
  return {
    loopP99: value('nodejs_eventloop_lag_p99_seconds') * 1000,
    loopMax: value('nodejs_eventloop_lag_max_seconds') * 1000,
    gc,
  };
}

/** `after`'s event-loop delay and the collections between two reads, as one line. */
export function vitalsLine(before: Vitals, after: Vitals): string {
  const kinds = Object.keys(after.gc)
    .map((k) => {
      const n = after.gc[k]!.n - (before.gc[k]?.n ?? 0);
      const ms = after.gc[k]!.ms - (before.gc[k]?.ms ?? 0);
      return n ? `${k} ${fmt(n)} (${fmt(ms)} ms)` : '';
    })
    .filter(Boolean);
  return `event-loop delay p99 ${fmt(after.loopP99, 1)} ms, max ${fmt(after.loopMax)} ms; collections: ${kinds.join(', ') || 'none'}`;
}
