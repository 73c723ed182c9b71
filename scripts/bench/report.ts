// The bench's printout: each figure beside its baseline and their ratio, then the concurrent full-list bursts.
import os from 'node:os';
import { fmt, loadAverage, type Load } from './lib';
import type { Burst } from './products-burst';

export interface Row {
  what: string;
  shop: Load;
  base?: Load;
  baseName?: string;
  /** Further baselines, printed with their own ratio (the target is about `base`). */
  others?: { name: string; load: Load }[];
  target: string;
  /** Lines printed under the figures (the order scenarios' stock check). */
  notes?: string[];
}

export function printReport({
  rows,
  bursts,
  seconds,
  ordersDuration,
  count,
}: {
  rows: Row[];
  bursts: Burst[];
  seconds: number;
  ordersDuration: number;
  count: number;
}) {
  console.log(
    `\nload average at the end: ${loadAverage()} (${os.cpus().length} cores); ${seconds} s per figure (orders ${ordersDuration} s), 50 connections\n`,
  );
  for (const r of rows) {
    const ratio = r.base ? r.shop.rps / r.base.rps : NaN;
    console.log(`${r.what}`);
    console.log(
      `  shop      ${fmt(r.shop.rps).padStart(8)} req/s  p50 ${fmt(r.shop.p50)} ms  p99 ${fmt(r.shop.p99)} ms${r.shop.bad ? `  (${r.shop.bad} errors/non-2xx)` : ''}`,
    );
    if (r.base)
      console.log(
        `  ${r.baseName!.padEnd(9)} ${fmt(r.base.rps).padStart(8)} req/s  p50 ${fmt(r.base.p50)} ms  p99 ${fmt(r.base.p99)} ms`,
      );
    for (const o of r.others ?? [])
      console.log(
        `  ${o.name.padEnd(9)} ${fmt(o.load.rps).padStart(8)} req/s  p50 ${fmt(o.load.p50)} ms  p99 ${fmt(o.load.p99)} ms  (shop ${fmt(r.shop.rps / o.load.rps, 2)}× this)`,
      );
    console.log(
      `  ratio ${fmt(ratio, 2)}×${r.others?.length ? ` (to ${r.baseName})` : ''}   target ${r.target}`,
    );
    for (const note of r.notes ?? []) console.log(`  ${note}`);
  }
  for (const b of bursts) {
    console.log(
      `GET /api/products × ${b.calls} concurrent (${fmt(count)} products, ${b.encoding}, ${fmt(b.bytesEach / 1e6, 1)} MB each)`,
    );
    console.log(
      `  slowest call ${fmt(b.slowestMs)} ms; RSS ${fmt(b.rssBeforeMb)} → peak ${fmt(b.rssPeakMb)} MB (+${fmt(b.rssPeakMb - b.rssBeforeMb)} MB, target ≤ 300)`,
    );
    console.log(
      `  /api/healthz meanwhile (from another process): p50 ${fmt(b.health.p50, 1)} ms, p99 ${fmt(b.health.p99)} ms, max ${fmt(b.health.max)} ms (target < 100 ms)`,
    );
  }
}
