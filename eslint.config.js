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
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary(
        ['server'],
        'The web app talks to the server over HTTP only; share code through src/shared.',
      ),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: boundary(['web'], 'The server never imports the web app; share code through src/shared.'),
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: boundary(['server', 'web'], 'src/shared is imported by both sides and imports neither.'),
  },
);
