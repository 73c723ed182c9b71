// `npx tsx scripts/bench/net-trace.ts <url> [visits]`: every request a page makes, with when it started and ended
// (ms from navigation), in a fresh Chromium context per visit; then when the first product card showed.
import { chromium } from '@playwright/test';

const [url, visits = '2'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (let v = 0; v < Number(visits); v++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const t0 = Date.now();
  const lines: string[] = [];
  page.on('requestfinished', (r) => {
    const t = r.timing();
    lines.push(
      `${String(Math.round(t.startTime - t0)).padStart(6)} → ${String(Math.round(t.startTime - t0 + t.responseEnd)).padStart(6)} ms  ${r.method()} ${r.url().replace(/^https?:\/\/[^/]+/, '')}`,
    );
  });
  await page.goto(url!);
  await page.locator('main article img').first().waitFor({ state: 'visible', timeout: 60_000 });
  const shown = Date.now() - t0;
  await page.waitForLoadState('networkidle');
  console.log(`visit ${v + 1}: first product card with image after ${shown} ms`);
  console.log(lines.sort().join('\n'));
  await context.close();
}
await browser.close();
