import { and, eq, sql } from 'drizzle-orm';
import type { Paged } from '@shared/common/paging.schema';
import type { PageQuery } from '@shared/companies/companies.schema';
import {
  MAX_PRICE_LISTS,
  priceListMessages,
  type PriceList,
  type PriceListInput,
} from '@shared/companies/price-lists.schema';
import { companyPriceLists } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import { afterCursor, cutPage, keyText, orderBySort, type KeysetSort } from '../../infra/keyset';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { isUniqueViolation, lockCompany } from './companies.access';
import { readList, replaceRules, ruleRow, ruleTargets, rulesSummary, withRules } from './price-list-rules';

/**
 * Contract prices (docs/decisions/039-trade-accounts.md, "Contract prices"): the shop's admins keep each company's
 * price lists. The routes admit admins only (403 for everyone else); what a list does to a price is the catalogue's
 * `contractPrices`.
 */

/** A page reads at most this many lists (each holds up to MAX_PRICE_RULES rules). */
const MAX_LISTS_PER_PAGE = 20;

const newest: KeysetSort = {
  name: 'newest',
  key: sql`${companyPriceLists.createdAt}`,
  dir: 'desc',
  id: sql`${companyPriceLists.id}`,
  idType: 'uuid',
  type: 'timestamptz',
};

async function assertCompany(db: Db | Tx, companyId: string) {
  const [row] = await db
    .execute<{ id: string }>(sql`select id from companies where id = ${companyId}`)
    .then((r) => r.rows);
  if (!row) throw notFound('Company');
}

/** GET /api/companies/{id}/price-lists (admin): newest first, with their rules. */
export async function listPriceLists(db: Db, id: string, q: PageQuery): Promise<Paged<PriceList>> {
  await assertCompany(db, id);
  const limit = Math.min(q.limit, MAX_LISTS_PER_PAGE);
  const where = eq(companyPriceLists.companyId, id);
  const rows = await db
    .select({
      row: companyPriceLists,
      cursorKey: keyText(newest),
      cursorId: sql<string>`${companyPriceLists.id}::text`,
    })
    .from(companyPriceLists)
    .where(and(where, q.cursor ? afterCursor(newest, q.cursor) : undefined))
    .orderBy(orderBySort(newest))
    .limit(limit + 1);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(companyPriceLists)
    .where(where);
  const cut = cutPage(newest, rows, limit);
  return {
    items: await withRules(
      db,
      cut.rows.map((r) => r.row),
    ),
    nextCursor: cut.nextCursor,
    total: counted?.n ?? 0,
  };
}

/** The rules as rows: an unknown SKU or category is a 400 naming the rule's field. */
async function resolveRules(tx: Tx, listId: string, input: PriceListInput) {
  const targets = await ruleTargets(tx, input.rules);
  return input.rules.map((r, position) => {
    const row = ruleRow(r, targets, { priceListId: listId, position });
    if ('field' in row) throw fieldError('bad_request', `rules.${position}.${row.field}`, row.message);
    return row;
  });
}

async function writeRules(tx: Tx, listId: string, input: PriceListInput) {
  await replaceRules(tx, listId, await resolveRules(tx, listId, input));
}

const nameTaken = (err: unknown) => {
  if (isUniqueViolation(err)) throw fieldError('conflict', 'name', priceListMessages.nameTaken);
  throw err;
};

const summaryOf = (input: PriceListInput) => ({
  name: input.name,
  validFrom: input.validFrom,
  validTo: input.validTo ?? null,
  rules: rulesSummary(input.rules),
});

const validity = (input: PriceListInput) => `${input.validFrom} to ${input.validTo ?? 'open end'}`;

/** POST /api/companies/{id}/price-lists (admin). */
export async function addPriceList(
  db: Db,
  caller: SessionUser,
  id: string,
  input: PriceListInput,
): Promise<PriceList> {
  return db
    .transaction(async (tx) => {
      await lockCompany(tx, id);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(companyPriceLists)
        .where(eq(companyPriceLists.companyId, id));
      if (n >= MAX_PRICE_LISTS)
        throw new AppError('conflict', `A company can have at most ${MAX_PRICE_LISTS} price lists.`);
      const [row] = await tx
        .insert(companyPriceLists)
        .values({
          companyId: id,
          name: input.name,
          validFrom: input.validFrom,
          validTo: input.validTo ?? null,
        })
        .returning();
      await writeRules(tx, row!.id, input);
      await recordAudit(tx, caller, {
        kind: 'price_list.created',
        entityType: 'company',
        entityId: id,
        summary: `Added the price list ${input.name} (${validity(input)}, ${input.rules.length} rules)`,
        after: summaryOf(input),
      });
      return readList(tx, id, row!.id);
    })
    .catch(nameTaken);
}

/** PUT /api/companies/{id}/price-lists/{itemId} (admin): name, dates and the whole set of rules. */
export async function updatePriceList(
  db: Db,
  caller: SessionUser,
  id: string,
  listId: string,
  input: PriceListInput,
): Promise<PriceList> {
  return db
    .transaction(async (tx) => {
      await lockCompany(tx, id);
      const before = await readList(tx, id, listId);
      await tx
        .update(companyPriceLists)
        .set({
          name: input.name,
          validFrom: input.validFrom,
          validTo: input.validTo ?? null,
          updatedAt: new Date(),
        })
        .where(eq(companyPriceLists.id, listId));
      await writeRules(tx, listId, input);
      await recordAudit(tx, caller, {
        kind: 'price_list.edited',
        entityType: 'company',
        entityId: id,
        summary: `Edited the price list ${input.name} (${validity(input)}, ${input.rules.length} rules)`,
        before: {
          name: before.name,
          validFrom: before.validFrom,
          validTo: before.validTo,
          rules: before.rules,
        },
        after: summaryOf(input),
      });
      return readList(tx, id, listId);
    })
    .catch(nameTaken);
}

/** DELETE /api/companies/{id}/price-lists/{itemId} (admin): its rules go with it. */
export async function deletePriceList(db: Db, caller: SessionUser, id: string, listId: string) {
  return db.transaction(async (tx) => {
    await lockCompany(tx, id);
    const [row] = await tx
      .delete(companyPriceLists)
      .where(and(eq(companyPriceLists.id, listId), eq(companyPriceLists.companyId, id)))
      .returning();
    if (!row) throw notFound('Price list');
    await recordAudit(tx, caller, {
      kind: 'price_list.deleted',
      entityType: 'company',
      entityId: id,
      summary: `Removed the price list ${row.name}`,
      before: { name: row.name, validFrom: row.validFrom, validTo: row.validTo },
    });
    return { acknowledged: true as const };
  });
}
