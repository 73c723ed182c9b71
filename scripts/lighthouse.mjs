// `npm run lighthouse`: Lighthouse mobile scores for / and /our-products in Debian's Chromium (goal: 95+ performance, 100 accessibility).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumFlags, chromiumPath, serveTemp } from './serve-temp.mjs';

const server = await serveTemp();
const profile = await mkdtemp(path.join(os.tmpdir(), 'shop-lh-'));
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: [...chromiumFlags, '--headless=new', `--user-data-dir=${profile}`],
  userDataDir: false,
});
try {
  for (const route of process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/our-products']) {
    const result = await lighthouse(`${server.url}${route}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
    });
    const cats = result.lhr.categories;
    const score = (c) => Math.round((cats[c]?.score ?? 0) * 100);
    console.log(
      `${route.padEnd(14)} performance ${score('performance')}  accessibility ${score('accessibility')}  best-practices ${score('best-practices')}  seo ${score('seo')}`,
    );
    const audits = result.lhr.audits;
    console.log(
      `               LCP ${audits['largest-contentful-paint'].displayValue}  TBT ${audits['total-blocking-time'].displayValue}  CLS ${audits['cumulative-layout-shift'].displayValue}`,
    );
  }
} finally {
  await chrome.kill();
  await server.stop();
  await rm(profile, { recursive: true, force: true });
}
