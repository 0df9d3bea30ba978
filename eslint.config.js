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

/** Server layering (ARCHITECTURE.md "One direction"): http → domain → db; these folders must not import those. */
const forbid = (folders, why) => ({
  group: folders.flatMap((folder) => [`../${folder}/*`, `../../${folder}/*`, `../../../${folder}/*`, `./${folder}/*`]),
  message: why,
});
const SERVER_LAYERS = [
  {
    files: ['apps/server/src/domain/**/*.ts'],
    patterns: [
      forbid(
        ['http', 'jobs', 'world'],
        'The domain never imports http/, jobs/ or world/: take what it needs as a parameter (see domain/portfolio/services.ts).',
      ),
    ],
  },
  {
    files: ['apps/server/src/db/**/*.ts'],
    patterns: [
      forbid(
        ['domain', 'http', 'jobs', 'world'],
        'db/ holds queries only: it never imports domain/, http/, jobs/ or world/ (shared types go to packages/contracts).',
      ),
    ],
  },
  {
    files: ['apps/server/src/auth/**/*.ts'],
    patterns: [forbid(['http', 'jobs', 'world'], 'auth/ never imports http/, jobs/ or world/.')],
  },
  {
    files: ['apps/server/src/storage/**/*.ts', 'apps/server/src/ops/**/*.ts'],
    patterns: [
      forbid(
        ['domain', 'http', 'jobs', 'world'],
        'storage/ and ops/ are adapters below the domain, as db/ is: they never import domain/, http/, jobs/ or world/.',
      ),
    ],
  },
];

/**
 * The portfolio's codecs (domain/portfolio/io) are used through their one surface, io/index.ts; its own
 * modules (which import each other as './x.js'), tests and benchmarks may reach behind it. Flat config
 * does not merge one rule's options, so this pattern joins each layer's rule rather than standing alone.
 */
const THROUGH_PORTFOLIO_IO = {
  regex: '(^|/)portfolio/io/(?!index\\.js$)|^(\\./|(\\.\\./)+)io/(?!index\\.js$)',
  message: "Import the portfolio's codecs from domain/portfolio/io/index.ts, not its modules.",
};

const SQL_BELONGS_IN_DB = 'Queries belong in db/ (a function per query there); domain/ and auth/ decide.';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...SERVER_LAYERS.map(({ files, patterns }) => ({
    files,
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, THROUGH_PORTFOLIO_IO] }] },
  })),
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', ...SERVER_LAYERS.flatMap(({ files }) => files)],
    rules: { 'no-restricted-imports': ['error', { patterns: [THROUGH_PORTFOLIO_IO] }] },
  },
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
    // Issue 44: the web's API paths come from the server's routes (src/api/paths.ts: `apiPath('/caribou/billing')`,
    // typed by the generated api-types.gen.ts), never written by hand. Tests may pin literal URLs; pr-override.ts
    // recognises /api URLs; paths.ts is the one place the prefix is written.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'apps/web/src/api/paths.ts',
      'apps/web/src/api/api-types.gen.ts',
      'apps/web/src/api/pr-override.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api(\\/|$)/]',
          message:
            "Write API paths with apiPath('/…') from src/api/paths.ts (typed by the server's routes), not '/api/…'.",
        },
        {
          selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api(\\/|$)/]',
          message:
            "Write API paths with apiPath('/…') from src/api/paths.ts (typed by the server's routes), not `/api/…`.",
        },
      ],
    },
  },
  {
    // Kysely's query builders and sql`` templates stay in db/ (the house rule "SQL only in src/db").
    files: ['apps/server/src/domain/**/*.ts', 'apps/server/src/auth/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)$/]',
          message: SQL_BELONGS_IN_DB,
        },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_BELONGS_IN_DB },
        { selector: "TaggedTemplateExpression[tag.object.name='sql']", message: SQL_BELONGS_IN_DB },
      ],
    },
  },
  {
    // The first screens (login page, shell and top bar, the home page's first paint) are drawn without
    // MUI's runtime, by apps/web/src/ui/plain/first-screens.css (issue 45: their first JavaScript).
    // A static MUI import here would bring MUI back into what they wait for, and draw without the
    // theme (there is no ThemeProvider above them): load MUI parts lazily (ui/deferred.tsx,
    // ui/mui-scope.tsx). Type-only imports are fine.
    files: [
      'apps/web/src/main.tsx',
      'apps/web/src/app/{App,AppRoot,AuthGate,Shell,TopBar,routes,login-shell,start-app,NarrowWindowOverlay,ErrorBoundary,brand}.{ts,tsx}',
      'apps/web/src/ui/{TabBar,deferred,mui-scope,modals,notifications,LazyTooltip}.{ts,tsx}',
      'apps/web/src/ui/plain/**/*.{ts,tsx}',
      'apps/web/src/features/auth/{LoginPage,LoginField,AuthLayout,FullPageLoader,LazyMessageBlock,RealSessionProvider,index}.{ts,tsx}',
      'apps/web/src/features/scores/{ScoresPage,ScoresView,lazyPropertyBody}.{ts,tsx}',
      'apps/web/src/features/scores/components/{SearchBar,SearchField,ResultStates}.tsx',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[importKind='value'][source.value=/^@(mui|emotion)/]",
          message: 'A first screen is drawn without MUI (issue 45): load MUI parts lazily (ui/deferred.tsx).',
        },
      ],
    },
  },
  {
    // Components stay short (issue 44): a page's state goes in a hook of its own (e.g.
    // features/portfolio/usePortfolioListPage.ts), its mutations in the feature's api/ files, its
    // parts in components. The files below were longer when the limit came; take a file off the
    // list when its component is split, never add one.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Feature folders stay apart (bulletproof-react): a feature imports ui/, api/, session/ and contracts, not app/ or another
    // feature. One exception: features/map/index.ts is the public surface of the map widget, which the property
    // view (features/scores) embeds; importing that index (`../map`, `../../map`) is allowed, its internals are not.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../app/*', '../../../app/*', '../../app', '../../../app'],
              message: 'Features never import app/: the session and runtime config are in src/session/.',
            },
            {
              group: ['../../features/*', '../../../features/*'],
              message: 'Import from ui/, api/ or contracts, not from another feature.',
            },
            {
              regex: `^(\\.\\./)+(${featureNames.filter((name) => !PUBLIC_FEATURES.includes(name)).join('|')})(/.*)?$`,
              message: 'Import from ui/, api/ or contracts, not from another feature.',
            },
            {
              regex: `^(\\.\\./)+(${PUBLIC_FEATURES.join('|')})/.+$`,
              message: "Import another feature's public surface (its index.ts), not its internals.",
            },
          ],
        },
      ],
    },
  },
);
