import { parse } from 'csv-parse/sync';
import { inArray, sql } from 'drizzle-orm';
import { messages } from '@shared/messages';
import {
  cartMessages,
  MAX_CART_LINES,
  MAX_QUICK_ORDER_LINES,
  type QuickOrderLine,
  type QuickOrderResult,
} from '@shared/cart/cart.schema';
import { products } from '../../db/schema';
import { fieldError } from '../../infra/errors';
import type { Db, Tx } from '../../infra/db';
import { loadPricing } from '../catalogue/index';
import { cartRows, lineProblem, lockCart, readCart, upsertLine } from './cart.service';

/** A line as typed: its SKU and quantity, or why it cannot even be looked up. */
interface TypedLine {
  line: number;
  sku: string;
  quantity: number | null;
  problem: string | null;
}

const WHOLE = /^\d{1,7}$/;

function typedLine(line: number, cells: string[]): TypedLine {
  const sku = (cells[0] ?? '').slice(0, 100);
  const raw = cells[1] ?? '';
  const n = raw === '' ? Number.NaN : Number(raw);
  let problem: string | null = null;
  if (sku === '') problem = cartMessages.skuMissing;
  else if (raw === '') problem = messages.quantityRequired;
  else if (!WHOLE.test(raw) || n < 1) problem = cartMessages.quantityNotWhole;
  return { line, sku, quantity: Number.isFinite(n) ? n : null, problem };
}

/**
 * Reads `SKU, quantity` lines (comma, tab or semicolon between, as a spreadsheet copies or saves them); blank lines
 * are skipped, a first line headed "SKU" is a header. `field` is what a 400 names: the pasted text or the file.
 */
export function parseQuickOrder(text: string, field: 'text' | 'file'): TypedLine[] {
  let records: { info: { lines: number }; record: string[] }[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: [',', '\t', ';'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      info: true,
    }) as unknown as typeof records;
  } catch (err) {
    throw fieldError('bad_request', field, `could not be read: ${(err as Error).message}`);
  }
  const first = records[0]?.record;
  if (first && /^sku$/i.test(first[0] ?? '') && !WHOLE.test(first[1] ?? '')) records.shift();
  if (records.length === 0) throw fieldError('bad_request', field, 'has no lines of SKU, quantity');
  if (records.length > MAX_QUICK_ORDER_LINES)
    throw fieldError('bad_request', field, cartMessages.tooManyLines);
  return records.map(({ info, record }) => typedLine(info.lines, record));
}

/** Product ids by lower-case SKU (products.sku is unique whatever its case, through a lower(sku) index). */
async function idsBySku(tx: Tx, skus: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(skus.map((s) => s.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: products.id, sku: sql<string>`lower(${products.sku})` })
    .from(products)
    .where(inArray(sql`lower(${products.sku})`, wanted));
  return new Map(rows.map((r) => [r.sku, r.id]));
}

/**
 * Checks each line against the catalogue and the cart as it would be after the lines above it: a product already
 * in the cart, or named twice, must reach an orderable quantity in total. Answers the report and what to add.
 */
async function checkLines(tx: Tx, userId: string, typed: TypedLine[]) {
  const ids = await idsBySku(
    tx,
    typed.filter((t) => !t.problem).map((t) => t.sku),
  );
  const pricing = await loadPricing(tx, [...ids.values()], userId);
  const inCart = new Map((await cartRows(tx, userId)).map((r) => [r.productId, r.quantity]));
  const toAdd = new Map<string, number>();
  const report: QuickOrderLine[] = typed.map((t) => {
    const id = t.problem ? undefined : ids.get(t.sku.toLowerCase());
    const p = id ? pricing.get(id) : undefined;
    if (!p) return { ...t, problem: t.problem ?? cartMessages.unknownSku };
    const known = { line: t.line, sku: t.sku, quantity: t.quantity, productId: p.id, name: p.name };
    const next = (inCart.get(p.id) ?? 0) + t.quantity!;
    const full = !inCart.has(p.id) && inCart.size >= MAX_CART_LINES;
    const problem = lineProblem(next, p) ?? (full ? cartMessages.cartFull : null);
    if (!problem) {
      inCart.set(p.id, next);
      toAdd.set(p.id, (toAdd.get(p.id) ?? 0) + t.quantity!);
    }
    return { ...known, problem };
  });
  return { report, toAdd };
}

/**
 * A quick order: every line checked and reported; unless it is a dry run, the lines that pass go into the cart
 * (the others are left out) in one transaction under the cart's lock.
 */
export async function quickOrder(
  db: Db,
  userId: string,
  input: { text: string; field: 'text' | 'file'; dryRun: boolean },
): Promise<QuickOrderResult> {
  const typed = parseQuickOrder(input.text, input.field);
  return db.transaction(async (tx) => {
    if (!input.dryRun) await lockCart(tx, userId);
    const { report, toAdd } = await checkLines(tx, userId, typed);
    if (!input.dryRun) {
      for (const [id, quantity] of toAdd) await upsertLine(tx, userId, id, quantity, true);
    }
    return {
      lines: report,
      added: input.dryRun ? 0 : report.filter((l) => !l.problem).length,
      cart: await readCart(tx, userId),
    };
  });
}
