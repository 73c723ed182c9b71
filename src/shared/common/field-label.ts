/**
 * How a person reads where a problem is. A request's field path counts array items from 0 (`lines.2.sku`), as zod
 * and JSON do; a person counts lines from 1 and does not read dotted names. A path with an item in it becomes words
 * ("Line 3, SKU"); a plain field name (`email`, `price`) is left as it is, so the spec's and every form's messages
 * keep their `field: text` form.
 */
export function fieldLabel(path: string): string {
  const parts = path.split('.');
  if (!parts.some(isIndex)) return path;
  const words: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const next = parts[i + 1];
    if (isIndex(part)) continue;
    if (next !== undefined && isIndex(next)) words.push(`${singular(fieldWords(part))} ${Number(next) + 1}`);
    else words.push(fieldWords(part));
  }
  const text = words.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A message about a field as a person reads it: "Line 3, quantity: must be at least 1". */
export const fieldMessage = (path: string, text: string) => `${fieldLabel(path)}: ${text}`;

const isIndex = (part: string) => /^\d+$/.test(part);

const ACRONYMS: Record<string, string> = { sku: 'SKU', zip: 'ZIP', url: 'URL', po: 'PO' };

// `zipPrefix` → "ZIP prefix", `invoiceId` → "invoice", `amountCents` → "amount": an id or a unit is the API's
// wording, not what a person typed.
function fieldWords(name: string): string {
  return name
    .replace(/(Id|Cents)$/, '')
    .split(/(?=[A-Z])/)
    .map((w) => ACRONYMS[w.toLowerCase()] ?? w.toLowerCase())
    .join(' ');
}

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|x|sh|ch)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}
