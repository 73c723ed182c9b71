import { createTestApp, type TestApp } from '../../test/helper';
import { signUp, type Client } from '../../test/auth';

/** What the account API test files share: an app without demo data, and Alice, a customer whose account they use. */
export async function accountsApp(): Promise<{ t: TestApp; alice: Client }> {
  const t = await createTestApp({ SEED_DEMO: 'false' });
  const alice = await signUp(t.app, { name: 'Alice Customer' });
  return { t, alice };
}
