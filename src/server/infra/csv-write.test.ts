import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { unguardCell } from './csv-formula';
import { csvFile } from './csv-write';

// Issue 39 item 8: a spreadsheet may split an export at any `,`, `;`, tab or line break (Excel in most European
// locales splits a comma file on `;`), and then reads what follows, quotes and spaces stripped, as a cell of its own.
const hostile = [
  `x;=cmd|' /C calc'!A0`,
  `x; =1+1`,
  `x;"=HYPERLINK(""http://evil.example"")"`,
  `x,"+1`,
  `x;" @SUM(A1)`,
  `a\tb\t-2+3`,
  `line one\n=1+1`,
  `line one\r\n"=1+1"`,
  `=1+1`,
  `"=1+1`,
  ` ""@SUM(A1)`,
  `'=already guarded`,
  `plain, with a comma`,
  `semi;colon`,
  `'70s; rock`,
];

/** Every place a splitting reader may start a cell: the file's start, and after each separator or line break. */
const cellStarts = (text: string) => text.replace(/^\uFEFF/, '').split(/[,;\t\r\n]/);

describe('the one CSV writer', () => {
  it('leaves no formula start after any separator, whichever character a reader splits on', () => {
    const text = csvFile(
      ['value'],
      hostile.map((v) => [v]),
    );
    for (const start of cellStarts(text)) expect(start, JSON.stringify(start)).not.toMatch(/^[ \t"]*[=+\-@]/);
  });

  it('quotes every cell holding a comma, semicolon, tab or line break', () => {
    for (const v of hostile.filter((h) => /[,;\t\r\n]/.test(h))) {
      const written = csvFile(['value'], [[v]])
        .split('\n')
        .slice(1)
        .join('\n');
      expect(written.startsWith('"'), JSON.stringify(v)).toBe(true);
    }
  });

  it('gives every value back unchanged on import', () => {
    const text = csvFile(
      ['value'],
      hostile.map((v) => [v]),
    );
    const rows = parse(text, { bom: true, columns: true }) as { value: string }[];
    expect(rows.map((r) => unguardCell(r.value))).toEqual(hostile);
  });
});
