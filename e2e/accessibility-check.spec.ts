import { test, expect, expectAccessible } from './fixtures';

// The scan every other spec relies on must be able to fail: a page with a planted image without alt text, a field
// without a label and grey-on-white text is reported, rule by rule, and the same page mended passes.
test('the accessibility scan reports planted violations and passes the mended page', async ({ page }) => {
  const planted = (alt: string, label: string, colour: string) => `<!doctype html><html lang="en">
    <head><title>Planted</title></head>
    <body><main><h1>Planted</h1>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" ${alt}>
      ${label}<input id="q" type="text">
      <p style="color:${colour};background:#fff">Faint text</p>
    </main></body></html>`;
  await page.setContent(planted('', '', '#ccc'));
  const failure = await expectAccessible(page, 'planted page').then(
    () => '',
    (err: Error) => err.message,
  );
  expect(failure).toContain('image-alt');
  expect(failure).toContain('label');
  expect(failure).toContain('color-contrast');

  await page.setContent(planted('alt="A dot"', '<label for="q">Query</label>', '#333'));
  await expectAccessible(page, 'mended page');
});
