import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * No import cycles in src/ (docs/decisions/029-server-layers.md): a module may not import one that leads back to it.
 * Value imports only, as before: `import type`, `export type … from` and imports of types alone are erased and
 * cannot cycle at run time; a dynamic `import()` counts. Specifiers are resolved as tsconfig.json's `paths` and
 * relative imports resolve them (.ts, .tsx, index.ts, index.tsx); a package is never followed.
 *
 * It replaces import-x/no-cycle, which parsed every imported module again with the full TypeScript-ESLint parser
 * and resolver for each file linted: half of the lint's time (docs/decisions/032-test-suite-time.md, 8 Dec addendum).
 * Here each other module is read once per process with TypeScript's parser alone (no types), and its value imports
 * kept; the file being linted is read from its live source, so an editor sees its own unsaved imports.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** tsconfig.json's `paths` as [prefix, folder] pairs: `@shared/*` → src/shared. */
const aliases = (() => {
  const { config } = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
  return Object.entries(config?.compilerOptions?.paths ?? {}).map(([from, [to]]) => [
    from.replace(/\*$/, ''),
    path.join(root, to.replace(/\*$/, '')),
  ]);
})();

const isFile = (file) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

/** The module file a specifier names, or null for a package or a file that is not TypeScript. */
export function resolveSpecifier(specifier, fromFile) {
  let base = null;
  if (specifier === '.' || specifier === '..' || /^\.\.?\//.test(specifier))
    base = path.resolve(path.dirname(fromFile), specifier);
  else {
    const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
    if (alias) base = path.join(alias[1], specifier.slice(alias[0].length));
  }
  if (base === null) return null;
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (/\.tsx?$/.test(candidate) && isFile(candidate)) return candidate;
  return null;
}

const typesOnly = (elements) => elements.length > 0 && elements.every((e) => e.isTypeOnly);

/** The specifiers of a module's value imports, read with TypeScript's parser (no type information). */
function valueSpecifiers(file, text) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const out = [];
  const literal = (node) => (node && ts.isStringLiteralLike(node) ? node.text : null);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      if (clause?.isTypeOnly) continue;
      if (clause && !clause.name && named && ts.isNamedImports(named) && typesOnly(named.elements)) continue;
      out.push(literal(statement.moduleSpecifier));
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      const named = statement.exportClause;
      if (statement.isTypeOnly || (named && ts.isNamedExports(named) && typesOnly(named.elements))) continue;
      out.push(literal(statement.moduleSpecifier));
    }
  }
  // Dynamic imports anywhere in the module (a lazy page, a driver loaded on demand).
  if (text.includes('import(')) {
    const visit = (node) => {
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword)
        out.push(literal(node.arguments[0]));
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out.filter((s) => s !== null);
}

/** Each module's value imports (resolved files), read once and again only when the file changed on disk. */
const modules = new Map();
// A file's modification time is checked at most once a second, so a long-running editor sees changes on disk while
// a command-line run does not stat every module for every file it lints.
const recheckAfterMs = 1000;

function importsOf(file) {
  const now = Date.now();
  const known = modules.get(file);
  if (known && now - known.checkedAt < recheckAfterMs) return known.imports;
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    modules.delete(file);
    return [];
  }
  if (known && known.mtimeMs === mtimeMs) {
    known.checkedAt = now;
    return known.imports;
  }
  const imports = [
    ...new Set(
      valueSpecifiers(file, readFileSync(file, 'utf8'))
        .map((s) => resolveSpecifier(s, file))
        .filter(Boolean),
    ),
  ];
  modules.set(file, { mtimeMs, checkedAt: now, imports });
  return imports;
}

/** The shortest chain of value imports from `start` back to `target` (the files after `start`), or null. */
function pathBack(start, target) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const file = queue[i];
    for (const next of importsOf(file)) {
      if (next === target) {
        const chain = [];
        for (let at = file; at !== null; at = cameFrom.get(at)) chain.unshift(at);
        return chain;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

const isTypeOnlyNode = (node) => {
  if (node.type === 'ImportDeclaration')
    return (
      node.importKind === 'type' ||
      (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'))
    );
  if (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration')
    return (
      node.exportKind === 'type' ||
      (node.type === 'ExportNamedDeclaration' &&
        node.specifiers.length > 0 &&
        node.specifiers.every((s) => s.exportKind === 'type'))
    );
  return false;
};

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow a value import that leads back to the importing module.' },
    schema: [],
    messages: {
      cycle:
        'Dependency cycle: {{chain}}. Move what both need into a module of their own, or import only types.',
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    if (!path.isAbsolute(filename)) return {};
    const check = (node) => {
      const specifier = node.source?.type === 'Literal' ? node.source.value : null;
      if (typeof specifier !== 'string' || isTypeOnlyNode(node)) return;
      const imported = resolveSpecifier(specifier, filename);
      if (!imported || imported === filename) return;
      const chain = pathBack(imported, filename);
      if (!chain) return;
      const names = [filename, ...chain, filename].map((f) => path.relative(root, f));
      context.report({ node, messageId: 'cycle', data: { chain: names.join(' → ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
