import type { Page } from '@playwright/test';
import { test, expect, expectAccessible } from './fixtures';
import { newProduct, seededProducts } from './products';
import { payByCard } from './payments';

// My equipment (issue 43, docs/decisions/064-equipment.md). The e2e shop runs without the demo machines, so the test
// makes its own through the admin API the manual lists: a machine model with a service plan, a part that fits serials
// N1000–N4999, one that fits only from N5000 on (the buyer's machine is N1200) and a diagram with both as hotspots.

const phone = { width: 390, height: 844 };

/** An admin write through the API, from the admin's own page (the cross-site check asks for its origin). */
async function adminCall(admin: Page, method: 'post' | 'put', url: string, data: unknown) {
  const res = await admin.request[method](url, { headers: { origin: new URL(admin.url()).origin }, data });
  expect(res.status(), `${method.toUpperCase()} ${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as { id?: string; insertedId?: string };
}

/** No part of the page is wider than the phone's screen. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} fits a ${phone.width} px screen`).toBeLessThanOrEqual(phone.width);
}

test('a buyer registers the machine they bought, buys the parts that fit it, and its service kit', async ({
  page,
  adminPage: admin,
  register,
  verifyEmail,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const modelName = `RS-${tag}`;
  const machine = await newProduct(admin, {
    name: `Compressor ${modelName}`,
    price: 1200,
    sku: `cmp-${tag}`,
  });
  const filter = await newProduct(admin, { name: `Air filter ${tag}`, price: 25, sku: `af-${tag}` });
  const separator = await newProduct(admin, { name: `Separator ${tag}`, price: 80, sku: `sep-${tag}` });
  const kit = await newProduct(admin, { name: `Service kit ${tag}`, price: 60, sku: `kit-${tag}` });
  const [seeded] = await seededProducts(admin);

  const model = await adminCall(admin, 'post', '/api/equipment/models', {
    name: modelName,
    productId: machine._id,
    warrantyMonths: 24,
    diagramUrl: seeded!.img,
  });
  const modelId = model.id!;
  await adminCall(admin, 'post', `/api/equipment/models/${modelId}/fits`, {
    productId: filter._id,
    serialFrom: 'N1000',
    serialTo: 'N4999',
  });
  await adminCall(admin, 'post', `/api/equipment/models/${modelId}/fits`, {
    productId: separator._id,
    serialFrom: 'N5000',
  });
  const plan = await adminCall(admin, 'post', `/api/equipment/models/${modelId}/plan`, {
    productId: kit._id,
    everyHours: 500,
  });
  await adminCall(admin, 'put', `/api/equipment/models/${modelId}/hotspots`, {
    number: 1,
    xPct: 30,
    yPct: 40,
    productId: filter._id,
  });
  // The second hotspot is placed as an admin does it: a click on the diagram fills x% and y%.
  await admin.goto('/dashboard/equipment-models');
  await admin
    .getByLabel('Model', { exact: true })
    .selectOption({ label: `${modelName} (24 months warranty)` });
  const drawing = admin.getByRole('img', { name: /exploded diagram: click to fill/ });
  await expect(drawing).toBeVisible();
  const box = (await drawing.boundingBox())!;
  await drawing.click({ position: { x: box.width * 0.7, y: box.height * 0.6 } });
  const hotspot = admin.getByRole('form', { name: 'Place a hotspot' });
  await expect(hotspot.getByLabel('x (% of the width)')).toHaveValue(/^(69|70)(\.\d+)?$/);
  await hotspot.getByLabel('Hotspot number').fill('2');
  await hotspot.getByLabel('Part product id').fill(separator._id);
  await hotspot.getByRole('button', { name: 'Place hotspot' }).click();
  await expect(hotspot.getByRole('status')).toHaveText('Hotspot placed.');
  await expect(admin.getByRole('list', { name: 'Hotspots' })).toContainText(`2. ${separator.name} at`);

  // 1. Buy the machine, pay, and register it from the paid order's page.
  const buyer = await register({ name: 'Mona Machinist' });
  await verifyEmail(buyer);
  await page.goto(`/product/${machine._id}`);
  await page.getByRole('button', { name: 'Order Now' }).click();
  const modal = page.getByRole('dialog', { name: `Order ${machine.name}` });
  await modal.getByLabel('Quantity').fill('1');
  await modal.getByLabel('Number').fill('5550100');
  await modal.getByLabel('Address').fill('4 Workshop Lane, Springfield');
  await modal.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText(/is placed/)).toBeVisible();
  await page.goto('/dashboard/my-orders');
  await page
    .getByRole('row')
    .filter({ hasText: machine.name })
    .first()
    .getByRole('link', { name: 'Pay' })
    .click();
  await payByCard(page);
  await page
    .getByRole('row')
    .filter({ hasText: machine.name })
    .first()
    .getByRole('link', { name: `Details of ${machine.name}` })
    .click();
  await page.getByRole('link', { name: 'Register this machine' }).click();
  await expect(page.getByText(`This order holds a ${modelName}`)).toBeVisible();
  await page.getByLabel('Serial number').fill('N1200');
  await page.getByLabel('Install date').fill('2026-11-02');
  await page.getByLabel('Running hours', { exact: true }).fill('120');
  await page.getByRole('button', { name: 'Register this machine' }).click();
  const title = `${modelName} #N1200`;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/Warranty: covered until/)).toBeVisible();
  const machineUrl = page.url();

  await page.goto('/dashboard/equipment');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByText('120 running hours')).toBeVisible();
  await expectAccessible(page, 'My equipment');

  // 2. The diagram: numbered hotspots reached with Tab, named after their part; Enter shows the part, its fit and price.
  await page.goto(machineUrl);
  const spot1 = page.getByRole('button', { name: `Part 1: ${filter.name}` });
  const spot2 = page.getByRole('button', { name: `Part 2: ${separator.name}` });
  await expect(spot2).toBeVisible();
  await expectAccessible(page, 'a machine page');
  await spot1.focus();
  await page.keyboard.press('Tab');
  await expect(spot2).toBeFocused();
  await page.keyboard.press('Enter');
  const chosen = page.getByRole('region', { name: 'Chosen part' });
  await expect(chosen).toContainText('$80.00');
  await expect(chosen).toContainText('Does not fit this machine’s serial number.');
  await expect(chosen.getByRole('button', { name: `Add ${separator.name} to cart` })).toBeDisabled();
  await page.keyboard.press('Shift+Tab');
  await expect(spot1).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chosen).toContainText('$25.00');
  await expect(chosen).toContainText('Fits this machine.');
  await chosen.getByRole('button', { name: `Add ${filter.name} to cart` }).click();
  await expect(chosen.getByRole('status')).toHaveText('Added to your cart.');
  const cartLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart, / });
  await expect(cartLink).toHaveAccessibleName('Cart, 1 product');

  // 3. The product pages speak of the buyer's machine.
  await page.goto(`/product/${filter._id}`);
  await expect(page.getByText(`Fits your ${title}`)).toBeVisible();
  await page.goto(`/product/${separator._id}`);
  await expect(page.getByText(`Does not fit your ${title}`)).toBeVisible();

  // 4. Past the plan's 500 h the kit is due; the reminder's link (the sweep runs every 15 minutes and has no test
  // hook, so the link is made as the mail makes it) puts the kit in the cart beside the filter.
  await page.goto(machineUrl);
  await page.getByLabel('Running hours now').fill('650');
  await page.getByRole('button', { name: 'Update running hours' }).click();
  await expect(page.getByText(new RegExp(`${kit.name}, due .* or at 500 h`))).toBeVisible();
  await expect(page.getByRole('button', { name: `Put ${kit.name} in the cart` })).toBeVisible();
  await page.goto(`${machineUrl}/kit?items=${plan.insertedId}`);
  await expect(page).toHaveURL(/\/dashboard\/cart$/);
  await expect(page.getByRole('row').filter({ hasText: kit.name })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: filter.name })).toBeVisible();
  await expect(cartLink).toHaveAccessibleName('Cart, 2 products');

  // 5. A phone: My equipment and the machine page keep to the screen's width.
  await page.setViewportSize(phone);
  await page.goto('/dashboard/equipment');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expectNoSidewaysScroll(page, 'My equipment');
  await page.goto(machineUrl);
  await expect(spot1).toBeVisible();
  await expectNoSidewaysScroll(page, 'the machine page');

  // The admins' page of machine models.
  await admin.goto('/dashboard/equipment-models');
  await expect(admin.getByRole('heading', { level: 1, name: 'Equipment models' })).toBeVisible();
  await expect(
    admin.getByRole('option', { name: `${modelName} (24 months warranty)` }).first(),
  ).toBeAttached();
  await expectAccessible(admin, 'Equipment models');
});
