// Both databases: issue #24 asks for every trade-account rule (members, invitations, a member leaving, 403 across companies) on both.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMessages } from '@shared/companies/companies.schema';
import { companyInvitations, taxExemptions, user } from '../../db/schema';
import { auditEntries } from '../../test/admin';
import { apiCaller } from '../../test/companies';
import { signUp, signUpAdmin, uniqueEmail, type Client } from '../../test/auth';
import { cartApi, checkoutApi, makeCartProduct, twoLineCheckout } from '../../test/cart';
import { createTestApp, type TestApp } from '../../test/helper';
import { quoteApi } from '../../test/quotes';
import { payOrder, placeOrder } from '../../test/shop';

// Trade accounts, part 1 (docs/decisions/039-trade-accounts.md): every rule through the HTTP API, as a browser calls it.
let t: TestApp;
let admin: Client;
let ann: Client; // founds Acme
let bob: Client; // joins Acme as a buyer
let cat: Client; // founds Other Co
let dan: Client; // never in a company
let acme: string;
let other: string;

const call = apiCaller(() => t.app);

const tokenOf = (email: string) => {
  const link = t.mail.linksTo(email).at(-1);
  if (!link) throw new Error(`no mail to ${email}`);
  return new URL(link).searchParams.get('token')!;
};

async function inviteAndJoin(companyId: string, by: Client, who: Client, roles: string[]) {
  const res = await call(by, 'POST', `/companies/${companyId}/invitations`, { email: who.email, roles });
  expect(res.statusCode).toBe(201);
  const joined = await call(who, 'POST', `/company-invitations/${tokenOf(who.email)}/accept`);
  expect(joined.statusCode).toBe(200);
}

beforeAll(async () => {
  // Many people sign up here: the sign-up rate limit (its own tests) stays out of the way.
  t = await createTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: 'false' });
  [ann, bob, cat, dan] = [
    await signUp(t.app, { name: 'Ann Founder', verified: true }),
    await signUp(t.app, { name: 'Bob Buyer', verified: true }),
    await signUp(t.app, { name: 'Cat Other', verified: true }),
    await signUp(t.app, { name: 'Dan Solo', verified: true }),
  ];
  admin = await signUpAdmin(t.app);
  const a = await call(ann, 'POST', '/companies', { name: 'Acme Tools', taxId: '12-3456789' });
  expect(a.statusCode).toBe(201);
  acme = a.json()._id;
  const o = await call(cat, 'POST', '/companies', { name: 'Other Co', taxId: '98-7654321' });
  other = o.json()._id;
  await inviteAndJoin(acme, ann, bob, ['buyer']);
});
afterAll(() => t.close());

describe('creating a company', () => {
  it('makes the founder its company admin with every role, and audits it', async () => {
    const mine = await call(ann, 'GET', '/companies/mine');
    expect(mine.json().company).toMatchObject({
      _id: acme,
      name: 'Acme Tools',
      taxId: '12-3456789',
      memberCount: 2,
      myRoles: ['admin', 'buyer', 'approver'],
    });
    const created = await auditEntries(t.app, admin, 'company.created');
    expect(created.map((e) => e.entityId)).toContain(acme);
  });

  it('answers null for a customer without a company, who buys exactly as before', async () => {
    expect((await call(dan, 'GET', '/companies/mine')).json()).toEqual({ company: null });
    const p = await makeCartProduct(t.app);
    const order = await placeOrder(t.app, dan, { productId: p.id, quantity: 1 });
    expect(order.statusCode).toBe(200);
  });

  it('refuses a second company for a member (409) and bad input naming the field (400)', async () => {
    const again = await call(bob, 'POST', '/companies', { name: 'Bob Co', taxId: '1' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(companyMessages.alreadyMember);
    const bad = await call(dan, 'POST', '/companies', { name: ' ', taxId: '1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^name/);
    const badTax = await call(dan, 'POST', '/companies', { name: 'Dan Co', taxId: '<script>' });
    expect(badTax.json().message).toMatch(/^taxId/);
    expect((await call(null, 'GET', '/companies/mine')).statusCode).toBe(401);
  });
});

describe('invitations', () => {
  it('only a company admin invites; the link is mailed, single-use, for the invited email only', async () => {
    const buyerTries = await call(bob, 'POST', `/companies/${acme}/invitations`, {
      email: 'x@example.com',
      roles: ['buyer'],
    });
    expect(buyerTries.statusCode).toBe(403);
    expect(buyerTries.json().message).toBe(companyMessages.adminsOnly);

    const eve = await signUp(t.app, { name: 'Eve Invited' });
    const res = await call(ann, 'POST', `/companies/${acme}/invitations`, {
      email: eve.email.toUpperCase(),
      roles: ['approver'],
    });
    expect(res.statusCode).toBe(201);
    const mail = t.mail.sent.at(-1)!;
    expect(mail.to).toBe(eve.email);
    expect(mail.subject).toContain('Acme Tools');
    const token = tokenOf(eve.email);
    expect(t.mail.linksTo(eve.email).at(-1)).toContain('/dashboard/company/join?token=');

    // Another account cannot take it, and sees why.
    const preview = await call(dan, 'GET', `/company-invitations/${token}`);
    expect(preview.json()).toMatchObject({
      companyName: 'Acme Tools',
      problem: companyMessages.invitationOtherEmail(eve.email),
    });
    expect((await call(dan, 'POST', `/company-invitations/${token}/accept`)).statusCode).toBe(403);

    expect((await call(eve, 'GET', `/company-invitations/${token}`)).json().problem).toBeNull();
    const ok = await call(eve, 'POST', `/company-invitations/${token}/accept`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ _id: acme, myRoles: ['approver'] });
    const again = await call(eve, 'POST', `/company-invitations/${token}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(companyMessages.invitationUsed);
    expect((await call(eve, 'GET', `/company-invitations/not-a-token-but-long-enough`)).statusCode).toBe(404);
    expect((await call(eve, 'GET', `/company-invitations/bad`)).statusCode).toBe(400);
  });

  it('works for a new account: the person registers with the invited address, then accepts', async () => {
    const email = uniqueEmail('newbie');
    await call(ann, 'POST', `/companies/${acme}/invitations`, { email, roles: ['buyer'] });
    const token = tokenOf(email);
    const fresh = await signUp(t.app, { email, name: 'New Buyer' });
    const ok = await call(fresh, 'POST', `/company-invitations/${token}/accept`);
    expect(ok.statusCode).toBe(200);
    const joined = await auditEntries(t.app, admin, 'company_member.joined');
    expect(joined.some((e) => e.actorEmail === email)).toBe(true);
  });

  it('refuses an expired link, and someone already in a company', async () => {
    const late = await signUp(t.app, { name: 'Late' });
    await call(ann, 'POST', `/companies/${acme}/invitations`, { email: late.email, roles: ['buyer'] });
    await t.database.db
      .update(companyInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(companyInvitations.email, late.email));
    const expired = await call(late, 'POST', `/company-invitations/${tokenOf(late.email)}/accept`);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(companyMessages.invitationExpired);

    await call(cat, 'POST', `/companies/${other}/invitations`, { email: bob.email, roles: ['buyer'] });
    const taken = await call(bob, 'POST', `/company-invitations/${tokenOf(bob.email)}/accept`);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(companyMessages.alreadyMember);
  });

  it('inviting again replaces the open link; a withdrawn one stops working', async () => {
    const fay = await signUp(t.app, { name: 'Fay' });
    await call(ann, 'POST', `/companies/${acme}/invitations`, { email: fay.email, roles: ['buyer'] });
    const first = tokenOf(fay.email);
    const second = await call(ann, 'POST', `/companies/${acme}/invitations`, {
      email: fay.email,
      roles: ['admin'],
    });
    expect((await call(fay, 'GET', `/company-invitations/${first}`)).statusCode).toBe(404);
    const open = (await call(ann, 'GET', `/companies/${acme}/invitations`)).json() as {
      _id: string;
      email: string;
    }[];
    expect(open.filter((i) => i.email === fay.email)).toHaveLength(1);
    expect(
      (await call(ann, 'DELETE', `/companies/${acme}/invitations/${second.json()._id}`)).statusCode,
    ).toBe(200);
    expect((await call(fay, 'POST', `/company-invitations/${tokenOf(fay.email)}/accept`)).statusCode).toBe(
      404,
    );
    expect((await auditEntries(t.app, admin, 'company_invitation.revoked')).length).toBeGreaterThan(0);
  });

  it('two accepts of one link at once: exactly one joins', async () => {
    const gus = await signUp(t.app, { name: 'Gus' });
    await call(ann, 'POST', `/companies/${acme}/invitations`, { email: gus.email, roles: ['buyer'] });
    const token = tokenOf(gus.email);
    const codes = (
      await Promise.all([1, 2, 3].map(() => call(gus, 'POST', `/company-invitations/${token}/accept`)))
    ).map((r) => r.statusCode);
    expect(codes.sort()).toEqual([200, 409, 409]);
  });
});

describe('members and roles', () => {
  it('the last company admin can be neither demoted nor leave; another admin makes it possible', async () => {
    const hal = await signUp(t.app, { name: 'Hal', verified: true });
    const h = await call(hal, 'POST', '/companies', { name: 'Hal Works', taxId: 'HW-1' });
    const hw = h.json()._id;
    const me = (await call(hal, 'GET', `/companies/${hw}/members`)).json()[0];
    const demote = await call(hal, 'PUT', `/companies/${hw}/members/${me.userId}`, { roles: ['buyer'] });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ message: `roles: ${companyMessages.lastAdmin}`, field: 'roles' });
    const leave = await call(hal, 'DELETE', `/companies/${hw}/members/${me.userId}`);
    expect(leave.statusCode).toBe(409);

    const ivy = await signUp(t.app, { name: 'Ivy' });
    await inviteAndJoin(hw, hal, ivy, ['admin']);
    expect(
      (
        await call(hal, 'PUT', `/companies/${hw}/members/${me.userId}`, { roles: ['buyer', 'approver'] })
      ).json(),
    ).toMatchObject({
      roles: ['buyer', 'approver'],
    });
    expect((await call(hal, 'GET', `/companies/${hw}`)).json().myRoles).toEqual(['buyer', 'approver']);
    // Now a buyer, Hal may not manage members any more.
    expect(
      (await call(hal, 'POST', `/companies/${hw}/invitations`, { email: 'z@example.com', roles: ['buyer'] }))
        .statusCode,
    ).toBe(403);
    expect((await auditEntries(t.app, admin, 'company_member.roles_changed')).length).toBeGreaterThan(0);
  });

  it('two admins demoting each other at once: one stays admin', async () => {
    const jo = await signUp(t.app, { name: 'Jo', verified: true });
    const kim = await signUp(t.app, { name: 'Kim' });
    const c = (await call(jo, 'POST', '/companies', { name: 'Race Co', taxId: 'RC-1' })).json()._id;
    await inviteAndJoin(c, jo, kim, ['admin']);
    const [mJo, mKim] = (await call(jo, 'GET', `/companies/${c}/members`)).json() as { userId: string }[];
    const res = await Promise.all([
      call(jo, 'PUT', `/companies/${c}/members/${mKim!.userId}`, { roles: ['buyer'] }),
      call(kim, 'PUT', `/companies/${c}/members/${mJo!.userId}`, { roles: ['buyer'] }),
    ]);
    const members = (await call(admin, 'GET', `/companies/${c}/members`)).json() as { roles: string[] }[];
    expect(members.filter((m) => m.roles.includes('admin'))).toHaveLength(1);
    expect(res.map((r) => r.statusCode).sort()).toEqual([200, 403]);
  });

  it("a removed member loses access at once; their orders stay the company's", async () => {
    const lee = await signUp(t.app, { name: 'Lee Leaving', verified: true });
    await inviteAndJoin(acme, ann, lee, ['buyer']);
    const p = await makeCartProduct(t.app);
    const placed = await placeOrder(t.app, lee, { productId: p.id, quantity: 1 });
    expect((await call(lee, 'GET', `/companies/${acme}/orders`)).statusCode).toBe(200);
    const leeId = (
      await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, lee.email))
    )[0]!.id;
    expect((await call(bob, 'DELETE', `/companies/${acme}/members/${leeId}`)).statusCode).toBe(403);
    expect((await call(ann, 'DELETE', `/companies/${acme}/members/${leeId}`)).statusCode).toBe(200);
    const after = await call(lee, 'GET', `/companies/${acme}/orders`);
    expect(after.statusCode).toBe(403);
    expect(after.json().message).toBe(companyMessages.notMember);
    expect((await call(lee, 'GET', '/companies/mine')).json().company).toBeNull();
    const orders = (await call(ann, 'GET', `/companies/${acme}/orders?limit=100`)).json() as {
      _id: string;
    }[];
    expect(orders.map((o) => o._id)).toContain(placed.json().insertedId);
    // Orders placed after leaving are Lee's own.
    const later = await placeOrder(t.app, lee, { productId: p.id, quantity: 1 });
    const again = (await call(ann, 'GET', `/companies/${acme}/orders?limit=100`)).json() as { _id: string }[];
    expect(again.map((o) => o._id)).not.toContain(later.json().insertedId);
    expect((await auditEntries(t.app, admin, 'company_member.removed')).length).toBeGreaterThan(0);
  });

  it('a member may leave on their own', async () => {
    const mo = await signUp(t.app, { name: 'Mo' });
    await inviteAndJoin(acme, ann, mo, ['approver']);
    const id = (await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, mo.email)))[0]!
      .id;
    expect((await call(mo, 'DELETE', `/companies/${acme}/members/${id}`)).statusCode).toBe(200);
    expect((await call(mo, 'GET', `/companies/${acme}`)).statusCode).toBe(403);
    expect((await auditEntries(t.app, admin, 'company_member.left')).length).toBeGreaterThan(0);
  });
});

describe('another company', () => {
  it('is 403 for every call, whether it exists or not; the shop admin sees it; an unknown id is 404 for the admin', async () => {
    for (const path of ['', '/members', '/orders', '/quotes', '/invoices', '/lists', '/locations'])
      expect((await call(bob, 'GET', `/companies/${other}${path}`)).statusCode).toBe(403);
    expect((await call(bob, 'POST', `/companies/${other}/lists`, { name: 'x', lines: [] })).statusCode).toBe(
      403,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(bob, 'GET', `/companies/${unknown}`)).statusCode).toBe(403);
    expect((await call(admin, 'GET', `/companies/${unknown}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/companies/${other}/members`)).statusCode).toBe(200);
    expect((await call(dan, 'GET', `/companies/${acme}/orders`)).statusCode).toBe(403);
    expect((await call(bob, 'GET', `/companies/not-an-id`)).statusCode).toBe(400);
  });

  it('an item of another company is not found in this one', async () => {
    const list = await call(cat, 'POST', `/companies/${other}/lists`, { name: 'Other list', lines: [] });
    expect((await call(ann, 'POST', `/companies/${acme}/lists/${list.json()._id}/cart`)).statusCode).toBe(
      404,
    );
    expect((await call(ann, 'DELETE', `/companies/${acme}/lists/${list.json()._id}`)).statusCode).toBe(404);
  });
});

describe("the company's history", () => {
  it("shows every member's orders, quotes and invoices with who placed them, and a member reorders one", async () => {
    const p = await makeCartProduct(t.app, { priceCents: 2_000 });
    const placed = await placeOrder(t.app, bob, { productId: p.id, quantity: 2 });
    const id = placed.json().insertedId as string;
    const { pay } = await payOrder(t.app, bob, id);
    expect(pay!.statusCode).toBe(200);
    const quote = await quoteApi(t.app, bob).request({ lines: [{ productId: p.id, quantity: 5 }] });
    expect(quote.statusCode).toBe(201);

    const orders = await call(ann, 'GET', `/companies/${acme}/orders?limit=1`);
    expect(orders.headers['x-total-count']).toBeDefined();
    expect(orders.json()[0]).toMatchObject({
      _id: id,
      buyerEmail: bob.email,
      quantity: 2,
      totalCents: 4_000,
      paymentStatus: true,
    });
    const next = orders.headers['x-next-cursor'] as string;
    expect(next).toBeTruthy();
    const page2 = (await call(ann, 'GET', `/companies/${acme}/orders?limit=1&cursor=${next}`)).json();
    expect(page2[0]._id).not.toBe(id);
    const quotes = (await call(ann, 'GET', `/companies/${acme}/quotes`)).json();
    expect(quotes[0]).toMatchObject({ _id: quote.json()._id, buyerEmail: bob.email, lineCount: 1 });
    const invoices = (await call(ann, 'GET', `/companies/${acme}/invoices`)).json();
    expect(invoices[0]).toMatchObject({ kind: 'invoice', totalCents: 4_000, buyerEmail: bob.email });
    // Nothing of Acme's shows at Other Co.
    expect((await call(cat, 'GET', `/companies/${other}/orders`)).json()).toEqual([]);

    const re = await call(ann, 'POST', `/companies/${acme}/orders/${id}/reorder`);
    expect(re.statusCode).toBe(200);
    expect(re.json().cart.lines.find((l: { productId: string }) => l.productId === p.id).quantity).toBe(2);
    expect((await call(cat, 'POST', `/companies/${other}/orders/${id}/reorder`)).statusCode).toBe(404);
  });
  it("a member's checkout: its lines and its one invoice are the company's", async () => {
    await cartApi(t.app, bob).empty();
    const { co } = await twoLineCheckout(t.app, bob);
    const { put } = await checkoutApi(t.app, bob).pay(co._id);
    expect((await put()).statusCode).toBe(200);
    const orders = (await call(ann, 'GET', `/companies/${acme}/orders?limit=2`)).json() as {
      checkoutId: string | null;
      buyerEmail: string;
    }[];
    expect(orders.map((o) => o.checkoutId)).toEqual([co._id, co._id]);
    const invoices = (await call(ann, 'GET', `/companies/${acme}/invoices?limit=1`)).json();
    expect(invoices[0]).toMatchObject({
      kind: 'invoice',
      totalCents: 3 * 2_000 + 4 * 1_500,
      buyerEmail: bob.email,
    });
    // Dan, in no company, checks out as before: nothing of it is any company's.
    await cartApi(t.app, dan).empty();
    const solo = await twoLineCheckout(t.app, dan);
    expect(
      (await call(ann, 'GET', `/companies/${acme}/orders?limit=100`))
        .json()
        .map((o: { checkoutId: string }) => o.checkoutId),
    ).not.toContain(solo.co._id);
  });
});

describe('locations', () => {
  const hq = {
    name: 'Dallas yard',
    address: { street: '2400 Industrial Blvd', city: 'Dallas', state: 'TX', zip: '75207' },
  };

  it('a company admin adds, edits and removes them; each change audited; names unique', async () => {
    const res = await call(ann, 'POST', `/companies/${acme}/locations`, hq);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Dallas yard', state: 'TX', zip: '75207', taxExemption: null });
    expect(
      (await call(ann, 'POST', `/companies/${acme}/locations`, { ...hq, name: 'dallas YARD' })).statusCode,
    ).toBe(409);
    const edited = await call(ann, 'PUT', `/companies/${acme}/locations/${res.json()._id}`, {
      ...hq,
      name: 'Dallas HQ',
    });
    expect(edited.json().name).toBe('Dallas HQ');
    expect((await call(bob, 'GET', `/companies/${acme}/locations`)).json()[0].name).toBe('Dallas HQ');
    expect((await call(cat, 'PUT', `/companies/${other}/locations/${res.json()._id}`, hq)).statusCode).toBe(
      404,
    );
    expect((await call(ann, 'DELETE', `/companies/${acme}/locations/${res.json()._id}`)).statusCode).toBe(
      200,
    );
    const kinds = ['company_location.created', 'company_location.edited', 'company_location.deleted'];
    for (const k of kinds) expect((await auditEntries(t.app, admin, k)).length).toBeGreaterThan(0);
  });

  it('refuses a buyer (403), a ZIP of another state (400 naming it) and a certificate not of a member', async () => {
    expect((await call(bob, 'POST', `/companies/${acme}/locations`, hq)).statusCode).toBe(403);
    const zip = await call(ann, 'POST', `/companies/${acme}/locations`, {
      ...hq,
      address: { ...hq.address, zip: '10001' },
    });
    expect(zip.statusCode).toBe(400);
    expect(zip.json().message).toMatch(/^address\.zip/);
    const danId = (
      await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, dan.email))
    )[0]!.id;
    const [cert] = await t.database.db
      .insert(taxExemptions)
      .values({
        userId: danId,
        number: 'RC-9',
        states: ['TX'],
        expiresOn: '2099-01-01',
        fileKey: 'x',
        fileName: 'x.pdf',
        status: 'approved',
      })
      .returning();
    const foreign = await call(ann, 'POST', `/companies/${acme}/locations`, {
      ...hq,
      name: 'Yard 2',
      taxExemptionId: cert!.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().field).toBe('taxExemptionId');
  });

  it("points a location at a member's approved certificate", async () => {
    const annId = (
      await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, ann.email))
    )[0]!.id;
    const [cert] = await t.database.db
      .insert(taxExemptions)
      .values({
        userId: annId,
        number: 'RC-ANN',
        states: ['TX'],
        expiresOn: '2099-01-01',
        fileKey: 'x',
        fileName: 'x.pdf',
        status: 'approved',
      })
      .returning();
    const listed = (await call(ann, 'GET', `/companies/${acme}/tax-exemptions`)).json();
    expect(listed.map((e: { _id: string }) => e._id)).toContain(cert!.id);
    const res = await call(ann, 'POST', `/companies/${acme}/locations`, {
      ...hq,
      name: 'Exempt yard',
      taxExemptionId: cert!.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().taxExemption).toMatchObject({ _id: cert!.id, number: 'RC-ANN', states: ['TX'] });
  });
});

describe('shared lists', () => {
  it('a buyer keeps a list of SKUs; any member puts it all in their cart by the cart rules', async () => {
    const bolts = await makeCartProduct(t.app, { packSize: 10, minOrder: 10, quantity: 500 });
    const gloves = await makeCartProduct(t.app, { quantity: 50 });
    const made = await call(bob, 'POST', `/companies/${acme}/lists`, {
      name: 'Monthly restock',
      lines: [
        { sku: bolts.sku.toLowerCase(), quantity: 15 },
        { sku: gloves.sku, quantity: 3 },
      ],
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ name: 'Monthly restock', createdByName: 'Bob Buyer' });
    expect(made.json().lines.map((l: { sku: string }) => l.sku)).toEqual([bolts.sku, gloves.sku]);

    await cartApi(t.app, ann).empty();
    const toCart = await call(ann, 'POST', `/companies/${acme}/lists/${made.json()._id}/cart`);
    expect(toCart.statusCode).toBe(200);
    const lines = toCart.json().cart.lines as { productId: string; quantity: number }[];
    expect(lines.find((l) => l.productId === bolts.id)!.quantity).toBe(20); // whole packs of 10
    expect(lines.find((l) => l.productId === gloves.id)!.quantity).toBe(3);
    expect(toCart.json().changes.map((c: { kind: string }) => c.kind)).toEqual(['quantity']);
    const cart = (await cartApi(t.app, ann).get()).json();
    expect(cart.lines).toHaveLength(2);

    const edited = await call(bob, 'PUT', `/companies/${acme}/lists/${made.json()._id}`, {
      name: 'Monthly restock',
      lines: [{ sku: gloves.sku, quantity: 4 }],
    });
    expect(edited.json().lines).toHaveLength(1);
    expect((await auditEntries(t.app, admin, 'shared_list.edited')).length).toBeGreaterThan(0);
  });

  it('refuses an unknown SKU naming its line, a repeated name, and an approver-only member', async () => {
    const bad = await call(bob, 'POST', `/companies/${acme}/lists`, {
      name: 'Bad',
      lines: [{ sku: 'NOPE-1', quantity: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('lines.0.sku');
    await call(bob, 'POST', `/companies/${acme}/lists`, { name: 'Twice', lines: [] });
    expect(
      (await call(bob, 'POST', `/companies/${acme}/lists`, { name: 'twice', lines: [] })).statusCode,
    ).toBe(409);
    const nat = await signUp(t.app, { name: 'Nat Approver' });
    await inviteAndJoin(acme, ann, nat, ['approver']);
    expect(
      (await call(nat, 'POST', `/companies/${acme}/lists`, { name: 'Mine', lines: [] })).statusCode,
    ).toBe(403);
    expect((await call(nat, 'GET', `/companies/${acme}/lists`)).statusCode).toBe(200);
  });

  it('names a wrong line as a person counts it, from 1, not by its place in the JSON', async () => {
    const bolts = await makeCartProduct(t.app, { quantity: 50 });
    const gloves = await makeCartProduct(t.app, { quantity: 50 });
    const unknown = await call(bob, 'POST', `/companies/${acme}/lists`, {
      name: 'Counted',
      lines: [
        { sku: bolts.sku, quantity: 1 },
        { sku: gloves.sku, quantity: 1 },
        { sku: 'xx-nope', quantity: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: 'bad_request',
      message: 'Line 3: no product on sale has the SKU XX-NOPE',
      field: 'lines.2.sku',
    });
    const badQuantity = await call(bob, 'POST', `/companies/${acme}/lists`, {
      name: 'Counted',
      lines: [
        { sku: bolts.sku, quantity: 1 },
        { sku: gloves.sku, quantity: 0 },
      ],
    });
    expect(badQuantity.statusCode).toBe(400);
    expect(badQuantity.json()).toMatchObject({
      message: 'Line 2, quantity: must be at least 1',
      field: 'lines.1.quantity',
    });
  });
});

describe("the shop admin's companies", () => {
  it('lists them newest first, paged and searchable by name or tax ID; customers are refused', async () => {
    const page = await call(admin, 'GET', '/companies?limit=2');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(4);
    const byName = (await call(admin, 'GET', '/companies?search=acme')).json();
    expect(byName).toEqual([expect.objectContaining({ _id: acme, name: 'Acme Tools' })]);
    const byTax = (await call(admin, 'GET', '/companies?search=98-76')).json();
    expect(byTax.map((c: { _id: string }) => c._id)).toEqual([other]);
    expect((await call(ann, 'GET', '/companies')).statusCode).toBe(403);
  });

  it('edits a company, audited under the admin', async () => {
    const res = await call(admin, 'PUT', `/companies/${other}`, {
      name: 'Other Company',
      taxId: '98-7654321',
    });
    expect(res.statusCode).toBe(200);
    const edited = await auditEntries(t.app, admin, 'company.edited');
    expect(edited[0]).toMatchObject({ entityId: other, actorEmail: admin.email });
  });
});
