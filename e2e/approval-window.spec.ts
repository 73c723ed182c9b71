import { test, expect } from './fixtures';
import { linkFromMail, mailTo, newEmail } from './mail';
import { payByCard } from './payments';
import { newProduct } from './products';

// The approval window (docs/decisions/054-approval-window.md): a checkout over a buyer's limit waits days for an
// approver, not the 30-minute payment hold. The checkout is aged two days through the test clock (TEST_HOOKS, shop
// admins only); the server reads the real clock. Set-up through the API where trade-account.spec.ts already shows
// the pages.
test('an approval pending for two days is approved and paid', async ({
  page,
  browser,
  register,
  verifyEmail,
  adminPage: admin,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const name = `Window Compressor ${tag}`;
  const product = await newProduct(admin, { name, sku: `AW-${tag}`.toUpperCase(), price: 300, minOrder: 1 });
  const origin = new URL(admin.url()).origin;

  // A company admin (and approver) founds the company; a buyer joins through the mailed invitation.
  const ada = await register({ name: 'Ada Approver' });
  await verifyEmail(ada);
  const created = await page.request.post('/api/companies', {
    headers: { origin },
    data: { name: `Window Co ${tag}`, taxId: '54-5454545' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const companyId = ((await created.json()) as { _id: string })._id;

  // The company's approval window, on its page: 5 working days; 0 is refused at the field.
  await page.goto('/dashboard/company');
  const window = page.getByRole('region', { name: 'Approval window' });
  await expect(window).toContainText('waits 3 working days');
  const days = window.getByLabel('Working days to approve (1–30)');
  await days.fill('0');
  await window.getByRole('button', { name: 'Save approval window' }).click();
  await expect(window.getByText(/must be at least 1 working day/)).toBeVisible();
  await days.fill('5');
  await window.getByRole('button', { name: 'Save approval window' }).click();
  await expect(window).toContainText('waits 5 working days');

  const buyerEmail = newEmail('bo');
  const invited = await page.request.post(`/api/companies/${companyId}/invitations`, {
    headers: { origin },
    data: { email: buyerEmail, roles: ['buyer'] },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const joinLink = await linkFromMail(buyerEmail, /invited you to/);
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await buyer.goto(joinLink);
  await buyer.getByRole('link', { name: "Let's Register" }).click();
  await buyer.getByLabel('Name', { exact: true }).fill('Bo Buyer');
  await buyer.getByLabel('Email', { exact: true }).fill(buyerEmail);
  await buyer.getByLabel('Password', { exact: true }).fill('secret123');
  await buyer.getByLabel('Confirm Password', { exact: true }).fill('secret123');
  await buyer.getByRole('button', { name: 'Register', exact: true }).click();
  await buyer.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(buyer.getByText('you are Buyer')).toBeVisible();
  await buyer.goto(await linkFromMail(buyerEmail, /Verify your email/));
  await buyer.getByRole('button', { name: 'Verify my email' }).click();
  await expect(buyer.getByText('Your email is verified.')).toBeVisible();
  const members = (await (await page.request.get(`/api/companies/${companyId}/members`)).json()) as {
    userId: string;
    email: string;
  }[];
  const bo = members.find((m) => m.email === buyerEmail)!;
  const limits = await page.request.put(`/api/companies/${companyId}/members/${bo.userId}/limits`, {
    headers: { origin },
    data: { orderLimit: 100, monthlyLimit: null },
  });
  expect(limits.status(), await limits.text()).toBe(200);

  // The $300 cart checks out and waits, saying until when.
  await buyer.goto(`/product/${product._id}`);
  await buyer.getByRole('button', { name: `Add to cart: ${name}` }).click();
  await expect(buyer.getByText(`Added 1 × ${name} to your cart.`)).toBeVisible();
  await buyer.goto('/dashboard/cart/checkout');
  await buyer.getByLabel('Mobile number').fill('+1 555 0154');
  await buyer.getByLabel('Street').fill('54 Window Lane');
  await buyer.getByLabel('City').fill('Springfield');
  await buyer.getByLabel('State').selectOption('IL');
  await buyer.getByLabel('ZIP').fill('62701');
  await expect(buyer.getByText(/you pay for the goods only/)).toBeVisible();
  await buyer.getByRole('button', { name: 'Place order' }).click();
  await expect(buyer).toHaveURL(/\/dashboard\/pay-checkout\/[0-9a-f-]{36}$/);
  const payPage = buyer.url();
  const checkoutId = payPage.split('/').at(-1)!;
  const summary = buyer.getByRole('region', { name: 'Checkout summary' });
  await expect(summary).toContainText(
    /Awaiting approval until \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC/,
  );
  const until = (await summary.getByText(/Awaiting approval until/).textContent())!.replace(
    'Awaiting approval until ',
    '',
  );
  expect((await mailTo(ada.email, /^Approval needed/)).text).toContain(
    `Please approve or reject it by ${until}`,
  );

  // Two days pass: far beyond the 30-minute payment hold, the checkout still waits and holds its stock.
  const aged = await admin.request.post(`/api/test/checkouts/${checkoutId}/age`, {
    headers: { origin },
    data: { days: 2 },
  });
  expect(aged.status(), await aged.text()).toBe(200);
  await buyer.reload();
  await expect(summary).toContainText('Awaiting approval until');
  await expect(buyer.getByLabel('Card number')).toHaveCount(0);

  // The approver opens the mailed link: the page says until when, and she approves.
  await page.goto(await linkFromMail(ada.email, /^Approval needed/));
  await expect(page.getByText(/^Awaiting approval until/)).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(/^Approved by Ada Approver/)).toBeVisible();

  // The buyer has the whole payment hold from now, and pays by card.
  expect((await mailTo(buyerEmail, /^Approved/)).text).toMatch(/Please pay for it by /);
  await buyer.goto(payPage);
  await expect(buyer.getByText(/^Pay by /)).toBeVisible();
  await payByCard(buyer);
  await expect(buyer.getByText(name).first()).toBeVisible();
  await buyerContext.close();
});
