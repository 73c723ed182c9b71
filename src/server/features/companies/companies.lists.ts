import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { fieldMessage } from '@shared/common/field-label';
import type { Paged } from '@shared/common/paging.schema';
import type { ReorderResult } from '@shared/cart/cart.schema';
import {
  companyMessages,
  MAX_SHARED_LISTS,
  type PageQuery,
  type SharedList,
  type SharedListInput,
} from '@shared/companies/companies.schema';
import { products, sharedListLines, sharedLists, user } from '../../db/schema';
import { AppError, fieldError, notFound } from '../../infra/errors';
import { afterCursor, cutPage, keyText, orderBySort, type KeysetSort } from '../../infra/keyset';
import type { SessionUser } from '../../http/auth-guard';
import type { Db, Tx } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { reorderLines } from '../cart/index';
import { access, isUniqueViolation, lockCompany } from './companies.access';

/** A page of lists reads at most this many (each holds up to MAX_LIST_LINES lines). */
const MAX_LISTS_PER_PAGE = 50;

const newest: KeysetSort = {
  name: 'newest',
  key: sql`${sharedLists.createdAt}`,
  dir: 'desc',
  id: sql`${sharedLists.id}`,
  idType: 'uuid',
  type: 'timestamptz',
};

type ListRow = { row: typeof sharedLists.$inferSelect; createdByName: string | null };

async function withLines(db: Db | Tx, rows: ListRow[]): Promise<SharedList[]> {
  const ids = rows.map((r) => r.row.id);
  const lines = ids.length
    ? await db
        .select({
          listId: sharedListLines.listId,
          productId: sharedListLines.productId,
          quantity: sharedListLines.quantity,
          sku: products.sku,
          name: products.name,
        })
        .from(sharedListLines)
        .innerJoin(products, eq(products.id, sharedListLines.productId))
        .where(inArray(sharedListLines.listId, ids))
        .orderBy(asc(sharedListLines.position))
    : [];
  return rows.map((r) => ({
    _id: r.row.id,
    name: r.row.name,
    lines: lines
      .filter((l) => l.listId === r.row.id)
      .map((l) => ({ productId: l.productId, sku: l.sku, name: l.name, quantity: l.quantity })),
    createdByName: r.createdByName,
    createdAt: r.row.createdAt.toISOString(),
    updatedAt: r.row.updatedAt?.toISOString() ?? null,
  }));
}

const listColumns = { row: sharedLists, createdByName: user.name };

/** GET /api/companies/{id}/lists: any member, newest first, with their lines. */
export async function listSharedLists(
  db: Db,
  caller: SessionUser,
  id: string,
  q: PageQuery,
): Promise<Paged<SharedList>> {
  await access(db, caller, id);
  const limit = Math.min(q.limit, MAX_LISTS_PER_PAGE);
  const where = eq(sharedLists.companyId, id);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...listColumns, cursorKey: keyText(newest), cursorId: sql<string>`${sharedLists.id}::text` })
      .from(sharedLists)
      .leftJoin(user, eq(user.id, sharedLists.createdBy))
      .where(and(where, q.cursor ? afterCursor(newest, q.cursor) : undefined))
      .orderBy(orderBySort(newest))
      .limit(limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sharedLists)
      .where(where),
  ]);
  const cut = cutPage(newest, rows, limit);
  return { items: await withLines(db, cut.rows), nextCursor: cut.nextCursor, total: counted?.n ?? 0 };
}

async function readList(db: Db | Tx, companyId: string, listId: string) {
  const [row] = await db
    .select(listColumns)
    .from(sharedLists)
    .leftJoin(user, eq(user.id, sharedLists.createdBy))
    .where(and(eq(sharedLists.id, listId), eq(sharedLists.companyId, companyId)));
  if (!row) throw notFound('Shared list');
  return (await withLines(db, [row]))[0]!;
}

/** The SKUs as products on sale; an unknown or withdrawn one is a 400 naming its line. */
async function resolveLines(tx: Tx, input: SharedListInput) {
  if (input.lines.length === 0) return [];
  const found = await tx
    .select({ id: products.id, sku: products.sku, archivedAt: products.archivedAt })
    .from(products)
    .where(
      inArray(
        sql`lower(${products.sku})`,
        input.lines.map((l) => l.sku.toLowerCase()),
      ),
    );
  const bySku = new Map(found.map((p) => [p.sku?.toUpperCase(), p]));
  return input.lines.map((l, i) => {
    const p = bySku.get(l.sku);
    if (!p || p.archivedAt)
      // The text names the SKU already: "Line 3: no product on sale has the SKU XX-NOPE".
      throw new AppError(
        'bad_request',
        fieldMessage(`lines.${i}`, `no product on sale has the SKU ${l.sku}`),
        `lines.${i}.sku`,
      );
    return { productId: p.id, quantity: l.quantity, position: i };
  });
}

const nameTaken = (err: unknown) => {
  if (isUniqueViolation(err)) throw fieldError('conflict', 'name', companyMessages.listNameTaken);
  throw err;
};

const summaryOf = (input: SharedListInput) => ({
  name: input.name,
  lines: input.lines.map((l) => `${l.sku} × ${l.quantity}`),
});

/** POST /api/companies/{id}/lists: a company admin or buyer. */
export async function addSharedList(
  db: Db,
  caller: SessionUser,
  id: string,
  input: SharedListInput,
): Promise<SharedList> {
  return db
    .transaction(async (tx) => {
      await access(tx, caller, id, 'buyer');
      await lockCompany(tx, id);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(sharedLists)
        .where(eq(sharedLists.companyId, id));
      if (n >= MAX_SHARED_LISTS)
        throw new AppError('conflict', `A company can keep at most ${MAX_SHARED_LISTS} shared lists.`);
      const lines = await resolveLines(tx, input);
      const [row] = await tx
        .insert(sharedLists)
        .values({ companyId: id, name: input.name, createdBy: caller.id })
        .returning();
      if (lines.length)
        await tx.insert(sharedListLines).values(lines.map((l) => ({ ...l, listId: row!.id })));
      await recordAudit(tx, caller, {
        kind: 'shared_list.created',
        entityType: 'company',
        entityId: id,
        summary: `Created the shared list ${input.name} (${lines.length} lines)`,
        after: summaryOf(input),
      });
      return readList(tx, id, row!.id);
    })
    .catch(nameTaken);
}

/** PUT /api/companies/{id}/lists/{itemId}: replaces the name and every line (a company admin or buyer). */
export async function updateSharedList(
  db: Db,
  caller: SessionUser,
  id: string,
  listId: string,
  input: SharedListInput,
): Promise<SharedList> {
  return db
    .transaction(async (tx) => {
      await access(tx, caller, id, 'buyer');
      const before = await readList(tx, id, listId);
      const lines = await resolveLines(tx, input);
      await tx
        .update(sharedLists)
        .set({ name: input.name, updatedAt: new Date() })
        .where(eq(sharedLists.id, listId));
      await tx.delete(sharedListLines).where(eq(sharedListLines.listId, listId));
      if (lines.length) await tx.insert(sharedListLines).values(lines.map((l) => ({ ...l, listId })));
      await recordAudit(tx, caller, {
        kind: 'shared_list.edited',
        entityType: 'company',
        entityId: id,
        summary: `Edited the shared list ${input.name}`,
        before: { name: before.name, lines: before.lines.map((l) => `${l.sku ?? l.name} × ${l.quantity}`) },
        after: summaryOf(input),
      });
      return readList(tx, id, listId);
    })
    .catch(nameTaken);
}

/** DELETE /api/companies/{id}/lists/{itemId} (a company admin or buyer). */
export async function deleteSharedList(db: Db, caller: SessionUser, id: string, listId: string) {
  return db.transaction(async (tx) => {
    await access(tx, caller, id, 'buyer');
    const [row] = await tx
      .delete(sharedLists)
      .where(and(eq(sharedLists.id, listId), eq(sharedLists.companyId, id)))
      .returning();
    if (!row) throw notFound('Shared list');
    await recordAudit(tx, caller, {
      kind: 'shared_list.deleted',
      entityType: 'company',
      entityId: id,
      summary: `Deleted the shared list ${row.name}`,
      before: { name: row.name },
    });
    return { acknowledged: true as const };
  });
}

/**
 * POST /api/companies/{id}/lists/{itemId}/cart: any member puts every line into their own cart in one step, through
 * the cart's own rules (packs, minimums, stock, products no longer sold), and hears what changed.
 */
export async function sharedListToCart(
  db: Db,
  caller: SessionUser,
  id: string,
  listId: string,
): Promise<ReorderResult> {
  await access(db, caller, id);
  const list = await readList(db, id, listId);
  return reorderLines(
    db,
    caller.id,
    list.lines.map((l) => ({ productId: l.productId, productName: l.name, quantity: l.quantity })),
  );
}
