import { readFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { test, expect, expectAccessible } from './fixtures';

const IMG = '/media/products/test.webp';
const HEADER = 'sku,name,brand,category,price,quantity,minOrder,description,image';
const row = (sku: string, price = '49.90', quantity = '12') =>
  `${sku},Hose clamp kit ${sku},Toolhouse,air-tools,${price},${quantity},1,Stainless clamps.,${IMG}`;

async function makePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawText(text, { x: 20, y: 100, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

test('an admin imports a CSV with two bad rows and reads the report, then exports and re-imports it unchanged', async ({
  adminPage: admin,
}) => {
  test.setTimeout(120_000);
  await admin.goto('/dashboard/catalogue-data');
  await expect(admin.getByRole('heading', { level: 1, name: 'Catalogue Data' })).toBeVisible();
  await expectAccessible(admin, 'catalogue data');

  const stamp = Date.now().toString(36).toUpperCase();
  const csv = [
    HEADER,
    row(`E2E-${stamp}-1`),
    row(`E2E-${stamp}-2`, '0'),
    row(`E2E-${stamp}-3`),
    row(`E2E-${stamp}-4`, '10', 'lots'),
  ].join('\n');
  await admin
    .getByLabel('CSV file')
    .setInputFiles({ name: 'supplier.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await admin.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(admin.getByText('Nothing was imported: the file has bad rows.')).toBeVisible({
    timeout: 20_000,
  });
  const report = admin.getByRole('table', { name: /Bad rows/ });
  await expect(report.getByRole('row')).toHaveCount(3);
  await expect(report).toContainText('row 3, price: must be more than 0');
  await expect(report).toContainText('row 5, quantity: must be a whole number');
  await expectAccessible(admin, 'import report');

  // The same file, keeping the valid rows.
  await admin.getByLabel('Import the valid rows').check();
  await admin.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(admin.getByText('Import finished.')).toBeVisible({ timeout: 20_000 });
  const created = admin.getByRole('definition').nth(1);
  await expect(created).toHaveText('2');

  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Download the catalogue (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await readFile((await download.path())!);
  expect(exported.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  expect(exported.toString('utf8')).toContain(`E2E-${stamp}-1`);

  await admin.getByLabel('Import nothing (all or nothing)').check();
  await admin
    .getByLabel('CSV file')
    .setInputFiles({ name: 'export.csv', mimeType: 'text/csv', buffer: exported });
  await admin.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(admin.getByText('Import finished.')).toBeVisible({ timeout: 30_000 });
  const counts = admin.getByRole('definition');
  await expect(counts.nth(1)).toHaveText('0');
  await expect(counts.nth(2)).toHaveText('0');
  await expect(counts.nth(3)).toHaveText('0');
});

test('an admin uploads a datasheet and downloads it from the product page', async ({
  adminPage: admin,
}, testInfo) => {
  test.setTimeout(90_000);
  const products = (await (await admin.request.get('/api/products')).json()) as {
    _id: string;
    name: string;
  }[];
  const product = products[products.length - 1]!;
  await admin.goto(`/dashboard/manage-product/${product._id}`);
  await expect(admin.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'Stock history' })).toBeVisible();
  await expect(admin.getByText('Product created').first()).toBeVisible();
  await expectAccessible(admin, 'product admin');

  // Not a PDF: refused by its bytes.
  await admin.getByLabel('PDF file').setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html>not a pdf</html>'),
  });
  await admin.getByRole('button', { name: 'Add document' }).click();
  await expect(admin.getByText('file: must be a PDF document')).toBeVisible();

  const pdf = await makePdf(`Datasheet of ${product.name}`);
  await admin
    .getByLabel('PDF file')
    .setInputFiles({ name: 'datasheet.pdf', mimeType: 'application/pdf', buffer: pdf });
  await admin.getByLabel('Title').fill('E2E datasheet');
  await admin.getByRole('button', { name: 'Add document' }).click();
  await expect(admin.getByRole('link', { name: 'E2E datasheet' })).toBeVisible();

  await admin.goto(`/product/${product._id}`);
  const documents = admin.getByRole('region', { name: 'Documents' });
  const link = documents.getByRole('link', { name: 'E2E datasheet' }).first();
  await expect(link).toBeVisible();
  await expectAccessible(admin, 'product page with documents');
  const [download] = await Promise.all([admin.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('datasheet.pdf');
  const saved = await readFile(await download.path());
  expect(saved.equals(pdf)).toBe(true);
  await testInfo.attach('datasheet', { body: saved, contentType: 'application/pdf' });
});
