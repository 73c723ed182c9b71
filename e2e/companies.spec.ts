import { test, expect, expectAccessible } from './fixtures';
import { linkFromMail, newEmail } from './mail';
import { orderingCandidates, seededProducts } from './products';

// Trade accounts (docs/decisions/039-trade-accounts.md): a company admin invites a buyer by mail, the buyer registers
// through the link and joins, the buyer's order shows in the company's orders, a shared list goes to the cart.
test('a company admin invites a buyer, who registers via the link; the order and a shared list follow', async ({
  page,
  browser,
  register,
  verifyEmail,
  adminPage,
}) => {
  test.setTimeout(120_000);
  const companyName = `Acme Fabrication ${Date.now().toString(36)}`;
  const ada = await register({ name: 'Ada Admin' });
  await page.goto('/dashboard/company');
  // A company mails whoever its admin names: the address comes first, and the page says so before any form
  // (issue 39, item 7).
  await expect(
    page.getByText('Please verify your email address before creating a company', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create company' })).toHaveCount(0);
  await verifyEmail(ada);
  await page.goto('/dashboard/company');
  await expect(page.getByRole('heading', { name: 'Create a company' })).toBeVisible();
  await expectAccessible(page, 'company page without a company');
  await page.getByLabel('Company name').fill(companyName);
  await page.getByLabel('Tax ID').fill('12-3456789');
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByText(`${companyName} (tax ID 12-3456789)`)).toBeVisible();

  // Invite a buyer by email; the mail carries the link.
  const buyerEmail = newEmail('bea');
  await page.getByLabel('Email', { exact: true }).fill(buyerEmail);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`${buyerEmail} — Buyer`)).toBeVisible();
  await expectAccessible(page, 'company page');
  const link = await linkFromMail(buyerEmail, /invited you to/);
  expect(link).toContain('/dashboard/company/join?token=');

  // The buyer has no account: the link sends them to log in, they register from there and come back to join.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await buyer.goto(link);
  await expect(buyer).toHaveURL(/\/login$/);
  await buyer.getByRole('link', { name: "Let's Register" }).click();
  await buyer.getByLabel('Name', { exact: true }).fill('Bea Buyer');
  await buyer.getByLabel('Email', { exact: true }).fill(buyerEmail);
  await buyer.getByLabel('Password', { exact: true }).fill('secret123');
  await buyer.getByLabel('Confirm Password', { exact: true }).fill('secret123');
  await buyer.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(buyer.getByRole('heading', { name: `Join ${companyName}` })).toBeVisible();
  await expectAccessible(buyer, 'join page');
  await buyer.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/company$/);
  await expect(buyer.getByText('you are Buyer')).toBeVisible();

  // The buyer verifies their address (ordering needs it) and orders.
  await buyer.goto(await linkFromMail(buyerEmail, /Verify your email/));
  await buyer.getByRole('button', { name: 'Verify my email' }).click();
  await expect(buyer.getByText('Your email is verified.')).toBeVisible();
  const product = orderingCandidates(await seededProducts(buyer)).at(0)!;
  const order = await buyer.request.post(`/api/order/${buyerEmail}`, {
    headers: { origin: new URL(buyer.url()).origin },
    data: {
      productId: product._id,
      quantity: product.minOrder,
      number: '+1 555 0100',
      address: '1 Yard Road',
    },
  });
  expect(order.status()).toBe(200);

  // The company admin sees it, with who ordered.
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toContainText(`Bea Buyer (${buyerEmail})`);
  await expect(page.getByText(`Bea Buyer (${buyerEmail}) — Buyer`)).toBeVisible();

  // A shared list goes into the cart in one click.
  await page.getByLabel('List name').fill('Shop floor restock');
  await page.getByLabel('Lines (one "SKU, quantity" a line)').fill('RS-75-400, 1');
  await page.getByRole('button', { name: 'Save list' }).click();
  await page.getByRole('button', { name: 'Add all of Shop floor restock to cart' }).click();
  await expect(page.getByText('Shop floor restock added to your cart')).toBeVisible();
  await expectAccessible(page, 'company page with orders and lists');
  await page.goto('/dashboard/cart');
  await expect(page.getByRole('row').filter({ hasText: 'Rotary Screw Compressor 7.5 kW' })).toBeVisible();

  // The shop's admin finds the company and its members.
  await adminPage.goto('/dashboard/companies');
  await adminPage.getByLabel('Search companies').fill(companyName);
  await adminPage.getByRole('button', { name: 'Search' }).click();
  await adminPage.getByRole('link', { name: companyName }).click();
  await expect(adminPage.getByRole('heading', { name: companyName })).toBeVisible();
  await expect(adminPage.getByText(`(${buyerEmail}) — Buyer`)).toBeVisible();
  await expectAccessible(adminPage, 'admin company detail');
  await adminPage.goto('/dashboard/companies');
  await expect(adminPage.getByRole('table')).toBeVisible();
  await expectAccessible(adminPage, 'admin companies');
  await buyerContext.close();
});
