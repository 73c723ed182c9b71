import { createTestApp, type TestApp } from './helper';
import { signUp, signUpAdmin, type Client } from './auth';

/**
 * How most API test files start: an app of their own without demo data, an admin, and a customer with a verified
 * email (ordering needs one) for each name, signed up in that order before the admin. Answers
 * `[app, admin, ...customers]`.
 */
export async function appWithPeople<const Names extends readonly string[]>(
  ...names: Names
): Promise<[TestApp, Client, ...{ [K in keyof Names]: Client }]> {
  const t = await createTestApp({ SEED_DEMO: 'false' });
  const customers: Client[] = [];
  for (const name of names) customers.push(await signUp(t.app, { name, verified: true }));
  const admin = await signUpAdmin(t.app);
  return [t, admin, ...(customers as { [K in keyof Names]: Client })];
}
