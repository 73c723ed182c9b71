// `npm run lighthouse [routes…]`: Lighthouse mobile scores for /, /our-products and a public product page (the shop
// runs with PUBLIC_PRODUCT_PAGES=true) in Debian's Chromium (CHROME_PATH to use another). Goals (issue 40): LCP ≤ 1.5 s,
// performance ≥ 95, SEO, accessibility and best practices 100. Under each page: the audits that lost points.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromiumFlags, chromiumPath, serveTemp } from './serve-temp.mjs';

const server = await serveTemp({ PUBLIC_PRODUCT_PAGES: 'true' });
// A public product page: the first of the home page's products (demo data).
const firstProduct = async () => {
  const products = await (await fetch(`${server.url}/api/homeproduct`)).json();
  return `/product/${products[0]._id}`;
};
const profile = await mkdtemp(path.join(os.tmpdir(), 'shop-lh-'));
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: [...chromiumFlags, '--headless=new', `--user-data-dir=${profile}`],
  userDataDir: false,
});
try {
  const routes = process.argv.slice(2).length
    ? process.argv.slice(2)
    : ['/', '/our-products', await firstProduct()];
  for (const route of routes) {
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
    for (const c of ['performance', 'accessibility', 'best-practices', 'seo']) {
      const lost = (cats[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1)
        .map((ref) => `${ref.id} (${Math.round((audits[ref.id].score ?? 0) * 100)})`);
      if (lost.length) console.log(`               ${c} lost points on: ${lost.join(', ')}`);
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
  await rm(profile, { recursive: true, force: true });
}
