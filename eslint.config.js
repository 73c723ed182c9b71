import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import boundaries: shared imports nothing of server/web, and server and web never import each other.
const boundary = (forbidden, why) => ({
  'no-restricted-imports': [
    'error',
    { patterns: forbidden.map((group) => ({ group: [`**/${group}/**`, `**/${group}`], message: why })) },
  ],
});

// The web app's layers (docs/decisions/008-web-structure.md): app/ composes features into pages; a feature imports
// only components/, lib/, config/, @shared and itself; components/, lib/ and config/ import no feature and no page.
// One rule object per folder, because a later `no-restricted-imports` replaces an earlier one instead of adding to it.
const webFeatures = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webRule = (...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: ['**/server/**', '**/server'],
          message: 'The web app talks to the server over HTTP only; share code through src/shared.',
        },
        { group: ['../*'], message: "Import web code as '@/…' (src/web) and shared code as '@shared/…'." },
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
  { files: ['src/web/**/*.{ts,tsx}'], rules: webRule() },
  { files: ['src/web/{components,lib,config}/**/*.{ts,tsx}'], rules: webRule(noFeatures(), noPages) },
  ...webFeatures.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.{ts,tsx}`],
    // A feature's tests may render the page it belongs to, to test it the way a user meets it.
    ignores: ['**/*.test.{ts,tsx}'],
    rules: webRule(noFeatures(feature), noPages),
  })),
  ...webFeatures.map((feature) => ({
    files: [`src/web/features/${feature}/**/*.test.{ts,tsx}`],
    rules: webRule(noFeatures(feature)),
  })),
];

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
    files: ['src/server/**/*.ts'],
    rules: boundary(['web'], 'The server never imports the web app; share code through src/shared.'),
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: boundary(['server', 'web'], 'src/shared is imported by both sides and imports neither.'),
  },
);
