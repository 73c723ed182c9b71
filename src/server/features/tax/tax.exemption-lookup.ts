import { and, arrayContains, desc, eq, gte } from 'drizzle-orm';
import { taxExemptions } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';

/** The number of the customer's approved certificate covering `state` and unexpired on `onDay` (YYYY-MM-DD), or null. */
export async function activeExemption(
  db: Db | Tx,
  userId: string,
  state: string,
  onDay: string,
): Promise<string | null> {
  const [row] = await db
    .select({ number: taxExemptions.number })
    .from(taxExemptions)
    .where(
      and(
        eq(taxExemptions.userId, userId),
        eq(taxExemptions.status, 'approved'),
        gte(taxExemptions.expiresOn, onDay),
        arrayContains(taxExemptions.states, [state]),
      ),
    )
    .orderBy(desc(taxExemptions.expiresOn))
    .limit(1);
  return row?.number ?? null;
}
