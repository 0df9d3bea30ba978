import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Feature folders of the web app, and those that publish a public surface (index.ts) other features may import. */
const featureNames = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const PUBLIC_FEATURES = ['map', 'appeals'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**'] },
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Feature folders stay apart (bulletproof-react): a feature imports ui/, api/, app/ and contracts, not another
    // feature. One exception: features/map/index.ts is the public surface of the map widget, which the property
    // view (features/scores) embeds; importing that index (`../map`, `../../map`) is allowed, its internals are not.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../../features/*', '../../../features/*'], message: 'Import from ui/, api/ or contracts, not from another feature.' },
            { regex: `^(\\.\\./)+(${featureNames.filter((name) => !PUBLIC_FEATURES.includes(name)).join('|')})(/.*)?$`, message: 'Import from ui/, api/ or contracts, not from another feature.' },
            { regex: `^(\\.\\./)+(${PUBLIC_FEATURES.join('|')})/.+$`, message: "Import another feature's public surface (its index.ts), not its internals." },
          ],
        },
      ],
    },
  },
);
