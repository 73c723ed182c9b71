import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** Fails on serious or critical accessibility violations, listing them readably. */
export async function expectAccessible(page: Page, label = page.url()) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.impact} ${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `accessibility of ${label}`,
  ).toEqual([]);
}

/** Every test also proves the shop makes no request that leaves this machine. */
export const test = base.extend<{ offMachineRequests: string[] }>({
  offMachineRequests: [
    async ({ page }, use) => {
      const seen: string[] = [];
      page.on('request', (req) => {
        const url = new URL(req.url());
        if (!['127.0.0.1', 'localhost'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol))
          seen.push(req.url());
      });
      await use(seen);
      expect(seen, 'requests that left the machine').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
