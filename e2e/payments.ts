import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Pays on a payment page with the test provider's card that succeeds, and lands on My Orders (or `landsOn`: the
 * statement stays where it is).
 */
export async function payByCard(page: Page, landsOn: RegExp = /\/dashboard\/my-orders$/) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Congrats! Payment is done').first()).toBeVisible();
  await expect(page).toHaveURL(landsOn);
}

/** Clicks a PDF link and checks the file the browser saves: its name and that it is a PDF. Answers the name without `.pdf`. */
export async function downloadsPdf(page: Page, link: Locator, name: RegExp) {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(name);
  expect((await readFile((await download.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return download.suggestedFilename().replace(/\.pdf$/, '');
}
