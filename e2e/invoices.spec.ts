import type { Page } from '@playwright/test';
import { e2eAdmin } from './admin';
import { test, expect, confirmDialog, expectAccessible } from './fixtures';
import { mailTo } from './mail';
import { invoiceProduct, seededProducts, type ApiProduct } from './products';
import { downloadsPdf } from './payments';

/** A product no other test orders from (they take those with a minimum order above one). */
async function product(page: Page): Promise<ApiProduct> {
  return invoiceProduct(await seededProducts(page))!;
}

test('paid order → invoice on its page and in the mail; refunded by the admin → credit note and history', async ({
  page,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(150_000);
  const customer = await register({ name: 'Ivy Invoiced' });
  await verifyEmail(customer);
  const item = await product(page);

  await page.goto(`/product/${item._id}`);
  await page.getByRole('button', { name: 'Order Now' }).click();
  const modal = page.getByRole('dialog', { name: `Order ${item.name}` });
  await modal.getByLabel('Quantity').fill('1');
  await modal.getByLabel('Number').fill('5550100');
  await modal.getByLabel('Address').fill('9 Ledger Row, Springfield');
  await modal.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(/is placed/)).toBeVisible();

  await page.goto('/dashboard/my-orders');
  await page
    .getByRole('row')
    .filter({ hasText: item.name })
    .first()
    .getByRole('link', { name: 'Pay' })
    .click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12/40');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-orders$/);

  const row = page.getByRole('row').filter({ hasText: item.name }).first();
  await row.getByRole('link', { name: `Details of ${item.name}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order details' })).toBeVisible();
  const history = page.getByRole('list', { name: 'Order history' });
  await expect(history.getByRole('listitem')).toHaveText([
    /Order placed/,
    /Payment received/,
    /Invoice issued/,
  ]);
  const invoiceLink = page.getByRole('link', { name: /^Invoice INV-\d{4}-\d{6}/ });
  const invoice = await downloadsPdf(page, invoiceLink, /^INV-\d{4}-\d{6}\.pdf$/);
  await expectAccessible(page, 'order details');

  const paidMail = await mailTo(customer.email, new RegExp(`^Payment received: `));
  expect(paidMail.text).toContain(`Your invoice ${invoice} is attached as a PDF.`);
  expect(paidMail.attachments).toEqual([
    { filename: `${invoice}.pdf`, contentType: 'application/pdf', head: '%PDF-' },
  ]);

  await admin.goto('/dashboard/manage-all-product');
  const adminRow = admin
    .getByRole('row')
    .filter({ hasText: item.name })
    .filter({ hasText: customer.name })
    .first();
  await adminRow.getByRole('button', { name: /^Refund/ }).click();
  await confirmDialog(admin, 'Cancel and refund this paid order?', 'Cancel and refund');
  await adminRow.getByRole('link', { name: `Details of ${item.name} for ${customer.name}` }).click();
  const adminHistory = admin.getByRole('list', { name: 'Order history' });
  await expect(adminHistory.getByRole('listitem').filter({ hasText: 'Cancelled' })).toContainText(
    `by admin ${e2eAdmin.email}`,
  );
  await expectAccessible(admin, 'order details (admin)');

  await page.reload();
  await expect(history.getByRole('listitem')).toHaveText([
    /Order placed/,
    /Payment received/,
    /Invoice issued/,
    /Cancelled/,
    /Refund requested/,
    /Refunded/,
    /Credit note issued/,
  ]);
  const note = await downloadsPdf(
    page,
    page.getByRole('link', { name: /^Credit note CN-/ }),
    /^CN-\d{4}-\d{6}\.pdf$/,
  );
  const documents = page.getByRole('region', { name: 'Invoices and credit notes' });
  await expect(documents.getByRole('listitem').filter({ hasText: note })).toContainText(
    `for invoice ${invoice}`,
  );
});
