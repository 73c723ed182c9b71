/**
 * Orders' short numbers as people see and type them (docs/decisions/049-order-numbers.md): `#1001`. The number is
 * `orderNumber` in the API; `number` is the spec's field for the buyer's mobile number.
 */
export const formatOrderNumber = (n: number) => `#${n}`;

/**
 * A checkout's orders, one number each: a run of consecutive numbers (as a checkout's lines are numbered) reads as a
 * range, `#1004–#1006`; anything else as a list.
 */
export function formatOrderNumbers(numbers: readonly number[]): string {
  const sorted = [...numbers].sort((a, b) => a - b);
  if (sorted.length === 0) return '';
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  const consecutive = sorted.every((n, i) => n === first + i);
  if (sorted.length > 1 && consecutive) return `${formatOrderNumber(first)}–${formatOrderNumber(last)}`;
  return sorted.map(formatOrderNumber).join(', ');
}

/** `#1001`, `1001` or `# 1001` as the number 1001; anything else null (the search then looks elsewhere). */
export function parseOrderNumber(text: string): number | null {
  const match = /^#?\s*(\d{1,9})$/.exec(text.trim());
  return match ? Number(match[1]) : null;
}
