/**
 * The catalogue search's parameter vocabulary without zod, so the browser can read and write search URLs without
 * shipping the schema library (see docs/decisions/004-first-load-budget.md).
 */
export const sortOptions = ['relevance', 'price_asc', 'price_desc', 'newest', 'name'] as const;
export type SortOption = (typeof sortOptions)[number];

/** The largest page × pageSize reachable by page number; deeper results are read with `cursor`. */
export const MAX_OFFSET_RESULTS = 10_000;

/** Numeric spec filters are `spec.<key>=min..max`. */
export const SPEC_PREFIX = 'spec.';

export interface Range {
  min: number | null;
  max: number | null;
}

const RANGE = /^(-?\d+(?:\.\d+)?)?\.\.(-?\d+(?:\.\d+)?)?$/;

/** "6..10" → {min: 6, max: 10}; either end may be left out; null when the text is not a valid range. */
export function parseRange(text: string): Range | null {
  const m = RANGE.exec(text.trim());
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  const range = {
    min: m[1] === undefined ? null : Number(m[1]),
    max: m[2] === undefined ? null : Number(m[2]),
  };
  if (range.min !== null && range.max !== null && range.min > range.max) return null;
  return range;
}
