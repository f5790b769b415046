// Lint for mistakes, not style: @eslint/js and typescript-eslint recommended,
// with the few rules that would only nag turned down. Formatting is not linted.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Layering (docs/ARCHITECTURE.md): page -> island -> store action -> API module -> provider.
// Each folder may import only what sits below it; these rules hold that, and
// tests/unit/lint-layering.test.ts proves each one bites. Import sources are matched
// as written, so a relative path that climbs into a folder is what they look for.
const into = (folder) => `^(\\.\\.?/)+${folder}(/|$)`;
const LAYER = {
  sandbox: { regex: into('sandbox'), message: 'The sandbox is the provider: the client reaches it over HTTP only.' },
  stores: { regex: into('stores'), message: 'The API client never imports stores: it gets what it needs through configureApiClient, which src/stores/session.ts calls.' },
  framework: {
    regex: '^(react|react-dom|@nanostores/react|astro)(/|$)|^astro:',
    message: 'Stores are framework-free: no React or Astro. Islands read them with useStore.',
  },
  views: { regex: into('(islands|components)'), message: 'Stores never import islands or components: views read stores, not the other way.' },
  api: {
    regex: into('api'),
    allowTypeImports: true,
    message: 'Islands and components call store actions, never the API (type-only imports of our entity types are fine).',
  },
  islands: { regex: into('islands'), message: 'Components are shared building blocks: a layout or page places islands.' },
  stateLibrary: {
    regex: '^(nanostores|@nanostores/router)$',
    allowTypeImports: true,
    message: 'Stores live only in src/stores/: make or extend one there and import it.',
  },
  http: { regex: '^wretch(/|$)', message: 'Only src/api/ speaks HTTP: call an API module (through a store action).' },
  storeHook: {
    regex: '^@nanostores/react$',
    message: "Islands and components read stores with useStore from components/server-snapshot.tsx: on the server it never touches a store (reading one mounts it, for every user at once).",
  },
  server: {
    regex: into('server'),
    message: 'src/server/ holds the session and its tokens on the site\'s server: browser code reaches it only through the site\'s routes.',
  },
  browser: {
    regex: into('(stores|islands|components|playback)'),
    message: 'The site\'s server code never imports the browser\'s stores, views or playback.',
  },
};
// A folder's rules, for static imports and for dynamic import() alike (no-restricted-imports
// sees only the static ones). esquery ends a regex at its first "/", so slashes go as \x2F.
const restrict = (...layers) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: layers.map((name) => LAYER[name]) }],
  'no-restricted-syntax': [
    'error',
    ...layers.map((name) => ({
      selector: `ImportExpression[source.value=/${LAYER[name].regex.replaceAll('/', '\\x2F')}/]`,
      message: LAYER[name].message,
    })),
  ],
});
const NO_FETCH = 'Only src/api/ calls fetch: go through a store action and an API module.';

export default tseslint.config(
  {
    // Root dotfiles are scratch files and tool state, never the product's code.
    ignores: ['.*', 'dist/', 'node_modules/', 'test-results*/', 'playwright-report*/', 'bench/results/', 'bench/tools/'],
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
  // A file gets one set of options per rule (a later block replaces an earlier one),
  // so each folder's block lists every layer it may not import.
  { files: ['src/**'], rules: restrict('sandbox', 'stateLibrary', 'http') },
  { files: ['src/lib/**', 'src/playback/**'], rules: restrict('sandbox', 'stateLibrary', 'http', 'server') },
  { files: ['src/server/**'], rules: restrict('sandbox', 'stateLibrary', 'http', 'browser') },
  { files: ['src/api/**'], rules: restrict('sandbox', 'stateLibrary', 'stores', 'server') },
  { files: ['src/stores/**'], rules: restrict('sandbox', 'framework', 'views', 'http', 'server') },
  { files: ['src/islands/**'], rules: restrict('sandbox', 'stateLibrary', 'api', 'http', 'server', 'storeHook') },
  { files: ['src/components/**'], rules: restrict('sandbox', 'stateLibrary', 'api', 'islands', 'http', 'server', 'storeHook') },
  // The one reader of stores for islands wraps @nanostores/react's.
  { files: ['src/components/server-snapshot.tsx'], rules: restrict('sandbox', 'stateLibrary', 'api', 'islands', 'http', 'server') },
  {
    files: ['src/**'],
    ignores: ['src/api/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: NO_FETCH }],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({ object, property: 'fetch', message: NO_FETCH })),
      ],
    },
  },
);
