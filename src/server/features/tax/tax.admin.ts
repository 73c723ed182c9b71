import { asc, sql } from 'drizzle-orm';
import { percentToPpm, ppmToPercent, type TaxRate, type TaxRates } from '@shared/tax/tax.schema';
import { taxRates } from '../../db/schema';
import type { Db, Tx } from '../../infra/db';
import type { SessionUser } from '../../http/auth-guard';
import { recordAudit } from '../audit/audit.service';

/**
 * The admin's sales-tax table (docs/decisions/037-shipping-and-tax.md, "Admin tables"): percent in the API, parts per
 * million in the database. Checkout reads the same rows through loadTaxRates.
 */

async function readRates(db: Db | Tx): Promise<TaxRate[]> {
  const rows = await db.select().from(taxRates).orderBy(asc(taxRates.state), asc(taxRates.zipPrefix));
  return rows.map((r) => ({
    state: r.state as TaxRate['state'],
    zipPrefix: r.zipPrefix,
    ratePercent: ppmToPercent(r.ratePpm),
    shippingTaxable: r.shippingTaxable,
  }));
}

/** GET /api/tax/rates: the table by state, the state's own row before its ZIP prefixes. */
export async function getTaxRates(db: Db): Promise<TaxRates> {
  return { rates: await readRates(db) };
}

const label = (r: TaxRate) => `${r.state}${r.zipPrefix ? ` ${r.zipPrefix}` : ''}`;
const asMap = (rates: TaxRate[]) =>
  Object.fromEntries(
    rates.map((r) => [label(r), `${r.ratePercent}%${r.shippingTaxable ? ' +shipping' : ''}`]),
  );

/** PUT /api/tax/rates: the whole table at once, locked so two saves cannot interleave their rows. */
export async function replaceTaxRates(db: Db, actor: SessionUser, rates: TaxRate[]): Promise<TaxRates> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table tax_rates in share row exclusive mode`);
    const before = await readRates(tx);
    await tx.delete(taxRates);
    if (rates.length)
      await tx.insert(taxRates).values(
        rates.map((r) => ({
          state: r.state,
          zipPrefix: r.zipPrefix,
          ratePpm: percentToPpm(r.ratePercent),
          shippingTaxable: r.shippingTaxable,
        })),
      );
    const after = await readRates(tx);
    const b = asMap(before);
    const a = asMap(after);
    const changed = Object.keys(a).filter((k) => b[k] !== a[k]).length;
    const removed = Object.keys(b).filter((k) => !(k in a)).length;
    await recordAudit(tx, actor, {
      kind: 'tax_rates.edited',
      entityType: 'tax_rates',
      entityId: 'rates',
      summary: `Edited the sales tax rates: ${after.length} rows, ${changed} added or changed, ${removed} removed`,
      before: b,
      after: a,
    });
    return { rates: after };
  });
}
