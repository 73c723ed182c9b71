import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { sql } from 'drizzle-orm';
import { MAX_REPORTED_PROBLEMS, type ImportProblem } from '@shared/catalogue/catalogue-csv.schema';
import type { Db } from '../../infra/db';
import { AppError } from '../../infra/errors';
import { RemoteFileError } from '../../infra/remote-file';
import type { CsvLayout } from './catalogue-csv.header';
import { importProgress, type Progress } from './catalogue-csv.progress';
import { validateRow, type ImageSource, type RowContext } from './catalogue-csv.rows';
import { findBySku } from './catalogue-csv.write';

const BATCH = 1000;

/** The report's note on a new product imported without an image. */
export const PLACEHOLDER_WARNING =
  'was empty: the new product shows a placeholder image until you add its own';

/** The file's records in batches, with their line numbers; a structural error (an unclosed quote…) throws. */
export async function* batches(file: string, progress: Progress) {
  const parser = createReadStream(file).pipe(
    parse({ bom: true, from_line: 2, relax_column_count: true, skip_empty_lines: true, info: true }),
  );
  let batch: { line: number; cells: string[] }[] = [];
  for await (const { info, record } of parser as AsyncIterable<{
    info: { lines: number };
    record: string[];
  }>) {
    batch.push({ line: info.lines, cells: record });
    if (batch.length === BATCH) {
      progress.processedBytes = parser.info.bytes;
      yield batch;
      batch = [];
    }
  }
  progress.processedBytes = parser.info.bytes;
  if (batch.length) yield batch;
}

export async function categoryMap(db: Db) {
  const { rows } = await db.execute<{ id: string; slug: string }>(sql`select id, slug from categories`);
  return new Map(rows.map((r) => [r.slug, r.id]));
}

type Checked = { line: number; result: ReturnType<typeof validateRow> };

/** Position of the SKU column (the header check refuses a file without one). */
const skuColumn = (layout: CsvLayout) => [...layout.fixed].find(([, c]) => c === 'sku')![0];

export function check(
  ctx: RowContext,
  layout: CsvLayout,
  batch: { line: number; cells: string[] }[],
  found: Map<string, unknown>,
) {
  const at = skuColumn(layout);
  return batch.map(({ line, cells }): Checked => {
    if (cells.length !== layout.width) {
      const message = `has ${cells.length} cells where the header has ${layout.width}`;
      return { line, result: { problems: [{ line, column: 'row', message }] } };
    }
    const sku = (cells[at] ?? '').trim().toLowerCase();
    return { line, result: validateRow(ctx, line, cells, found.get(sku) as never) };
  });
}

export const skusOf = (layout: CsvLayout, batch: { cells: string[] }[]) => {
  const at = skuColumn(layout);
  return batch.map((r) => (r.cells[at] ?? '').trim()).filter(Boolean);
};

/** What the admin reads about an image that could not be brought in (a server fault is not theirs to read). */
function imageProblem(err: unknown): string {
  if (err instanceof RemoteFileError) return err.message;
  if (err instanceof AppError) return err.message.replace(/^image: /, '');
  throw err;
}

/**
 * The validation pass: every row checked (the import's first read of the file), its problems and warnings kept for
 * the report up to the limit, the categories it would create, and the images brought in (an image that cannot be is
 * a bad row; the write pass takes their paths from here).
 */
export async function validatePass(
  deps: { db: Db; resolveImage(source: ImageSource): Promise<string> },
  id: string,
  progress: Progress,
  file: string,
  ctx: RowContext & { layout: CsvLayout },
) {
  const { layout } = ctx;
  const rejectedLines = new Set<number>();
  const problems: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  const missing = new Set<string>();
  // Images named by URL or file name are brought in while validating, so one that cannot be is a bad row; the
  // write pass takes their paths from here.
  const images = new Map<number, string>();
  const reject = (line: number, found: ImportProblem[]) => {
    rejectedLines.add(line);
    problems.push(...found.slice(0, MAX_REPORTED_PROBLEMS - problems.length));
  };
  for await (const batch of batches(file, progress)) {
    const found = await findBySku(deps.db, skusOf(layout, batch));
    for (const { line, result } of check(ctx, layout, batch, found)) {
      progress.rows++;
      if ('problems' in result) {
        reject(line, result.problems);
        continue;
      }
      if (result.row.imageSource) {
        try {
          images.set(line, await deps.resolveImage(result.row.imageSource));
          if ('placeholder' in result.row.imageSource && warnings.length < MAX_REPORTED_PROBLEMS)
            warnings.push({ line, column: 'image', message: PLACEHOLDER_WARNING });
        } catch (err) {
          reject(line, [{ line, column: 'image', message: imageProblem(err) }]);
          continue;
        }
      }
      if (result.row.category && !ctx.categoryIds.has(result.row.category)) missing.add(result.row.category);
    }
    progress.rejected = rejectedLines.size;
    await importProgress.save(id, progress);
  }
  return { rejectedLines, problems, warnings, missing, images };
}
