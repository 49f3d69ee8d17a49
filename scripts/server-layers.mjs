// `npm run lint` part: the server's modules stack one way (docs/decisions/031-server-layers.md).
// ESLint checks single imports (a module importing routes, another module's repository, db/
// importing a module); what a single import cannot show is checked here, over the whole tree:
//   - module import cycles: modules/a imports modules/b and modules/b imports modules/a, through
//     any number of modules and any file of theirs (type-only imports included);
//   - another module's repository imported from a module, the routes or anywhere else but its own
//     module (the audit log and every other module expose a service).
// Test files and the test helpers (src/test) are left out: a test may reach any layer.
// Prints what it finds and exits 1.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { cyclesOf } from './strongly-connected.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = resolve(root, process.argv[2] ?? 'apps/server/src');
const MODULES = join(SRC, 'modules');

function sourceFiles(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== join(SRC, 'test')) sourceFiles(path, found);
    } else if (/\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) found.push(path);
  }
  return found;
}

function resolveFile(base) {
  const candidates = [base, `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

/** The module a file belongs to (`orders` for modules/orders/x.ts), or null outside modules/. */
function moduleOf(file) {
  const rel = relative(MODULES, file);
  return rel.startsWith('..') ? null : rel.split(sep)[0];
}

const problems = [];
const moduleEdges = new Map();
for (const file of sourceFiles(SRC)) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const target = resolveFile(join(dirname(file), fileName));
    if (!target) continue;
    const from = moduleOf(file);
    const to = moduleOf(target);
    if (to && from !== to && /\.repository\.ts$/.test(target)) {
      problems.push(`${relative(root, file)} imports another module's repository: ${relative(root, target)}`);
    }
    if (from && to && from !== to) {
      if (!moduleEdges.has(from)) moduleEdges.set(from, new Map());
      moduleEdges.get(from).set(to, `${relative(SRC, file)} -> ${relative(SRC, target)}`);
    }
  }
}

// Cycles between modules.
const modules = new Map([...moduleEdges].map(([name, edges]) => [name, [...edges.keys()]]));
for (const component of cyclesOf(modules)) {
  const edges = component.flatMap((a) =>
    component.filter((b) => moduleEdges.get(a)?.has(b)).map((b) => `      ${moduleEdges.get(a).get(b)}`),
  );
  problems.push(`modules import each other: ${component.sort().join(', ')}\n${edges.join('\n')}`);
}

if (problems.length > 0) {
  console.error(`Server layers (scripts/server-layers.mjs): ${problems.length} problem(s)`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
