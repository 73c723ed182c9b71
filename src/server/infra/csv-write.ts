import { stringify, type Options, type Stringifier } from 'csv-stringify';
import { stringify as stringifyNow } from 'csv-stringify/sync';
import { guardCell } from './csv-formula';

/**
 * The shop's one CSV writer: every export (the catalogue, price lists) goes through it, so each gets the same
 * protection. UTF-8 with a byte order mark (so Excel reads it as UTF-8), a header line, every text cell guarded
 * against formulas (`guardCell`), and every cell holding a `,`, `;`, tab or line break quoted: a reader splitting on
 * `;` (Excel in most European locales) then keeps the cell whole instead of starting a new cell inside it.
 */
const options = (columns: string[]): Options => ({
  bom: true,
  header: true,
  columns,
  quoted_match: /[,;\t\r\n]/,
  cast: { string: guardCell },
});

/** A CSV stream: write records (arrays in the columns' order, or objects keyed by them), read the file. */
export const csvWriter = (columns: string[]): Stringifier => stringify(options(columns));

/** A small CSV file at once. */
export const csvFile = (columns: string[], records: (unknown[] | Record<string, unknown>)[]): string =>
  stringifyNow(records, options(columns));
