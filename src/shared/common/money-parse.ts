/**
 * Dollars typed by people → cents: part of the money module (docs/decisions/050-one-money-type.md), in a file of its
 * own so the first page's JavaScript, which only formats, does not carry the parser.
 */
import type { Cents } from './money';

export type ParsedCents = { ok: true; cents: Cents } | { ok: false; error: string };

/**
 * Dollars as a person types them → cents, by string arithmetic (no float on the way): "12.3" → 1230,
 * "1,234.50" → 123450, "$5" → 500. Refuses an empty text, more than 2 decimals, a malformed number and, unless
 * `allowNegative`, a negative amount. The messages read after a field's name ("Minimum charge must …").
 */
export function parseDollars(text: string, opts: { allowNegative?: boolean } = {}): ParsedCents {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'is required' };
  const match = /^(-)?\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(trimmed);
  if (!match || (match[2] === undefined && !match[3]))
    return { ok: false, error: 'must be an amount in dollars' };
  const [, minus, whole = '0', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, error: 'must have at most 2 decimals' };
  const digits = whole.replaceAll(',', '');
  if (digits.length > 13) return { ok: false, error: 'is too large' };
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  if (minus && cents !== 0) {
    if (!opts.allowNegative) return { ok: false, error: 'must not be negative' };
    return { ok: true, cents: -cents };
  }
  return { ok: true, cents };
}
