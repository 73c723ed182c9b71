import { connect, type Socket } from 'node:net';
import type { Load } from './lib';

interface Connection {
  socket: Socket;
  /** When the request on it was due, or NaN while the connection is idle. */
  due: number;
  /** The response's head as read so far (until its blank line). */
  head: Buffer | null;
  /** Body bytes still to come; -1 until the head is read. */
  left: number;
  status: number;
  closed: boolean;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * An open load: `rate` GET requests a second, each sent when it is due (evenly spaced, whatever the answers before
 * it) over at most `connections` kept-alive connections, its latency counted from when it was due, so a queue the
 * server causes is not hidden. (autocannon's rate option sends each connection's share of a second in a burst at
 * the start of the second, which measures the burst's queue instead.)
 *
 * Written on raw sockets rather than `http.Agent`: the generator shares the machine's cores with the server it
 * measures, and Node's HTTP client used 26–30% of a core at 1,000 requests a second (about 280 µs a request),
 * taken from the shop, which showed as the shop's latency. Here a request is one write and a response is read by
 * its Content-Length (every answer the benchmark reads has one); a response without one (chunked), or a connection
 * that fails, counts as bad and the connection is replaced.
 */
export async function paced(
  url: string,
  opts: { rate: number; duration: number; paths: () => string; connections?: number },
): Promise<Load> {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error('load tests talk only to 127.0.0.1');
  const { port } = new URL(url);
  const max = opts.connections ?? 50;
  const total = Math.round(opts.rate * opts.duration);
  const latencies: number[] = [];
  let bad = 0;
  let done = 0;
  let open = 0;
  const idle: Connection[] = [];
  const all = new Set<Connection>();
  let ending = false;
  /** Requests due while every connection was busy: their due times and paths, oldest first. */
  const queued: { due: number; path: string }[] = [];
  let finished: () => void = () => {};
  const allDone = new Promise<void>((resolve) => (finished = resolve));

  const complete = (c: Connection, ok: boolean) => {
    latencies.push(performance.now() - c.due);
    if (!ok || c.status !== 200) bad++;
    c.due = NaN;
    c.head = null;
    c.left = -1;
    if (++done === total) finished();
  };

  const release = (c: Connection) => {
    const next = queued.shift();
    if (next) send(c, next.due, next.path);
    else idle.push(c);
  };

  const fail = (c: Connection) => {
    if (c.closed || ending) return;
    c.closed = true;
    all.delete(c);
    c.socket.destroy();
    open--;
    if (!Number.isNaN(c.due)) complete(c, false);
    const at = idle.indexOf(c);
    if (at >= 0) idle.splice(at, 1);
    // Whatever waits goes out on a new connection.
    const next = queued.shift();
    if (next) dispatch(next.due, next.path);
  };

  const read = (c: Connection, chunk: Buffer) => {
    let body = chunk;
    if (c.left < 0) {
      const head: Buffer = c.head ? Buffer.concat([c.head, chunk]) : chunk;
      const end = head.indexOf(HEAD_END);
      if (end < 0) {
        c.head = head;
        return;
      }
      const text = head.toString('latin1', 0, end).toLowerCase();
      c.status = Number(text.slice(9, 12));
      const length = /\r\ncontent-length:\s*(\d+)/.exec(text);
      if (!length && c.status !== 304 && c.status !== 204) return fail(c);
      c.left = length ? Number(length[1]) : 0;
      body = head.subarray(end + HEAD_END.length);
    }
    c.left -= body.length;
    if (c.left <= 0) {
      complete(c, c.left === 0);
      release(c);
    }
  };

  const send = (c: Connection, due: number, path: string) => {
    c.due = due;
    c.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`, 'latin1');
  };

  const dispatch = (due: number, path: string) => {
    const c = idle.pop();
    if (c) return send(c, due, path);
    if (open >= max) return void queued.push({ due, path });
    open++;
    const socket = connect({ host: '127.0.0.1', port: Number(port), noDelay: true });
    const fresh: Connection = { socket, due: NaN, head: null, left: -1, status: 0, closed: false };
    all.add(fresh);
    socket.on('data', (chunk: Buffer) => read(fresh, chunk));
    socket.on('error', () => fail(fresh));
    socket.on('close', () => fail(fresh));
    send(fresh, due, path);
  };

  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    while (sent < total && started + (sent * 1000) / opts.rate <= now) {
      dispatch(started + (sent * 1000) / opts.rate, opts.paths());
      sent++;
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  // Bounded: a server that stops answering ends the load 30 s after the last request was due.
  const gaveUp = await Promise.race([
    allDone.then(() => false),
    new Promise<boolean>((r) => setTimeout(() => r(true), 30_000).unref()),
  ]);
  const elapsed = (performance.now() - started) / 1000;
  ending = true;
  for (const c of all) c.socket.destroy();
  if (gaveUp) bad += total - done;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), max: latencies.at(-1) ?? NaN, bad };
}
