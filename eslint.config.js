// ESLint flat config: correctness rules only — formatting is Prettier's job (npm run lint runs both).
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      'e2e/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (callback signatures, destructuring to omit a key).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { ...reactHooks.configs.flat.recommended, files: ['packages/web/src/**/*.{ts,tsx}'] },
  { ...jsxA11y.flatConfigs.recommended, files: ['packages/web/src/**/*.tsx'] },
  {
    files: ['packages/web/src/**/*.tsx'],
    rules: {
      // A wide table's scroll box is a focusable role="region" with a label, so a keyboard can scroll it (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  { files: ['packages/web/src/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['e2e/tests/**/*.ts'],
    // Playwright fixtures are destructured from an object (`async ({ page }, use) => …`) even when empty.
    rules: { 'no-empty-pattern': 'off' },
  },
);
