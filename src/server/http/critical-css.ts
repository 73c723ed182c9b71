/**
 * The part of a stylesheet one page's HTML needs to paint (decision 056): every rule whose selectors' classes all
 * appear in the page, and everything that is not a class rule (the theme, the base styles, keyframes, properties).
 * Made for Tailwind's minified output: rules, statements and nested at-rules, no CSS nesting.
 */

/** One top-level item of a block: `prelude{body}` or a statement `prelude;`. */
interface Item {
  prelude: string;
  body?: string;
}

/** The index just past the quoted string starting at `i`. */
function skipString(css: string, i: number): number {
  const quote = css[i]!;
  let j = i + 1;
  while (j < css.length && css[j] !== quote) j += css[j] === '\\' ? 2 : 1;
  return j + 1;
}

function parse(css: string): Item[] {
  const items: Item[] = [];
  let i = 0;
  while (i < css.length) {
    // The prelude: up to its block or the statement's end (strings, comments and parentheses skipped).
    let j = i;
    let parens = 0;
    while (j < css.length) {
      const c = css[j]!;
      if (c === '"' || c === "'") j = skipString(css, j);
      else if (c === '/' && css[j + 1] === '*')
        j = css.indexOf('*/', j + 2) < 0 ? css.length : css.indexOf('*/', j + 2) + 2;
      else if (c === '(' || c === ')') {
        parens += c === '(' ? 1 : -1;
        j++;
      } else if (parens === 0 && (c === '{' || c === ';' || c === '}')) break;
      else j++;
    }
    const prelude = css
      .slice(i, j)
      .replace(/\/\*[^]*?\*\//g, '')
      .trim();
    if (j >= css.length || css[j] === '}') {
      if (prelude) items.push({ prelude });
      i = j + 1;
      continue;
    }
    if (css[j] === ';') {
      items.push({ prelude });
      i = j + 1;
      continue;
    }
    // A block: to its matching brace.
    let depth = 1;
    let k = j + 1;
    while (k < css.length && depth > 0) {
      const c = css[k]!;
      if (c === '"' || c === "'") k = skipString(css, k);
      else {
        if (c === '{') depth++;
        else if (c === '}') depth--;
        k++;
      }
    }
    items.push({ prelude, body: css.slice(j + 1, k - 1) });
    i = k;
  }
  return items;
}

/** Splits a selector list at its top-level commas. */
function selectors(prelude: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < prelude.length; i++) {
    const c = prelude[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(prelude.slice(start, i));
      start = i + 1;
    }
  }
  out.push(prelude.slice(start));
  return out;
}

const CLASS = /\.((?:\\.|[\w-])+)/g;
// A class under :not() need not be there; one under :where()/:is()/:has() is taken as needed (errs on keeping less).
const NEGATION = /:not\((?:[^()]|\([^()]*\))*\)/g;

const classesOf = (selector: string) =>
  Array.from(selector.replace(NEGATION, '').matchAll(CLASS), (m) => m[1]!.replace(/\\(.)/g, '$1'));

/** At-rules whose blocks hold rules to filter; any other block (keyframes, properties, font faces) is kept whole. */
const GROUPING = /^@(media|supports|layer|container|scope|starting-style)\b/;

/** A stylesheet parsed once: what each page's subset is cut from. */
type Node =
  | { kind: 'whole'; text: string }
  | { kind: 'group'; prelude: string; children: Node[] }
  | { kind: 'rule'; selectors: { text: string; classes: string[] }[]; body: string };

function tree(css: string): Node[] {
  return parse(css).map(({ prelude, body }): Node => {
    if (body === undefined) return { kind: 'whole', text: `${prelude};` };
    if (GROUPING.test(prelude)) return { kind: 'group', prelude, children: tree(body) };
    if (prelude.startsWith('@')) return { kind: 'whole', text: `${prelude}{${body}}` };
    return {
      kind: 'rule',
      selectors: selectors(prelude).map((text) => ({ text, classes: classesOf(text) })),
      body,
    };
  });
}

function subset(nodes: Node[], classes: Set<string>): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'whole') out += node.text;
    else if (node.kind === 'group') {
      const inner = subset(node.children, classes);
      if (inner) out += `${node.prelude}{${inner}}`;
    } else {
      const kept = node.selectors.filter((s) => s.classes.every((c) => classes.has(c)));
      if (kept.length > 0) out += `${kept.map((s) => s.text).join(',')}{${node.body}}`;
    }
  }
  return out;
}

/** The classes an HTML text uses. */
export function classesIn(html: string): Set<string> {
  const found = new Set<string>();
  for (const m of html.matchAll(/\bclass="([^"]*)"/g)) {
    for (const c of m[1]!.split(/\s+/))
      if (c) found.add(c.replaceAll('&amp;', '&').replaceAll('&quot;', '"'));
  }
  return found;
}

/** Parses `css` once; the function it returns gives the rules a page's HTML needs for its first paint. */
export function criticalCssOf(css: string): (html: string) => string {
  const nodes = tree(css);
  return (html) => subset(nodes, classesIn(html));
}
