// `npm run lint` (and a step of `npm test`): a few rules that catch what tsc does not — a promise nobody awaits, an
// import or variable left behind, an import cycle, a hook called out of order. Type-aware rules read tsconfig.json
// through typescript-eslint's project service. Formatting is Prettier's.
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const SOURCE = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

export default defineConfig([
  globalIgnores([
    'dist/',
    '.netlify/',
    '.astro/',
    '.data/',
    '.scratch/',
    '.test-reports/',
    'test-results/',
    'playwright-report/',
    'blob-report/',
  ]),
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    extends: [tseslint.configs.base],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
    },
  },
  {
    // Value imports only (the rule skips `import type`); tests/unit/import-cycles.test.ts also counts type-only
    // imports and .astro files, which are not linted here.
    files: ['{src,netlify,db,scripts}/**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x skips .ts files and finds no cycle at all.
      'import-x/extensions': SOURCE,
      'import-x/parsers': { '@typescript-eslint/parser': SOURCE },
      'import-x/resolver-next': [createNodeResolver({ extensions: SOURCE })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The rules of hooks, not the React Compiler's rules in the plugin's recommended set (this code is not compiled
    // by it): hooks called in order, effects that name what they read.
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
]);
