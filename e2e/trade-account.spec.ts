import { test, expect, expectAccessible } from './fixtures';
import { linkFromMail, mailTo, newEmail } from './mail';
import { payByCard } from './payments';
import { newProduct } from './products';

// Issue #24's trade account from end to end (docs/decisions/039-trade-accounts.md, 040-approvals-and-limits.md,
// 041-paying-on-account.md), as one story: terms and a contract price from the shop, a buyer invited with a per-order
// limit, their cart over it waiting for the approver, approved from the mail, bought on account (Net 30), open on the
// statement and paid by card there. One scan per page the story is the only one to show.
test('a buyer with a $1,000 limit: contract price, $2,500 cart approved by mail, paid on account, then by card on the statement', async ({
  page,
  browser,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const name = `Trade Compressor ${tag}`;
  const sku = `TA-CMP-${tag}`.toUpperCase();
  // $120 a unit, $110 from 20; the smallest order (25) reaches the break, and the contract's $100 beats it: 25 units
  // are the $2,500 cart.
  const product = await newProduct(admin, {
    name,
    sku,
    price: 120,
    minOrder: 25,
    priceBreaks: [{ minQuantity: 20, price: 110 }],
  });

  // The company admin founds the company (the founder holds every role: she is its approver). Creating it through
  // the page is companies.spec.ts's.
  const ada = await register({ name: 'Ada Admin' });
  // Founding a company and inviting need a verified address (issue 39, item 7).
  await verifyEmail(ada);
  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/companies', {
    headers: { origin },
    data: { name: `Trade Co ${tag}`, taxId: '24-2424242' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const companyId = ((await created.json()) as { _id: string })._id;

  // The shop admin grants Net 30 and $10,000 of credit (set-up: the form's page is scanned below and in
  // companies.spec.ts) and gives the company a contract price on its detail page.
  const terms = await admin.request.put(`/api/companies/${companyId}/terms`, {
    headers: { origin },
    data: { netDays: 30, creditLimitCents: 1_000_000 },
  });
  expect(terms.status(), await terms.text()).toBe(200);
  await admin.goto(`/dashboard/companies/${companyId}`);
  await expect(
    admin.getByRole('region', { name: 'Terms and credit' }).getByText('$10,000.00').first(),
  ).toBeVisible();
  const lists = admin.getByRole('region', { name: 'Price lists' });
  await lists.getByRole('button', { name: 'Add a price list' }).click();
  const form = admin.getByRole('form', { name: 'New price list' });
  await form.getByLabel('Name').fill('Contract 2026');
  await form.getByRole('button', { name: 'Add a rule' }).click();
  await form.getByLabel('Rule 1 SKU').fill(sku);
  await form.getByLabel('Rule 1 Unit price ($)').fill('100');
  await expectAccessible(admin, 'admin company detail with terms and the price list editor');
  await form.getByRole('button', { name: 'Add the price list' }).click();
  await expect(lists.getByText(`${sku} (${name}): $100.00 instead of $120.00`)).toBeVisible();

  // The company admin invites a buyer by mail.
  await page.goto('/dashboard/company');
  const buyerEmail = newEmail('bea');
  await page.getByLabel('Email', { exact: true }).fill(buyerEmail);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`${buyerEmail} — Buyer`)).toBeVisible();
  const joinLink = await linkFromMail(buyerEmail, /invited you to/);

  // The buyer registers through the mailed link (it sends them to log in, they register from there and come back),
  // joins, and verifies their address (ordering needs it).
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await buyer.goto(joinLink);
  await expect(buyer).toHaveURL(/\/login$/);
  await buyer.getByRole('link', { name: "Let's Register" }).click();
  await buyer.getByLabel('Name', { exact: true }).fill('Bea Buyer');
  await buyer.getByLabel('Email', { exact: true }).fill(buyerEmail);
  await buyer.getByLabel('Password', { exact: true }).fill('secret123');
  await buyer.getByLabel('Confirm Password', { exact: true }).fill('secret123');
  await buyer.getByRole('button', { name: 'Register', exact: true }).click();
  await buyer.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(buyer.getByText('you are Buyer')).toBeVisible();
  await buyer.goto(await linkFromMail(buyerEmail, /Verify your email/));
  await buyer.getByRole('button', { name: 'Verify my email' }).click();
  await expect(buyer.getByText('Your email is verified.')).toBeVisible();

  // The company admin gives the buyer a $1,000 limit per order (limits are set once joined: decision 040).
  await page.reload();
  await page.getByRole('button', { name: 'Edit limits of Bea Buyer' }).click();
  const limits = page.getByRole('form', { name: 'Spending limits of Bea Buyer' });
  await limits.getByLabel('Limit per order ($)').fill('1000');
  await expectAccessible(page, 'company page with the limit editor');
  await limits.getByRole('button', { name: 'Save limits' }).click();
  await expect(page.getByText('Spending limits: $1,000.00 per order, none per month')).toBeVisible();

  // The product page: the contract price, the list price struck through, the list's $110 break beaten.
  await buyer.goto(`/product/${product._id}`);
  await expect(buyer.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(buyer.getByText('Your price $100.00, list price $120.00')).toBeAttached();
  await expect(buyer.locator('s', { hasText: '$120.00' })).toBeVisible();
  await expect(
    buyer
      .getByRole('table', { name: 'Price per unit by quantity' })
      .getByRole('row')
      .filter({ hasText: '$110.00' }),
  ).toBeVisible();
  // Order Now prices 25 units at the contract's $100 ($2,750.00 at the break), and refuses them: over the limit,
  // only the cart's checkout can wait for an approver.
  await buyer.getByRole('button', { name: 'Order Now' }).click();
  const modal = buyer.getByRole('dialog', { name: `Order ${name}` });
  await expect(modal.getByLabel('Quantity')).toHaveValue('25');
  await expect(modal.getByRole('status', { name: 'Total' })).toHaveText('$2,500.00');
  await modal.getByLabel('Number').fill('+1 555 0199');
  await modal.getByLabel('Address').fill('7 Warehouse Road');
  await modal.getByRole('button', { name: 'Place order' }).click();
  await expect(modal.getByRole('alert')).toHaveText(
    'This order is over the per-order limit of $1,000.00: add it to your cart and check out, so an approver of your company can approve it.',
  );
  await expectAccessible(buyer, 'product page with a contract price and Order Now refused');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await buyer.getByRole('button', { name: `Add to cart: ${name}` }).click();
  await expect(buyer.getByText(`Added 25 × ${name} to your cart.`)).toBeVisible();

  // The $2,500 cart checks out and waits: no way to pay, a clear reason.
  await buyer.goto('/dashboard/cart/checkout');
  await buyer.getByLabel('Mobile number').fill('+1 555 0199');
  await buyer.getByLabel('Street').fill('7 Warehouse Road');
  await buyer.getByLabel('City').fill('Springfield');
  await buyer.getByLabel('State').selectOption('IL');
  await buyer.getByLabel('ZIP').fill('62701');
  await buyer.getByLabel('PO number (optional)').fill(`PO-${tag}`);
  // This shop has no shipping or tax tables: once the rates have loaded, the goods are all there is to pay.
  await expect(buyer.getByText(/you pay for the goods only/)).toBeVisible();
  await buyer.getByRole('button', { name: 'Place order' }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/pay-checkout\/[0-9a-f-]{36}$/);
  const payPage = buyer.url();
  await expect(buyer.getByRole('region', { name: 'Checkout summary' })).toContainText('Awaiting approval');
  await expect(buyer.getByText(/over the per-order limit of \$1,000\.00/)).toBeVisible();
  await expect(buyer.getByLabel('Card number')).toHaveCount(0);
  await expect(buyer.getByRole('button', { name: 'Pay on account' })).toHaveCount(0);
  await expect((await mailTo(buyerEmail, /^Waiting for approval/)).text).toContain(name);

  // The approver opens the mailed link and approves.
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

  // The buyer, told by mail, buys it on account: Net 30.
  await expect((await mailTo(buyerEmail, /^Approved/)).text).toContain('OK for the Springfield job');
  await buyer.goto(payPage);
  await expect(buyer.getByText('Approved: “OK for the Springfield job”')).toBeVisible();
  const onAccount = buyer.getByRole('region', { name: 'Pay on account' });
  await expect(onAccount).toContainText(
    'Charge $2,500.00 to your company account: the invoice is due in 30 days.',
  );
  await onAccount.getByRole('button', { name: 'Pay on account' }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/my-orders$/);
  const paid = buyer.getByText(/Paid on account: invoice (INV-\d{4}-\d{6}), due (\d{4}-\d{2}-\d{2})\./);
  await expect(paid).toBeVisible();
  const [, invoiceNumber, dueDate] = (await paid.textContent())!.match(
    /(INV-\d{4}-\d{6}), due (\d{4}-\d{2}-\d{2})/,
  )!;
  expect(dueDate).toBe(new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10));
  // Not paid until the company pays the invoice (issue 38): the checkout reads when it is due.
  const shortDue = new Date(`${dueDate}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(buyer.getByRole('rowheader', { name: new RegExp(`^Checkout · PO PO-${tag}`) })).toContainText(
    `On account, due ${shortDue}`,
  );

  // The statement shows the invoice open, with its due date, and the credit it uses.
  await buyer.goto('/dashboard/company/statement');
  await expect(buyer.getByRole('heading', { level: 1, name: 'Account statement' })).toBeVisible();
  const row = buyer.getByRole('row').filter({ hasText: invoiceNumber! });
  await expect(row).toContainText('Open');
  const longDue = new Date(`${dueDate}T12:00:00Z`).toLocaleDateString('en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  await expect(row).toContainText(longDue);
  await expect(row).toContainText('$2,500.00');
  await expect(buyer.getByText('$7,500.00')).toBeVisible();
  await expectAccessible(buyer, 'statement with an open invoice');

  // Paid by card on the statement: it moves to Paid and the credit is whole again.
  await row.getByRole('checkbox', { name: `Pay ${invoiceNumber}` }).check();
  await buyer.getByRole('button', { name: 'Pay $2,500.00 by card' }).click();
  await payByCard(buyer, /\/dashboard\/company\/statement$/);
  await expect(buyer.getByText('Payment recorded on your account.')).toBeVisible();
  await expect(buyer.getByText('No open invoices.')).toBeVisible();
  await expect(buyer.getByText('$10,000.00').last()).toBeVisible();
  await buyer.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(buyer.getByRole('row').filter({ hasText: invoiceNumber! })).toContainText('Paid');
  await buyerContext.close();
});
