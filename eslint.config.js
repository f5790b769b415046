// Lint for mistakes, not style: @eslint/js and typescript-eslint recommended,
// with the few rules that would only nag turned down. Formatting is not linted.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Root dotfiles are scratch files and tool state, never the product's code.
    ignores: ['.*', 'dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench/results/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      // TypeScript already reports unknown names in .ts; the .mjs scripts run on
      // every `npm test`; the rule's false positives (Node and DOM globals) would not.
      'no-undef': 'off',
      // `_`-prefixed names are deliberately unused (callbacks, destructuring).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // `ok ? a() : b()` and `x && f()` as statements are deliberate, not mistakes.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // Playwright fixtures must destructure their (often empty) dependencies.
      'no-empty-pattern': 'off',
      // Input validation matches control characters on purpose.
      'no-control-regex': 'off',
    },
  },
);
