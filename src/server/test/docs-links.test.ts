import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A clone of the repository must stand alone (issue 41): the README stays about two screens, and every relative link
// in it and in docs/ leads to a file (and, for a markdown file, a heading) that the repository has.
const root = fileURLToPath(new URL('../../../', import.meta.url));

const docs = [
  'README.md',
  ...(readdirSync(path.join(root, 'docs'), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.posix.join('docs', f.split(path.sep).join('/'))),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

function anchorsIn(file: string): Set<string> {
  const text = read(file).replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The relative links of a markdown text, outside code blocks and inline code: [text](target). */
function linksIn(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/i.test(t));
}

/** The links of `file` (its text, or `markdown` read as if it were there) that lead nowhere in the repository. */
function brokenLinks(file: string, markdown = read(file)): string[] {
  return linksIn(markdown).filter((target) => {
    const [targetPath, anchor] = target.split('#');
    const resolved = targetPath
      ? path.join(root, path.posix.dirname(file), decodeURIComponent(targetPath))
      : path.join(root, file);
    if (!resolved.startsWith(root) || !existsSync(resolved)) return true;
    if (!anchor || !resolved.endsWith('.md')) return false;
    return !anchorsIn(path.relative(root, resolved)).has(anchor);
  });
}

describe('the documentation', () => {
  it('keeps the README to about two screens (at most 150 lines)', () => {
    const lines = readFileSync(path.join(root, 'README.md'), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(150);
  });

  it.each(docs)('%s links only to files and headings in the repository', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it('finds a link to a missing file, a missing heading or outside the repository', () => {
    const planted =
      '[ok](configuration.md) [ok too](operations.md#health-checks) [gone](no-such-page.md) ' +
      '[no heading](api.md#no-such-heading) [outside](../../outside/SPEC.md) `[code](ignored.md)`';
    expect(brokenLinks('docs/manual.md', planted)).toEqual([
      'no-such-page.md',
      'api.md#no-such-heading',
      '../../outside/SPEC.md',
    ]);
  });

  it('lists every environment variable the config reads in docs/configuration.md', () => {
    const infra = path.join(root, 'src/server/infra');
    const names = readdirSync(infra)
      .filter((f) => /^config.*\.ts$/.test(f) && !f.endsWith('.test.ts'))
      .flatMap((f) => [...readFileSync(path.join(infra, f), 'utf8').matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)])
      .map((m) => m[1]!);
    const documented = read('docs/configuration.md');
    expect(names.length).toBeGreaterThan(40);
    expect(names.filter((n) => !documented.includes(`\`${n}\``))).toEqual([]);
  });
});
