import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import { assertAcyclic } from './eslint/feature-graph.js';
import noCycle from './eslint/rules/no-cycle.js';
import noForeignTableWrite from './eslint/rules/no-foreign-table-write.js';

// The web app's layers (docs/decisions/008-web-structure.md): app/ composes features into pages; a feature imports
// only components/, lib/, config/, @shared and itself; components/, lib/ and config/ import no feature and no page.
// One rule object per folder, because a later `no-restricted-imports` replaces an earlier one instead of adding to it.
const webFeatures = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const noParent = {
  group: ['../*'],
  message: "Import web code as '@/…' (src/web) and shared code as '@shared/…'.",
};
// Inside a feature, relative imports are how it reaches its own files; they may not climb out of it.
const staysInFeature = {
  group: ['../../*'],
  message:
    "Relative imports stay inside the feature; import other web code as '@/…' and shared code as '@shared/…'.",
};
const webRule = (relative, ...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          // React's server renderer is not the shop's server (src/web/server-render.tsx renders with it).
          group: ['**/server/**', '**/server', '!react-dom/server'],
          message: 'The web app talks to the server over HTTP only; share code through src/shared.',
        },
        relative,
        ...groups,
      ],
    },
  ],
});
const noPages = {
  group: ['@/app', '@/app/**'],
  message: 'Pages compose features, not the other way round: move what both need to components/ or lib/.',
};
const noFeatures = (except) => ({
  group: [
    '@/features/*',
    '@/features/*/**',
    ...(except ? [`!@/features/${except}`, `!@/features/${except}/**`] : []),
  ],
  message:
    'A web feature never imports another feature: compose them in a page (app/routes) or move generic UI to components/ui.',
});
const webBoundaries = [
  { files: ['src/web/**/*.{ts,tsx}'], rules: webRule(noParent) },
  {
    files: ['src/web/{components,lib,config}/**/*.{ts,tsx}'],
    rules: webRule(noParent, noFeatures(), noPages),
  },
  ...webFeatures.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    // A feature's tests may render the page it belongs to, to test it the way a user meets it.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: webRule(staysInFeature, noFeatures(feature), noPages),
  })),
  ...webFeatures.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.test.{ts,tsx}`],
    rules: webRule(staysInFeature, noFeatures(feature)),
  })),
];

/**
 * Server features and the features each may call, through that feature's `index.ts` (or, without one, its
 * `<name>.service.ts`) only.
 * This graph is the one place a new dependency is declared; it must stay acyclic (checked below), so features
 * depend on each other one way. Anything else of another feature (routes, tests, internals) is off limits.
 */
const serverFeatures = {
  accounts: ['audit'],
  'api-keys': ['audit'],
  audit: [],
  cart: ['accounts', 'catalogue', 'pricing'],
  catalogue: ['audit', 'inventory', 'media', 'notifications', 'webhooks'],
  // Decision 071: search and the CSV import/export build on the catalogue, which knows neither.
  'catalogue-import': ['audit', 'catalogue', 'inventory', 'media', 'notifications'],
  companies: ['audit', 'cart', 'catalogue', 'pricing', 'webhooks'],
  credit: ['audit', 'checkout', 'companies', 'notifications', 'orders'],
  checkout: [
    'audit',
    'cart',
    'catalogue',
    'companies',
    'invoices',
    'notifications',
    'orders',
    'pricing',
    'shipping',
    'tax',
  ],
  equipment: ['audit', 'cart', 'catalogue', 'companies', 'media', 'search'],
  fulfilment: ['audit', 'orders', 'webhooks'],
  health: [],
  inventory: ['notifications', 'webhooks'],
  invoices: ['pricing', 'webhooks'],
  media: [],
  news: ['audit'],
  notifications: [],
  orders: [
    'accounts',
    'audit',
    'catalogue',
    'companies',
    'inventory',
    'invoices',
    'notifications',
    'pricing',
    'shipping',
    'tax',
    'webhooks',
  ],
  overview: ['catalogue', 'orders'],
  payments: ['checkout', 'credit', 'orders'],
  quotes: [
    'audit',
    'catalogue',
    'checkout',
    'notifications',
    'orders',
    'pricing',
    'shipping',
    'tax',
    'webhooks',
  ],
  // The one pricing function (decision 052): below every seller of goods, above the tables it reads.
  pricing: ['catalogue', 'shipping', 'tax'],
  returns: ['audit', 'checkout', 'equipment', 'inventory', 'orders'],
  procurement: ['cart', 'checkout', 'companies', 'credit', 'orders'],
  reviews: ['accounts', 'orders'],
  search: ['catalogue'],
  seo: ['catalogue', 'news'],
  shipping: ['audit'],
  tax: ['audit', 'media', 'notifications', 'shipping'],
  // Low in the graph (decision 061): the features whose changes it announces depend on it, never the reverse.
  webhooks: ['notifications'],
};

assertAcyclic(serverFeatures);

// One kebab-case word group, as eslint-plugin-check-file's KEBAB_CASE spells it (a micromatch pattern).
const kebab = '+([a-z])*([a-z0-9])*(-+([a-z0-9]))';

// Server and shared code never reach the web app, by a path or by its `@/…` alias.
const noWeb = {
  group: ['**/web/**', '**/web', '@/*', '@/**'],
  message:
    'The server and shared code never import the web app (not even as @/…); share code through src/shared.',
};
// A command-line entry point runs; it is not a library.
const noCli = {
  group: ['**/*-cli', '**/*-cli.ts'],
  message:
    'Nothing imports a command-line entry point (*-cli.ts): move what both need into a module of its own.',
};

/**
 * The server's layers (docs/decisions/029-server-layers.md, 070), each importing only from those below it: the db
 * schema, infra/ (what the app runs on), http/ (HTTP plumbing), features/, then what wires and runs them (app.ts,
 * feature-list.ts, seed/, cli/). `forbidden` are the layers above a folder.
 */
const layer = (folder, why, forbidden, ignores = [], more = []) => ({
  files: [`src/server/${folder}/*.ts`],
  ignores,
  patterns: [
    ...more,
    {
      group: forbidden.flatMap((l) => [`**/${l}`, `**/${l}/**`]),
      message: `${why}: move the code up a layer, or pass in what it needs (docs/decisions/029-server-layers.md).`,
    },
  ],
});
const serverLayers = [
  layer('infra/**', 'Infrastructure knows no feature, no HTTP plumbing, seed or CLI', [
    'features',
    'http',
    'seed',
    'cli',
    'feature-list',
  ]),
  layer('http/**', 'HTTP plumbing knows no feature, seed or CLI', [
    'features',
    'seed',
    'cli',
    'feature-list',
  ]),
  // Each table is declared beside its feature (docs/decisions/069-feature-owned-tables.md): db/ gathers them for
  // drizzle-kit and the client, so it may reach those *.schema.ts files and nothing else of a feature.
  layer(
    'db',
    'The schema imports only drizzle',
    ['infra', 'http', 'seed', 'cli'],
    ['**/*.test.ts'],
    [
      {
        // A glob cannot re-allow a file below a forbidden folder, hence the regex.
        regex: '(^|/)features(/(?![a-z-]+/[a-z-]+\\.schema$)|$)',
        message: "db/ reaches a feature's *.schema.ts only (docs/decisions/069-feature-owned-tables.md).",
      },
    ],
  ),
  layer(
    'seed/**',
    'The demo seed uses the schema and infra only',
    ['http', 'features', 'cli'],
    ['**/*.test.ts'],
  ),
];

// A feature with an `index.ts` is called through it alone; the others still through `<name>.service.ts`.
const publicFace = (feature) =>
  existsSync(new URL(`./src/server/features/${feature}/index.ts`, import.meta.url))
    ? 'index'
    : `${feature}.service`;

/** no-restricted-imports for one server feature: the web app, and other features except the allowed services. */
function featureBoundary(name, allowed) {
  const others = Object.keys(serverFeatures).filter((f) => f !== name);
  return others.map((other) => ({
    group: [
      ...(allowed.includes(other) ? [] : [`../${other}`]),
      `../${other}/**`,
      `**/features/${other}/**`,
      ...(allowed.includes(other) ? [`!../${other}/${publicFace(other)}`] : []),
    ],
    message: allowed.includes(other)
      ? `Call ${other} only through ../${other}/${publicFace(other)} (its public functions).`
      : `${name} may not depend on ${other}: declare it in serverFeatures (eslint.config.js), without a cycle.`,
  }));
}

/**
 * Money is integer cents, converted and formatted only by src/shared/common/money.ts (docs/decisions/050-one-money-type.md):
 * anywhere else, a `* 100`, `/ 100` or `toFixed(2)` is cents worked out of floats by hand. A 100 that is not money
 * (a percentage, a byte size) goes through a named helper or constant.
 */
const hundred = (op) => [
  `BinaryExpression[operator='${op}'][left.type='Literal'][left.value=100]`,
  `BinaryExpression[operator='${op}'][right.type='Literal'][right.value=100]`,
  `AssignmentExpression[operator='${op}='][right.type='Literal'][right.value=100]`,
];
const moneyMessage =
  'Money is integer cents: convert and format it with @shared/common/money (formatCents, centsToDollars, dollarsToCents, parseDollars, percentOf), not by hand.';
const moneyRule = {
  'no-restricted-syntax': [
    'error',
    ...[...hundred('*'), ...hundred('/')].map((selector) => ({ selector, message: moneyMessage })),
    {
      selector: "CallExpression[callee.property.name='toFixed'][arguments.0.value=2]",
      message: moneyMessage,
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...webBoundaries,
  {
    // A contract's schemas are zod: the browser takes their types only (docs/decisions/030-route-contracts.md).
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@shared/*/*.contract'],
              allowTypeImports: true,
              message:
                "Call through '@shared/<feature>/<feature>.calls' (plain data); import a contract with `import type` only.",
            },
          ],
        },
      ],
    },
  },
  {
    // File and folder names in src/: kebab-case, with dot-separated kebab-case roles (`orders.routes.ts`,
    // `catalogue-csv.import.ts`, `payments.pg.test.ts`); React components too (`payment-panel.tsx`).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { 'src/**/*.{ts,tsx}': `${kebab}*(.${kebab})` },
        { errorMessage: '"{{ target }}": file names are kebab-case, roles after dots (orders.routes.ts).' },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // No import cycles in src/: a cycle makes load order decide what is initialised. Type-only imports are erased and
    // do not count. Our own rule (eslint/rules/no-cycle.js) reads each module once instead of import-x/no-cycle's
    // re-parse of the graph per file, which was half of the lint's time (docs/decisions/032-test-suite-time.md).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { imports: { rules: { 'no-cycle': noCycle } } },
    rules: { 'imports/no-cycle': 'error' },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noCli] }] },
  },
  ...serverLayers.map(({ patterns, ...where }) => ({
    ...where,
    rules: { 'no-restricted-imports': ['error', { patterns: [noWeb, noCli, ...patterns] }] },
  })),
  ...Object.entries(serverFeatures).map(([name, allowed]) => ({
    files: [`src/server/features/${name}/**/*.ts`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noWeb, noCli, ...featureBoundary(name, allowed)] }],
    },
  })),
  {
    // A feature writes only its own tables (eslint/table-owners.js). Tests and harnesses arrange any table's rows.
    files: ['src/server/features/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.harness.ts'],
    plugins: { owners: { rules: { 'no-foreign-table-write': noForeignTableWrite } } },
    rules: { 'owners/no-foreign-table-write': 'error' },
  },
  {
    // A feature's tables (docs/decisions/069-feature-owned-tables.md): drizzle, the column helpers and the tables its
    // foreign keys name, in other features' *.schema.ts. Foreign keys may point up the feature graph (an order names
    // its checkout); code may not, so a schema file imports no feature code, and feature code no other *.schema.ts.
    files: ['src/server/features/*/*.schema.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(?!drizzle-orm(/|$)|\\.\\./\\.\\./db/(columns|catalogue-schema|catalogue-data-schema)$|\\.\\./[a-z-]+/[a-z-]+\\.schema$)',
              message:
                "A feature's schema imports only drizzle-orm, ../../db/columns, the catalogue's schemas and other features' *.schema.ts.",
            },
          ],
        },
      ],
    },
  },
  // Shared code runs on both sides: it imports zod and other shared modules, nothing else (its tests also vitest).
  ...[
    { files: ['src/shared/**/*.ts'], ignores: ['**/*.test.ts'], allowed: 'zod(/|$)' },
    { files: ['src/shared/**/*.test.ts'], allowed: 'zod(/|$)|vitest$' },
  ].map(({ allowed, ...where }) => ({
    ...where,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noWeb,
            {
              group: ['**/server/**', '**/server'],
              message: 'src/shared is imported by the server, never the reverse.',
            },
            {
              regex: `^(?!${allowed}|@shared/|\\.\\.?/)`,
              message: 'src/shared imports only zod and other shared modules.',
            },
          ],
        },
      ],
    },
  })),
  {
    // What the browser imports of a contract stays plain data: zod and the schemas only as types.
    files: ['src/shared/**/*.calls.ts', 'src/shared/common/contract.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', 'zod/*', '**/*.schema', '**/*.contract'],
              allowTypeImports: true,
              message: 'The browser imports this file: take zod and the schemas with `import type` only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/shared/common/money.ts',
      'src/shared/common/money-parse.ts',
      '**/*.test.{ts,tsx}',
      '**/test/**',
    ],
    rules: moneyRule,
  },
);
