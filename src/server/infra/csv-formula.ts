/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell starting with = + - @ TAB or CR is run as a formula
 * when the export is opened in a spreadsheet. Such text cells leave as text, behind one apostrophe, and come back
 * without it. Cells already starting with apostrophes before such a character get one more, so the guard can be
 * told from the data and export → import gives every value back unchanged ("'70s" has nothing to guard).
 */
const GUARDED = /^'*[=+\-@\t\r]/;
const UNGUARD = /^'+[=+\-@\t\r]/;

export const guardCell = (value: string) => (GUARDED.test(value) ? `'${value}` : value);

export const unguardCell = (cell: string) => (UNGUARD.test(cell) ? cell.slice(1) : cell);
