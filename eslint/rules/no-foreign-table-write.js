import { foreignWritesAllowed, ownerOf } from '../table-owners.js';

/**
 * A server feature inserts, updates and deletes only the tables it owns (eslint/table-owners.js,
 * docs/decisions/069-feature-owned-tables.md). It sees drizzle's `.insert(t)`, `.update(t)` and `.delete(t)` on a
 * table imported from a schema module, and raw `insert into`, `update` and `delete from` in `sql` templates, whether
 * the table is spelled out or interpolated (`update ${orders} set …`).
 */

const featureOf = (filename) => /[\\/]src[\\/]server[\\/]features[\\/]([^\\/]+)[\\/]/.exec(filename)?.[1];
const schemaModule = /(^|\/)(db\/schema|[a-z-]+[.-]schema)$/;
const snake = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
// `on conflict … do update set`, `for update`, `for no key update`: not writes to a table named after them.
const writeAt = /\b(insert\s+into|delete\s+from|update)\s+(?:only\s+)?("?)([a-z_][a-z0-9_]*)\2/gi;
const notAWrite = /\b(do|for|key)\s+$/i;
const writeBeforeHole = /\b(insert\s+into|delete\s+from|update)\s+(?:only\s+)?$/i;

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow writing a table another server feature owns (eslint/table-owners.js).' },
    schema: [],
    messages: {
      foreign:
        '{{feature}} may not {{verb}} {{table}}: {{owner}} owns it. Call a function of ../{{owner}}/index.ts (add one), or list the write with its reason in eslint/table-owners.js.',
    },
  },
  create(context) {
    const feature = featureOf(context.filename);
    if (!feature) return {};
    const tables = new Map(); // local name -> SQL table name
    const namespaces = new Set(); // `import * as schema`

    const check = (node, verb, table) => {
      const owner = ownerOf(table);
      if (!owner || owner === feature) return;
      if (foreignWritesAllowed.some((a) => a.feature === feature && a.table === table)) return;
      context.report({ node, messageId: 'foreign', data: { feature, verb, table, owner } });
    };
    const tableOf = (node) => {
      if (node?.type === 'Identifier') return tables.get(node.name);
      if (
        node?.type === 'MemberExpression' &&
        node.object.type === 'Identifier' &&
        namespaces.has(node.object.name)
      )
        return node.property.type === 'Identifier' ? snake(node.property.name) : undefined;
      return undefined;
    };

    return {
      ImportDeclaration(node) {
        if (!schemaModule.test(node.source.value)) return;
        for (const s of node.specifiers) {
          if (s.type === 'ImportNamespaceSpecifier') namespaces.add(s.local.name);
          else if (s.type === 'ImportSpecifier' && s.importKind !== 'type')
            tables.set(s.local.name, snake(s.imported.name ?? s.imported.value));
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const verb = callee.property.name;
        if (!['insert', 'update', 'delete'].includes(verb)) return;
        const table = tableOf(node.arguments[0]);
        if (table) check(node, verb, table);
      },
      TaggedTemplateExpression(node) {
        const tag = node.tag;
        const isSql =
          (tag.type === 'Identifier' && tag.name === 'sql') ||
          (tag.type === 'MemberExpression' && tag.object.type === 'Identifier' && tag.object.name === 'sql');
        if (!isSql) return;
        const { quasis, expressions } = node.quasi;
        quasis.forEach((quasi, i) => {
          const text = quasi.value.cooked ?? quasi.value.raw;
          for (const m of text.matchAll(writeAt)) {
            if (notAWrite.test(text.slice(0, m.index))) continue;
            check(node, m[1].split(/\s+/)[0].toLowerCase(), m[3].toLowerCase());
          }
          const hole = writeBeforeHole.exec(text);
          const table = hole && !notAWrite.test(text.slice(0, hole.index)) && tableOf(expressions[i]);
          if (table) check(node, hole[1].split(/\s+/)[0].toLowerCase(), table);
        });
      },
    };
  },
};
