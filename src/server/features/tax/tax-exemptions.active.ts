import { and, eq, gte, sql } from 'drizzle-orm';
import { taxExemptions } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';

// What a sale reads of a customer's certificates: only approved ones not expired on the pricing day count.

/**
 * The number of the customer's approved certificate covering `state` that has not expired on `onDay`
 * (YYYY-MM-DD; the certificate holds through its expiry day), else null. The one expiring last wins when several do.
 */
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
        sql`${state.toUpperCase()} = any(${taxExemptions.states})`,
      ),
    )
    .orderBy(sql`${taxExemptions.expiresOn} desc`, sql`${taxExemptions.createdAt} desc`)
    .limit(1);
  return row?.number ?? null;
}

/**
 * Every approved certificate of the customer not expired on `onDay`, in the order `activeExemption` prefers them
 * (expiring last first): what the sale's pricing reads once instead of asking per state.
 */
export async function activeExemptions(
  db: Db | Tx,
  userId: string,
  onDay: string,
): Promise<{ number: string; states: string[] }[]> {
  return db
    .select({ number: taxExemptions.number, states: taxExemptions.states })
    .from(taxExemptions)
    .where(
      and(
        eq(taxExemptions.userId, userId),
        eq(taxExemptions.status, 'approved'),
        gte(taxExemptions.expiresOn, onDay),
      ),
    )
    .orderBy(sql`${taxExemptions.expiresOn} desc`, sql`${taxExemptions.createdAt} desc`);
}
