// `npm run lint` part: import cycles between the workspace's own modules, type-only imports included
// (ESLint's import-x/no-cycle checks only the imports that run; a cycle of types still ties two
// modules together). Prints each cycle and exits 1 when there is one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { cyclesOf } from './strongly-connected.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_ROOTS = [
  'apps/web',
  'apps/staff',
  'apps/admin',
  'apps/server',
  'packages/contract',
  'packages/domain',
  'packages/client',
  'packages/test-harness',
  'e2e',
  'bench',
];
const SKIP = new Set(['node_modules', 'dist', '.builds', 'results', 'data']);
/** Workspace packages imported by name, and where their `./*` export points. */
const PACKAGES = {
  '@venue/contract/': 'packages/contract/src/',
  '@venue/domain/': 'packages/domain/src/',
  '@venue/client/': 'packages/client/src/',
  '@venue/test-harness/': 'packages/test-harness/src/',
};

function sourceFiles(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, found);
    else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) found.push(path);
  }
  return found;
}

function resolveFile(base) {
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

function resolveImport(from, specifier) {
  if (specifier.startsWith('.')) return resolveFile(join(dirname(from), specifier));
  const prefix = Object.keys(PACKAGES).find((name) => specifier.startsWith(name));
  return prefix ? resolveFile(join(root, PACKAGES[prefix], specifier.slice(prefix.length))) : null;
}

const files = SOURCE_ROOTS.filter((dir) => existsSync(join(root, dir))).flatMap((dir) => sourceFiles(join(root, dir)));
const graph = new Map(
  files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((imported) => resolveImport(file, imported.fileName)).filter(Boolean);
    return [file, [...new Set(targets)]];
  }),
);

const cycles = cyclesOf(graph);

if (cycles.length > 0) {
  console.error(`Import cycles (type-only imports included): ${cycles.length}`);
  for (const cycle of cycles) console.error(`  ${cycle.map((file) => relative(root, file)).join(' <-> ')}`);
  process.exit(1);
}
console.log(`No import cycles among ${graph.size} modules.`);
