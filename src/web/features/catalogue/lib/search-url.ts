import {
  MAX_OFFSET_RESULTS,
  parseRange,
  sortOptions,
  SPEC_PREFIX,
  type Range,
  type SortOption,
} from '@shared/catalogue/search-params';

/**
 * The catalogue page's whole view state, read from and written to its URL: the URL is the only store, so a link
 * reproduces the view and the back button steps through it. Numbers are canonical (the API's units and dollars);
 * the unit toggle only changes how they are shown.
 */
export interface SearchState {
  q: string;
  category: string | null;
  brands: string[];
  inStock: boolean;
  /** "Fits my equipment" (signed in): `all` my machines or one machine's id; the equipment feature answers. */
  fits: string | null;
  /** Dollars. */
  price: Range | null;
  /** Spec key → range in the spec's canonical unit. */
  specs: Record<string, Range>;
  sort: SortOption;
  page: number;
  pageSize: number;
}

export const PAGE_SIZES = [12, 24, 48] as const;
export const DEFAULT_PAGE_SIZE = 24;

export const emptyState: SearchState = {
  q: '',
  category: null,
  brands: [],
  inStock: false,
  fits: null,
  price: null,
  specs: {},
  sort: 'relevance',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

const SLUG = /^[a-z0-9-]{1,80}$/;
const FITS = /^(all|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const SPEC_KEY = /^[a-z][a-z0-9_-]{0,40}$/;

const wholeNumber = (text: string | null, min: number, max: number) => {
  const n = Number(text);
  return text && Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/**
 * Reads the view from the URL. Lenient: a hand-edited or outdated value is dropped rather than sent to the API
 * (which would refuse the whole search), so any link shows something sensible.
 */
export function readState(params: URLSearchParams): SearchState {
  const specs: Record<string, Range> = {};
  for (const [key, value] of params) {
    if (!key.startsWith(SPEC_PREFIX)) continue;
    const name = key.slice(SPEC_PREFIX.length);
    const range = parseRange(value);
    if (SPEC_KEY.test(name) && range) specs[name] = range;
  }
  const pageSize = wholeNumber(params.get('pageSize'), 1, 100) ?? DEFAULT_PAGE_SIZE;
  const sort = params.get('sort') as SortOption | null;
  const category = params.get('category');
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    category: category && SLUG.test(category) ? category : null,
    brands: [...new Set(params.getAll('brand').map((b) => b.trim()))].filter(Boolean).slice(0, 20),
    inStock: params.get('inStock') === 'true',
    fits: FITS.test(params.get('fits') ?? '') ? params.get('fits') : null,
    price: parseRange(params.get('price') ?? ''),
    specs,
    sort: sort && sortOptions.includes(sort) ? sort : 'relevance',
    page: wholeNumber(params.get('page'), 1, Math.floor(MAX_OFFSET_RESULTS / pageSize)) ?? 1,
    pageSize,
  };
}

/**
 * A canonical bound as URL text: four decimals, no exponent. A lower bound is rounded down and an upper one up, so
 * a range typed in other units (110 psi = 7.58423… bar) never loses a product the visitor's numbers include.
 */
export function numberText(n: number, end: 'min' | 'max' = 'min'): string {
  const scaled = n * 10_000;
  // The epsilon keeps exact decimals (6.1 → 61000.000000001) from moving a step.
  const rounded = end === 'min' ? Math.floor(scaled + 1e-6) : Math.ceil(scaled - 1e-6);
  return String(rounded / 10_000);
}

export const rangeText = (r: Range) =>
  `${r.min === null ? '' : numberText(r.min, 'min')}..${r.max === null ? '' : numberText(r.max, 'max')}`;

/** Filters and search in a fixed order, defaults left out: the same view always has the same URL. */
function filterParams(s: SearchState): URLSearchParams {
  const out = new URLSearchParams();
  if (s.q) out.set('q', s.q);
  if (s.category) out.set('category', s.category);
  for (const b of s.brands) out.append('brand', b);
  if (s.inStock) out.set('inStock', 'true');
  if (s.fits) out.set('fits', s.fits);
  if (s.price) out.set('price', rangeText(s.price));
  for (const key of Object.keys(s.specs).sort()) out.set(SPEC_PREFIX + key, rangeText(s.specs[key]!));
  return out;
}

/** The page's URL query for a view. */
export function writeState(s: SearchState): URLSearchParams {
  const out = filterParams(s);
  if (s.sort !== 'relevance') out.set('sort', s.sort);
  if (s.page > 1) out.set('page', String(s.page));
  if (s.pageSize !== DEFAULT_PAGE_SIZE) out.set('pageSize', String(s.pageSize));
  return out;
}

/**
 * The query string of GET /api/catalogue/search for a view's products (every parameter explicit). Facets are asked
 * apart (`facetsQuery`): the cards need not wait for them, and paging or sorting does not recount them.
 */
export function apiQuery(s: SearchState): string {
  const out = filterParams(s);
  out.set('sort', s.sort);
  out.set('page', String(s.page));
  out.set('pageSize', String(s.pageSize));
  out.set('facets', 'false');
  return out.toString();
}

/** The facet counts of a view's filters: the same for every page and sort order. */
export function facetsQuery(s: SearchState): string {
  const out = filterParams(s);
  out.set('pageSize', '1');
  return out.toString();
}

/**
 * The counts beside the category links while searching: a link keeps the search text and drops every other filter
 * (categoryHref), so its number is the text's matches alone in that category. Without text the category tree's own
 * counts are used: no query (null).
 */
export const categoryCountsQuery = (s: SearchState): string | null =>
  s.q ? facetsQuery({ ...emptyState, q: s.q }) : null;

/**
 * The view after a change. Any change but paging itself goes back to page 1: the old page number means nothing
 * for another result set.
 */
export function changeState(s: SearchState, patch: Partial<SearchState>): SearchState {
  return { ...s, page: 1, ...patch };
}

/** A range with no ends is no filter. */
export const isEmptyRange = (r: Range | null | undefined) => !r || (r.min === null && r.max === null);

/** Sets or clears one spec's range. */
export function withSpec(s: SearchState, key: string, range: Range | null): SearchState {
  const specs = { ...s.specs };
  if (isEmptyRange(range)) delete specs[key];
  else specs[key] = range!;
  return changeState(s, { specs });
}

/** How many filters narrow the view (the search text and the category are not counted: they are shown apart). */
export const filterCount = (s: SearchState) =>
  s.brands.length + (s.inStock ? 1 : 0) + (s.fits ? 1 : 0) + (s.price ? 1 : 0) + Object.keys(s.specs).length;

/** The page numbers to link, with gaps: 1 … 4 5 6 … 20. */
export function pageList(current: number, last: number): (number | 'gap')[] {
  const wanted = new Set([1, last, current - 1, current, current + 1].filter((n) => n >= 1 && n <= last));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const n of sorted) {
    const prev = out.at(-1);
    if (typeof prev === 'number' && n - prev === 2) out.push(prev + 1);
    else if (typeof prev === 'number' && n - prev > 2) out.push('gap');
    out.push(n);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A control computed `next` from the view it was rendered with (`from`); `latest` is the view the URL holds now. Two
 * controls used in quick succession (Sort by, then Per page before the page re-rendered) would otherwise each write
 * their own idea of the whole view, and the second would undo the first. Only what the control changed is applied to
 * the latest view; spec ranges key by key, since two range filters can be set one after the other.
 */
export function rebaseChange(latest: SearchState, from: SearchState, next: SearchState): SearchState {
  const out: SearchState = { ...latest, specs: { ...latest.specs } };
  for (const key of Object.keys(next) as (keyof SearchState)[]) {
    if (key === 'specs' || same(next[key], from[key])) continue;
    (out as unknown as Record<string, unknown>)[key] = next[key];
  }
  for (const key of new Set([...Object.keys(from.specs), ...Object.keys(next.specs)])) {
    if (same(next.specs[key], from.specs[key])) continue;
    if (next.specs[key]) out.specs[key] = next.specs[key];
    else delete out.specs[key];
  }
  return out;
}
