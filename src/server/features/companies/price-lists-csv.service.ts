import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import type { CsvProblem } from '@shared/common/csv.schema';
import {
  MAX_PRICE_RULES,
  priceListCsvColumns,
  priceRuleInputSchema,
  priceRuleKey,
  type PriceListCsvColumn,
  type PriceListImport,
  type PriceRule,
  type PriceRuleInput,
} from '@shared/companies/price-lists.schema';
import { companyPriceLists } from '../../db/schema';
import type { SessionUser } from '../../http/auth-guard';
import { csvFileError as bad, csvText, delimiterProblem } from '../../infra/csv';
import { unguardCell } from '../../infra/csv-formula';
import { csvFile } from '../../infra/csv-write';
import type { Db } from '../../infra/db';
import { recordAudit } from '../audit/audit.service';
import { lockCompany } from './companies.access';
import { readList, replaceRules, ruleRow, ruleTargets, rulesSummary, type RuleRow } from './price-list-rules';
import { centsToDollarText, dollarsToCents } from '@shared/common/money';

/**
 * A price list's rules as CSV (docs/decisions/039-trade-accounts.md, "Price lists as CSV"): the export writes one
 * row per rule; the import replaces the list's rules by the file's, all or nothing, with the catalogue import's
 * kind of row report. A row is checked by the JSON calls' own schema and lookups, so both refuse the same rules.
 */

const csvOf = (r: PriceRule): Record<PriceListCsvColumn, string> => ({
  kind: r.kind,
  sku: r.kind === 'sku' ? r.sku : '',
  category: r.kind === 'category' ? r.category : '',
  brand: r.kind === 'brand' ? r.brand : '',
  // Dollars with two decimals, as the catalogue CSV writes prices.
  price: r.kind === 'sku' ? centsToDollarText(dollarsToCents(r.price)) : '',
  percent_off: r.kind === 'sku' ? '' : String(r.percentOff),
});

/** A file name for the download: the list's name with anything but letters, digits and dashes made a dash. */
const fileNameOf = (name: string) =>
  `price-list-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'rules'
  }.csv`;

/** GET /api/companies/{id}/price-lists/{itemId}/export.csv (admin): UTF-8 with a BOM, so Excel reads it as such. */
export async function exportPriceListCsv(db: Db, companyId: string, listId: string) {
  const list = await readList(db, companyId, listId);
  const csv = csvFile([...priceListCsvColumns], list.rules.map(csvOf));
  return { fileName: fileNameOf(list.name), csv };
}

type Layout = Map<PriceListCsvColumn, number>;

/** Which position holds each column: any order, each at most once, none unknown; missing ones read as empty. */
function layoutOf(header: string[]): Layout {
  const delimiter = delimiterProblem(header.map((h) => h.trim()));
  if (delimiter) throw bad(delimiter);
  const layout: Layout = new Map();
  header.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (!(priceListCsvColumns as readonly string[]).includes(name))
      throw bad(
        `unknown column "${raw.trim()}" in the header (expected ${priceListCsvColumns.join(', ')}; the first line must be the header)`,
      );
    if (layout.has(name as PriceListCsvColumn)) throw bad(`the header names the column "${name}" twice`);
    layout.set(name as PriceListCsvColumn, i);
  });
  if (!layout.has('sku') && !layout.has('category') && !layout.has('brand'))
    throw bad('the header has none of the columns sku, category and brand');
  if (!layout.has('price') && !layout.has('percent_off'))
    throw bad('the header has neither a price nor a percent_off column');
  return layout;
}

interface CsvRow {
  line: number;
  cells: string[];
}

/** The header and the data rows with their line numbers; a file that is not CSV at all is a 400 on `file`. */
function readRecords(bytes: Buffer): { header: string[]; rows: CsvRow[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csvText(bytes), {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as typeof records;
  } catch (err) {
    if ((err as { code?: string }).code?.startsWith('CSV_'))
      throw bad(`the file cannot be read: ${(err as Error).message}`);
    throw err;
  }
  const [first, ...rest] = records;
  if (!first) throw bad('the file has no header line');
  return {
    header: first.record,
    // A spreadsheet may save rows of empty cells below the data: they are not rules.
    rows: rest
      .filter((r) => r.record.some((c) => c.trim() !== ''))
      .map((r) => ({ line: r.info.lines, cells: r.record })),
  };
}

const targetColumns = ['sku', 'category', 'brand'] as const;
type Kind = PriceRuleInput['kind'];
const kinds: readonly string[] = targetColumns;

/** The CSV column of a field of the JSON rule. */
const columnOfField: Record<string, PriceListCsvColumn> = {
  kind: 'kind',
  sku: 'sku',
  category: 'category',
  brand: 'brand',
  price: 'price',
  percentOff: 'percent_off',
};

const rulesText = (n: number) => `${n} ${n === 1 ? 'rule' : 'rules'}`;

const number = (cell: string) => (/^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : Number.NaN);

/** One row as a rule, or the problems of its cells (the JSON schema's messages, under the CSV's column names). */
function ruleOf(
  layout: Layout,
  width: number,
  { line, cells }: CsvRow,
): { rule: PriceRuleInput } | { problems: CsvProblem[] } {
  const problems: CsvProblem[] = [];
  const problem = (column: string, message: string) => problems.push({ line, column, message });
  if (cells.length !== width) {
    problem('row', `has ${cells.length} cells where the header has ${width}`);
    return { problems };
  }
  const cell = (c: PriceListCsvColumn) => {
    const at = layout.get(c);
    return at === undefined ? '' : unguardCell((cells[at] ?? '').trim());
  };
  const filled = targetColumns.filter((c) => cell(c) !== '');
  let kind = cell('kind').toLowerCase();
  if (kind === '') {
    if (filled.length !== 1) {
      problem('kind', 'is required (sku, category or brand) unless exactly one of those columns is filled');
      return { problems };
    }
    kind = filled[0]!;
  }
  if (!kinds.includes(kind)) {
    problem('kind', 'must be sku, category or brand');
    return { problems };
  }
  for (const other of filled)
    if (other !== kind) problem(other, `must be empty in a ${kind} rule (one rule per row)`);
  // A SKU rule sets a price, the others take a percentage: a row with both, or neither, is refused.
  const [value, wrong] =
    kind === 'sku' ? (['price', 'percent_off'] as const) : (['percent_off', 'price'] as const);
  if (cell(wrong) !== '') problem(wrong, `must be empty in a ${kind} rule (it takes a ${value})`);
  const amount = cell(value) === '' ? undefined : number(cell(value));
  if (Number.isNaN(amount)) problem(value, `must be a number like ${value === 'price' ? '12.50' : '12.5'}`);
  const input = {
    kind,
    [kind]: cell(kind as Kind),
    [value === 'price' ? 'price' : 'percentOff']: Number.isNaN(amount) ? 0 : amount,
  };
  const parsed = priceRuleInputSchema.safeParse(input);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const column = columnOfField[String(issue.path[0])] ?? 'row';
      if (!problems.some((p) => p.column === column)) problem(column, issue.message);
    }
  return parsed.success && problems.length === 0 ? { rule: parsed.data } : { problems };
}

/**
 * POST /api/companies/{id}/price-lists/{itemId}/import.csv (admin). Every row is checked before anything is written;
 * any bad row leaves the list as it was (the report lists them all), so a list is never half replaced. Otherwise
 * the file's rules replace the list's in one transaction, under the company's lock like the JSON edit, audited.
 */
export async function importPriceListCsv(
  db: Db,
  caller: SessionUser,
  companyId: string,
  listId: string,
  bytes: Buffer,
): Promise<PriceListImport> {
  return db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const before = await readList(tx, companyId, listId);
    const { header, rows } = readRecords(bytes);
    const layout = layoutOf(header);
    if (rows.length > MAX_PRICE_RULES)
      throw bad(`has ${rows.length} rows: a price list holds at most ${MAX_PRICE_RULES} rules`);

    const problems: CsvProblem[] = [];
    const rejected = new Set<number>();
    const reject = (found: CsvProblem[]) => {
      for (const p of found) rejected.add(p.line);
      problems.push(...found);
    };
    const accepted: { line: number; rule: PriceRuleInput }[] = [];
    const firstLine = new Map<string, number>();
    for (const row of rows) {
      const result = ruleOf(layout, header.length, row);
      if ('problems' in result) {
        reject(result.problems);
        continue;
      }
      const key = priceRuleKey(result.rule);
      const first = firstLine.get(key);
      if (first !== undefined) {
        reject([
          { line: row.line, column: result.rule.kind, message: `appears again (first on line ${first})` },
        ]);
        continue;
      }
      firstLine.set(key, row.line);
      accepted.push({ line: row.line, rule: result.rule });
    }
    const targets = await ruleTargets(
      tx,
      accepted.map((a) => a.rule),
    );
    const ruleRows: RuleRow[] = [];
    for (const { line, rule } of accepted) {
      const row = ruleRow(rule, targets, { priceListId: listId, position: ruleRows.length });
      if ('field' in row) reject([{ line, column: row.field, message: row.message }]);
      else ruleRows.push(row);
    }
    problems.sort((a, b) => a.line - b.line);
    const counts = { rows: rows.length, replaced: before.rules.length, rejected: rejected.size, problems };
    if (rejected.size > 0)
      return {
        ...counts,
        status: 'rejected' as const,
        imported: 0,
        message: `Nothing was imported: ${rejected.size} of ${rows.length} rows are bad. The list keeps its ${rulesText(before.rules.length)}.`,
      };
    await replaceRules(tx, listId, ruleRows);
    await tx.update(companyPriceLists).set({ updatedAt: new Date() }).where(eq(companyPriceLists.id, listId));
    await recordAudit(tx, caller, {
      kind: 'price_list.imported',
      entityType: 'company',
      entityId: companyId,
      summary: `Imported ${rulesText(ruleRows.length)} into the price list ${before.name} from a CSV (replacing ${before.rules.length})`,
      before: { name: before.name, rules: before.rules },
      after: { name: before.name, rules: rulesSummary(accepted.map((a) => a.rule)) },
    });
    return {
      ...counts,
      status: 'done' as const,
      imported: ruleRows.length,
      message: `Imported ${rulesText(ruleRows.length)}, replacing the list's ${rulesText(before.rules.length)}.`,
    };
  });
}
