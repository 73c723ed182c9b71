// `npm run size`: the gzip size of the JavaScript the home page loads first, measured in a real browser (budget 100 kB).
import { stat } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath, serveTemp } from './serve-temp.mjs';

const BUDGET_KB = 100;
const server = await serveTemp();
// Launched inside the try: a browser that fails to start must not leave the server running.
let browser;
try {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
  });
  await page.goto(server.url, { waitUntil: 'networkidle' });
  let total = 0;
  const rows = [];
  for (const p of scripts) {
    const gz = (await stat(`dist/web${p}.gz`).catch(() => stat(`dist/web${p}`))).size;
    total += gz;
    rows.push([p, gz]);
  }
  rows.sort((a, b) => b[1] - a[1]);
  for (const [p, gz] of rows) console.log(`${(gz / 1024).toFixed(1).padStart(7)} kB  ${p}`);
  const kb = total / 1024;
  console.log(
    `${kb.toFixed(1).padStart(7)} kB  total gzip JavaScript on first load of / (budget ${BUDGET_KB} kB)`,
  );
  process.exitCode = kb <= BUDGET_KB ? 0 : 1;
} finally {
  await browser?.close();
  await server.stop();
}
