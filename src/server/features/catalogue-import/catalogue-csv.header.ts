import { open } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { csvColumns, parseSpecColumn, type CsvColumn } from '@shared/catalogue/catalogue-csv.schema';
import { isUnitKind, units } from '@shared/catalogue/units';
import { csvFileError as bad, csvText, delimiterProblem } from '../../infra/csv';
import type { Attribute } from '../catalogue/index';

/** How much of the file decides whether it is a CSV at all (and holds the header line). */
const SNIFF_BYTES = 64 * 1024;

export interface SpecColumnDef {
  header: string;
  attribute: Attribute;
  /** Multiply a cell by this to get the canonical unit (1 for metric and text columns). */
  toCanonical: number;
}

export interface CsvLayout {
  /** Header cell of each position; null for a position the import ignores (none today: unknown columns are refused). */
  fixed: Map<number, CsvColumn>;
  specs: Map<number, SpecColumnDef>;
  width: number;
}

/** The unit factor of a spec header's unit, or the reason it is not a unit of that attribute. */
function unitFactor(a: Attribute, unit: string | null): number | string {
  if (a.type === 'text') return unit === null ? 1 : `spec.${a.key} is text and takes no unit`;
  if (!isUnitKind(a.unitKind)) return 1;
  const def = units[a.unitKind];
  if (unit === null || unit === def.metric) return 1;
  if (unit === def.imperial) return def.perImperial;
  return `spec.${a.key} takes ${def.metric} or ${def.imperial}, not "${unit}"`;
}

export function layoutOf(header: string[], attributes: Attribute[]): CsvLayout {
  const byKey = new Map(attributes.map((a) => [a.key, a]));
  const fixed = new Map<number, CsvColumn>();
  const specs = new Map<number, SpecColumnDef>();
  const seen = new Set<string>();
  const delimiter = delimiterProblem(header.map((h) => h.trim()));
  if (delimiter) throw bad(delimiter);
  header.forEach((raw, i) => {
    const name = raw.trim();
    const spec = parseSpecColumn(name);
    const id = spec ? `spec.${spec.key}` : name;
    if (seen.has(id)) throw bad(`the header names the column "${name}" twice`);
    seen.add(id);
    if ((csvColumns as readonly string[]).includes(name)) return void fixed.set(i, name as CsvColumn);
    const attribute = spec && byKey.get(spec.key);
    if (!spec || !attribute)
      throw bad(
        `unknown column "${name}" in the header (expected ${csvColumns.join(', ')} or spec.<key> (<unit>))`,
      );
    const factor = unitFactor(attribute, spec.unit);
    if (typeof factor === 'string') throw bad(factor);
    specs.set(i, { header: name, attribute, toCanonical: factor });
  });
  if (![...fixed.values()].includes('sku'))
    throw bad('the header has no "sku" column (the first line must be the header)');
  return { fixed, specs, width: header.length };
}

/**
 * Decides from the first 64 KB whether an upload is a CSV this import can read, before anything is written:
 * binary data, text that is not UTF-8, no header line, or a header of unknown columns (often another delimiter)
 * are refused with a message that says what to fix.
 */
export async function readLayout(file: string, attributes: Attribute[]): Promise<CsvLayout> {
  const handle = await open(file);
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  // Partial: the sample may end inside a character.
  const text = csvText(head, true);
  const end = text.search(/\r?\n/);
  if (end < 0 && head.length === SNIFF_BYTES)
    throw bad('no header line in the first 64 KB: this is not a catalogue CSV');
  let header: string[];
  try {
    [header = []] = parse(end < 0 ? text : text.slice(0, end), { bom: true }) as string[][];
  } catch (err) {
    throw bad(`the header line cannot be read: ${(err as Error).message}`);
  }
  return layoutOf(header, attributes);
}
