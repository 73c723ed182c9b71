// Polls a URL on two keep-alive connections until a line arrives on stdin, then prints the latencies as JSON.
// It runs as its own process: timed from the bench process, which is busy reading the burst's hundreds of
// megabytes, a health check would be charged for the bench's own event-loop delays rather than the shop's.
import { Agent, request } from 'node:http';

const url = process.argv[2]!;
const agent = new Agent({ keepAlive: true, maxSockets: 2 });
const latencies: number[] = [];
let running = true;
let failed = 0;
process.stdin.once('data', () => (running = false));
// The bench went away: stop too.
process.stdin.once('end', () => (running = false));

const get = () =>
  new Promise<number>((resolve) => {
    request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', () => resolve(0))
      .end();
  });

const started = performance.now();
async function loop() {
  while (running) {
    const t = performance.now();
    if ((await get()) !== 200) failed++;
    latencies.push(performance.now() - t);
  }
}
console.log('ready');
await Promise.all([loop(), loop()]);
const sorted = [...latencies].sort((a, b) => a - b);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
console.log(
  JSON.stringify({
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1) ?? NaN,
    rps: latencies.length / ((performance.now() - started) / 1000),
    failed,
  }),
);
agent.destroy();
