import { sql } from 'drizzle-orm';
import type { InvoiceKind } from '@shared/invoices/invoices.schema';
import { invoiceCounters } from '../../db/schema';
import type { Tx } from '../../infra/db';

/**
 * The next number of a kind of document in a year, taken in the caller's transaction by one statement: the first
 * document of a year inserts the counter, every later one increments it. The counter row stays locked until the
 * transaction ends, so concurrent issuers (on any instance) queue on it, and a transaction that rolls back gives its
 * number back: the numbers that exist are 1…n with no gap and no repeat.
 */
export async function nextSeq(tx: Tx, kind: InvoiceKind, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.kind, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  return row!.last;
}
