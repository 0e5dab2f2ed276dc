import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { architectureZones } from './scripts/architecture-zones.js';

// `../x` and `./a/b`: paths that leave their folder, which must go through an alias.
const RELATIVE_OUT_OF_FOLDER = '^(\\.\\./|\\./.*/)';
const ALIAS_MESSAGE = 'An import that leaves its folder uses an alias (#server/…, #client/…, #contract/…, #tests/…); ./ is for the same folder.';
const PREACT_MESSAGE = 'Preact runs the client (docs/decisions/0014): its React compatibility layer has no such API.';

// Resolves #server/…, #client/… and the other package.json aliases as TypeScript does.
const importResolver = {
  ...importX.flatConfigs.typescript.settings,
  'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.scratch', 'test-results', 'playwright-report', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'scripts/*.js'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Fastify hooks and handlers are async by contract, awaiting or not.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // The architecture (docs/architecture.md): which part may import which, no import circles, and
  // one import style. scripts/lint.mjs plants a violation of each rule (scripts/architecture-violations.js).
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importResolver,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // React 19's own APIs that Preact's compatibility layer, which runs the client in the
          // browser (docs/decisions/0014), does not have: undefined there, whatever the types say.
          paths: [
            { name: 'react', importNames: ['useOptimistic', 'useActionState', 'useEffectEvent', 'Activity', 'cache'], message: PREACT_MESSAGE },
            {
              name: 'react-dom',
              importNames: ['useFormStatus', 'requestFormReset', 'preload', 'preloadModule', 'preinit', 'preinitModule', 'preconnect', 'prefetchDNS'],
              message: PREACT_MESSAGE,
            },
          ],
          patterns: [
            {
              regex: RELATIVE_OUT_OF_FOLDER,
              message: ALIAS_MESSAGE,
            },
          ],
        },
      ],
      // The same for import() of a path written out: code split off to load later is no exception.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression > Literal[value=/^(\\.\\.\\/|\\.\\/.*\\/)/]',
          message: ALIAS_MESSAGE,
        },
      ],
    },
  },
  {
    // Tests may reach anything they check; the layers bind the product code.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    settings: importResolver,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: architectureZones(import.meta.dirname) }],
      // Type-only imports are left out: the one Database type gathers the feature tables.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    // The contract runs in the browser and on the server alike.
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.test.ts', 'tests/**/*.ts'],
    rules: {
      // Light-my-request's json() is untyped; tests read it freely.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
