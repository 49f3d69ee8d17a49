import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const TS_PROJECTS = [
  'packages/contract/tsconfig.json',
  'packages/domain/tsconfig.json',
  'packages/client/tsconfig.json',
  'packages/test-harness/tsconfig.json',
  'apps/server/tsconfig.json',
  'apps/web/tsconfig.json',
  'apps/staff/tsconfig.json',
  'apps/admin/tsconfig.json',
  'e2e/tsconfig.json',
  'bench/tsconfig.json',
];

/** The repository root: the boundaries' paths are relative to it, whatever folder ESLint runs in. */
const ROOT = dirname(fileURLToPath(import.meta.url));

const SERVER = './apps/server/src';
/** The server's modules, and each one's repository files (what only its own module may import). */
const SERVER_MODULES = readdirSync(join(ROOT, SERVER, 'modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    name: entry.name,
    repositories: readdirSync(join(ROOT, SERVER, 'modules', entry.name)).filter((file) =>
      file.endsWith('.repository.ts'),
    ),
  }));
/** The server's top: what starts and composes it. Nothing below imports it. */
const SERVER_TOP = [`${SERVER}/app.ts`, `${SERVER}/main.ts`, `${SERVER}/cli`];

const WEB_FEATURES = readdirSync(join(ROOT, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const ADMIN_FEATURES = readdirSync(join(ROOT, 'apps/admin/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Boundaries (docs/decisions/026-boundaries-and-order-statuses.md):
 * - a web feature never imports another feature; features share through entities, components, lib
 *   and config;
 * - an entity (apps/web/src/entities: state and calls several features use, like the placed order)
 *   imports no feature and nothing of the app;
 * - shared web code (components, lib, config) never imports an entity, a feature or the app shell;
 * - the staff app's shared code (components, lib, api) never imports its app shell;
 * - a back-office feature (apps/admin/src/features) never imports another; its shared code
 *   (components, lib, api) imports no feature and not the app shell;
 * - an app (web, staff, admin, server) does not import another app;
 * - packages/domain (pure rules) imports nothing outside itself.
 * packages/contract depends on domain (its package.json), never the reverse.
 */
const SERVER_ZONES = [
  {
    target: `${SERVER}/routes`,
    from: SERVER_TOP,
    message: 'Routes do not import the app or its start: app.ts registers them.',
  },
  {
    target: `${SERVER}/modules`,
    from: [`${SERVER}/routes`, ...SERVER_TOP],
    message: 'A module does not import routes or the app: routes call modules, never the reverse.',
  },
  {
    target: [`${SERVER}/plugins`, `${SERVER}/gateway`, `${SERVER}/lib`, `${SERVER}/config.ts`],
    from: [`${SERVER}/modules`, `${SERVER}/routes`, ...SERVER_TOP],
    message: 'plugins, gateway, lib and config sit below the modules: they import no module, route or app.',
  },
  {
    target: `${SERVER}/db`,
    from: [`${SERVER}/modules`, `${SERVER}/routes`, `${SERVER}/plugins`, `${SERVER}/gateway`, ...SERVER_TOP],
    message: 'db/ (connection, migrations, schema) imports no module: a module that needs seeding data owns it.',
  },
  ...SERVER_MODULES.filter((module) => module.repositories.length > 0).map((module) => ({
    target: [
      ...SERVER_MODULES.filter((other) => other.name !== module.name).map((other) => `${SERVER}/modules/${other.name}`),
      `${SERVER}/routes`,
      `${SERVER}/plugins`,
      `${SERVER}/gateway`,
      `${SERVER}/lib`,
      `${SERVER}/db`,
      ...SERVER_TOP,
    ],
    from: module.repositories.map((file) => `${SERVER}/modules/${module.name}/${file}`),
    message: `Only modules/${module.name} reads its repository: call its service (pass the transaction in when the change spans modules).`,
  })),
];

const BOUNDARY_ZONES = [
  ...WEB_FEATURES.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need to an entity, components, lib or config.',
  })),
  {
    target: './apps/web/src/entities',
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'An entity does not import features or the app: features and the app import it.',
  },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
    from: ['./apps/web/src/entities', './apps/web/src/features', './apps/web/src/app'],
    message: 'Shared code (components, lib, config) does not import entities, features or the app.',
  },
  {
    target: ['./apps/staff/src/components', './apps/staff/src/lib', './apps/staff/src/api'],
    from: ['./apps/staff/src/app.tsx', './apps/staff/src/main.tsx'],
    message: 'Shared staff code (components, lib, api) does not import the app shell.',
  },
  ...ADMIN_FEATURES.map((feature) => ({
    target: `./apps/admin/src/features/${feature}`,
    from: './apps/admin/src/features',
    except: [`./${feature}`],
    message: 'A back-office feature does not import another feature: move what both need to components, lib or api.',
  })),
  {
    target: ['./apps/admin/src/components', './apps/admin/src/lib', './apps/admin/src/api'],
    from: ['./apps/admin/src/features', './apps/admin/src/app', './apps/admin/src/main.tsx'],
    message: 'Shared back-office code (components, lib, api) does not import features or the app shell.',
  },
  ...['web', 'staff', 'admin', 'server'].map((app) => ({
    target: `./apps/${app}`,
    from: './apps',
    except: [`./${app}`],
    message: 'An app does not import another app: what both need lives in packages/contract or packages/domain.',
  })),
  {
    target: './packages',
    from: ['./apps', './e2e', './bench', './scripts'],
    message: 'A package imports no app, test suite or benchmark: the apps import packages.',
  },
  {
    target: './packages/client',
    from: ['./packages/test-harness'],
    message: "packages/client is the browsers' plumbing: it imports no test harness.",
  },
  {
    target: './apps',
    from: './packages/test-harness',
    message: 'An app does not import the test harness: tests and benchmarks import the apps, never the reverse.',
  },
  {
    target: './e2e',
    from: './bench',
    message: 'e2e does not import bench: what both need lives in packages/test-harness.',
  },
  {
    target: './bench',
    from: './e2e',
    message: 'bench does not import e2e: what both need lives in packages/test-harness.',
  },
  {
    target: './packages/domain',
    from: [
      './apps',
      './packages/contract',
      './packages/client',
      './packages/test-harness',
      './e2e',
      './bench',
      './scripts',
    ],
    message: 'packages/domain holds pure rules and imports nothing outside itself.',
  },
  {
    target: './packages/contract',
    from: ['./apps', './packages/client', './packages/test-harness', './e2e', './bench', './scripts'],
    message: 'packages/contract imports only itself and packages/domain.',
  },
];

const IMPORT_META_ENV = {
  selector: "MemberExpression[object.meta.name='import'][property.name='env']",
  message: 'Read settings from src/config/settings.ts.',
};
const HAND_PARSED_STREAM = {
  selector: "CallExpression[callee.property.name='startsWith'][arguments.0.value=/^(data|event|id|retry):/]",
  message: 'Parse event streams with @venue/client/sse-parser.',
};

/** Test files and the server's test helpers may reach any layer (a test sets up what it checks). */
const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'apps/server/src/test/**', 'apps/server/test/**'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'e2e/.builds/**', 'data/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Settings are read in one place each (style guide): apps/web/src/config, apps/server/src/config.ts.
      'no-restricted-syntax': ['error', IMPORT_META_ENV],
    },
  },
  {
    // One event-stream parser (@venue/client/sse-parser) for the apps, the tests and the benchmarks.
    files: ['apps/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'packages/test-harness/**/*.ts'],
    ignores: TESTS,
    rules: { 'no-restricted-syntax': ['error', IMPORT_META_ENV, HAND_PARSED_STREAM] },
  },
  {
    // One HTTP client (@venue/client/http-client) and one money format (@venue/domain/money) in the
    // browser apps. The page's early fetch runs before the app's code arrives; the client adopts its answer.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/staff/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    // The back office's client module sends picture uploads' bytes itself (the shared client sends JSON).
    ignores: [
      ...TESTS,
      'apps/web/src/test/**',
      'apps/web/src/early/early-requests.ts',
      'apps/admin/src/api/admin-client.ts',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message:
            'Call the API through @venue/client/http-client (lib/api-client.ts, api/ops-client.ts, api/admin-client.ts).',
        },
      ],
      'no-restricted-syntax': [
        'error',
        IMPORT_META_ENV,
        HAND_PARSED_STREAM,
        {
          selector: "CallExpression[callee.property.name='toFixed'][arguments.0.value=2]",
          message: 'Write money with majorAmount or formatMoney from @venue/domain/money.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/config/**', 'apps/web/vite.config.ts', 'apps/web/build/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Server settings are read in one place (apps/server/src/config.ts), and the apps and packages
    // read none of their own: a setting read anywhere else is one an operator cannot find.
    files: ['apps/**/*.{ts,tsx}', 'packages/client/**/*.ts', 'packages/domain/**/*.ts', 'packages/contract/**/*.ts'],
    ignores: [...TESTS, 'apps/server/src/config.ts', 'apps/*/vite.config.ts', 'apps/web/build/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings in apps/server/src/config.ts (loadConfig).' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/staff/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads no .ts/.tsx module and no-cycle sees no edge between them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: TS_PROJECTS.map((project) => join(ROOT, project)),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Only the workspace's own modules take part: cycles through node_modules are not ours to fix.
      // no-cycle skips type-only imports; scripts/import-cycles.mjs (also in npm run lint) counts them.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: BOUNDARY_ZONES }],
    },
  },
  {
    // The server's layers (docs/decisions/031-server-layers.md); scripts/server-layers.mjs adds the
    // module cycles a single import cannot show.
    files: ['apps/server/**/*.ts'],
    ignores: TESTS,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...BOUNDARY_ZONES, ...SERVER_ZONES] }],
    },
  },
);
