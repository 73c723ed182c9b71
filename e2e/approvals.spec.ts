import { test, expect, dashboardLink, expectAccessible, submitRegistration } from './fixtures';
import { linkFromMail, mailTo, newEmail } from './mail';
import { payByCard } from './payments';
import { newProduct } from './products';

// Spending limits and approvals (docs/decisions/040-approvals-and-limits.md): a company admin sets a buyer's
// per-order limit; the buyer's larger checkout waits; the admin (also the approver) approves from the mail's link;
// the buyer pays by card.
test('a checkout over the buyer’s limit waits for approval, is approved from the mail, then paid by card', async ({
  page,
  browser,
  register,
  adminPage,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const product = await newProduct(adminPage, {
    name: `Rotary screw compressor 11 kW ${stamp}`,
    price: 2500,
  });

  // The company admin founds the company (the founder holds every role, approver included) and invites a buyer.
  const ada = await register({ name: 'Ada Admin' });
  const origin = new URL(page.url()).origin;
  const company = await page.request.post('/api/companies', {
    headers: { origin },
    data: { name: `Approvals Co ${stamp}`, taxId: '12-3456789' },
  });
  expect(company.status()).toBe(201);
  await page.goto('/dashboard/company');
  const buyerEmail = newEmail('bea');
  await page.getByLabel('Email', { exact: true }).fill(buyerEmail);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`${buyerEmail} — Buyer`)).toBeVisible();
  const joinLink = await linkFromMail(buyerEmail, /invited you to/);

  // The buyer registers in their own browser, joins through the link and verifies their address (ordering needs it).
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await submitRegistration(buyer, { name: 'Bea Buyer', email: buyerEmail, password: 'secret123' });
  await expect(dashboardLink(buyer)).toBeVisible();
  await buyer.goto(joinLink);
  await buyer.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(buyer.getByText('you are Buyer')).toBeVisible();
  await buyer.goto(await linkFromMail(buyerEmail, /Verify your email/));
  await buyer.getByRole('button', { name: 'Verify my email' }).click();
  await expect(buyer.getByText('Your email is verified.')).toBeVisible();

  // The company admin gives the buyer a $1,000 limit per order.
  await page.reload();
  await page.getByRole('button', { name: 'Edit limits of Bea Buyer' }).click();
  const limits = page.getByRole('form', { name: 'Spending limits of Bea Buyer' });
  await limits.getByLabel('Limit per order ($)').fill('1000');
  await expectAccessible(page, 'company page with the limit editor');
  await limits.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByText('Spending limits: $1,000.00 per order, none per month')).toBeVisible();

  // The buyer's $2,500 cart checks out and waits: no card form, a clear reason.
  const added = await buyer.request.post(`/api/cart/${buyerEmail}/lines`, {
    headers: { origin },
    data: { productId: product._id, quantity: 1 },
  });
  expect(added.status()).toBe(200);
  await buyer.goto('/dashboard/cart/checkout');
  await buyer.getByLabel('Mobile number').fill('+1 555 0199');
  await buyer.getByLabel('Street').fill('7 Warehouse Road');
  await buyer.getByLabel('City').fill('Springfield');
  await buyer.getByLabel('State').selectOption('IL');
  await buyer.getByLabel('ZIP').fill('62701');
  await buyer.getByLabel('PO number (optional)').fill(`PO-${stamp}`);
  // This shop has no shipping or tax tables: once the rates have loaded, the goods are all there is to pay.
  await expect(buyer.getByText(/you pay for the goods only/)).toBeVisible();
  await buyer.getByRole('button', { name: 'Place order' }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/pay-checkout\/[0-9a-f-]{36}$/);
  const payPage = buyer.url();
  await expect(buyer.getByRole('region', { name: 'Checkout summary' })).toContainText('Awaiting approval');
  await expect(buyer.getByText(/over the per-order limit of \$1,000\.00/)).toBeVisible();
  await expect(buyer.getByLabel('Card number')).toHaveCount(0);
  await expect((await mailTo(buyerEmail, /^Waiting for approval/)).text).toContain(product.name);
  await buyer.goto('/dashboard/my-orders');
  await expect(
    buyer.getByRole('rowheader', { name: new RegExp(`^Checkout · PO PO-${stamp}`) }),
  ).toContainText('Awaiting approval');

  // The approver opens the mail's link, looks it over and approves with a comment.
  const approvalLink = await linkFromMail(ada.email, /^Approval needed/);
  expect(approvalLink).toMatch(/\/dashboard\/company\/approvals\/[0-9a-f-]{36}$/);
  await page.goto(approvalLink);
  const summary = page.getByRole('region', { name: /^Checkout of \$2,500\.00/ });
  await expect(summary).toContainText(`Bea Buyer (${buyerEmail})`);
  await expect(summary).toContainText('over the per-order limit of $1,000.00');
  await expectAccessible(page, 'approval page');
  await page.getByLabel('Comment for the buyer (optional)').fill('OK for the Springfield job');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(/^Approved by Ada Admin/)).toBeVisible();
  await expectAccessible(page, 'approval page, decided');
  await page.goto('/dashboard/company');
  await expect(page.getByText('No checkout is waiting for approval.')).toBeVisible();

  // The buyer is told and pays by card as usual.
  await expect((await mailTo(buyerEmail, /^Approved/)).text).toContain('OK for the Springfield job');
  await buyer.goto(payPage);
  await expect(buyer.getByText('Approved: “OK for the Springfield job”')).toBeVisible();
  await payByCard(buyer);
  await expect(
    buyer.getByRole('rowheader', { name: new RegExp(`^Checkout · PO PO-${stamp}`) }),
  ).toContainText('Paid');
  await buyerContext.close();
});
