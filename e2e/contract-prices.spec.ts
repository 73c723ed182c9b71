import { test, expect, expectAccessible } from './fixtures';
import { newProduct } from './products';

// Contract prices (docs/decisions/039-trade-accounts.md): a shop admin gives a company a price list on the company's
// detail page; its member sees the contract price, which beats the product's own quantity break, on the product page.
test('a contract price beats a list break on the product page', async ({
  page,
  register,
  adminPage: admin,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const name = `Contract Drill ${tag}`;
  const sku = `CP-DRL-${tag}`.toUpperCase();
  const product = await newProduct(admin, {
    name,
    sku,
    price: 50,
    priceBreaks: [{ minQuantity: 10, price: 45 }],
  });

  await register({ name: 'Cora Contract' });
  const created = await page.request.post('/api/companies', {
    headers: { origin: new URL(page.url()).origin },
    data: { name: `Contract Co ${tag}`, taxId: '55-1234567' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const companyId = ((await created.json()) as { _id: string })._id;

  // Before any price list: the list price, no "Your price".
  await page.goto(`/product/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(/Your price/)).toHaveCount(0);

  await admin.goto(`/dashboard/companies/${companyId}`);
  const section = admin.getByRole('region', { name: 'Price lists' });
  await expect(section.getByText('No price lists: members pay list prices.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a price list' }).click();
  const form = admin.getByRole('form', { name: 'New price list' });
  await form.getByLabel('Name').fill('Contract 2026');
  await form.getByRole('button', { name: 'Add a rule' }).click();
  await form.getByLabel('Rule 1 SKU').fill(sku);
  await form.getByLabel('Rule 1 Unit price ($)').fill('40');
  await expectAccessible(admin, 'price list editor');
  await form.getByRole('button', { name: 'Add the price list' }).click();
  await expect(section.getByText(`${sku} (${name}): $40.00 instead of $50.00`)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Your price $40.00, list price $50.00')).toBeAttached();
  await expectAccessible(page, 'product page with a contract price');

  // Ten units reach the $45 break; the $40 contract price is lower and is what the order costs.
  await page.getByRole('button', { name: 'Order Now' }).click();
  const modal = page.getByRole('dialog', { name: `Order ${name}` });
  await modal.getByLabel('Quantity').fill('10');
  await expect(modal.getByRole('status', { name: 'Total' })).toHaveText('$400.00');
});
