/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell starting with = + - @ TAB or CR is run as a formula
 * when the export is opened in a spreadsheet. So is text after a `,`, `;`, tab or line break inside a cell, once a
 * spreadsheet splits the line there: Excel in most European locales splits a comma file on `;` and then ignores the
 * quotes around a cell that no longer starts the field (`x;=cmd|…` became the formula `=cmd|…`). Each such start
 * leaves as text, behind one apostrophe, and comes back without it. Spaces and double quotes between the start and
 * the formula do not stop it (a reader that split inside a quoted cell sees `"=…` or `""=…` start a field of its own:
 * `x;"=HYPERLINK(…)"`), so the apostrophe goes after them. Apostrophes already there before such a
 * character get one more, so the guard can be told from the data and export → import gives every value back
 * unchanged ("'70s" has nothing to guard).
 */
const AT_START = /^'*(?:[=+\-@\t\r]|[ "]+[=+\-@])/;
const UNGUARD_START = /^'+(?:[=+\-@\t\r]|[ "]+[=+\-@])/;
const AFTER_SEPARATOR = /([,;\t\r\n][ \t"]*)('*[=+\-@])/g;
const UNGUARD_AFTER_SEPARATOR = /([,;\t\r\n][ \t"]*)'('*[=+\-@])/g;

export const guardCell = (value: string) => {
  const inside = value.replace(AFTER_SEPARATOR, "$1'$2");
  return AT_START.test(inside) ? `'${inside}` : inside;
};

export const unguardCell = (cell: string) =>
  (UNGUARD_START.test(cell) ? cell.slice(1) : cell).replace(UNGUARD_AFTER_SEPARATOR, '$1$2');
