// The layer rules fail where they should: a probe import of each kind the rules forbid is linted
// (eslint.config.js, as `npm run lint` runs it) or checked (scripts/server-layers.mjs), and must be
// refused; the same file without the forbidden import passes, so the probe fails for that reason.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: ROOT });

/** The rule ids ESLint reports for a probe file (which need not exist; what it imports must). */
async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

const PROBES = [
  {
    kind: 'a module importing routes',
    file: 'apps/server/src/modules/orders/probe.ts',
    forbidden: "import { orderRoutes } from '../../routes/v1/orders.routes.ts';\nexport const probe = orderRoutes;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: "a module importing another module's repository",
    file: 'apps/server/src/modules/payments/probe.ts',
    forbidden: "import { findOrder } from '../orders/orders.repository.ts';\nexport const probe = findOrder;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: "a route importing a module's repository",
    file: 'apps/server/src/routes/v1/probe.ts',
    forbidden:
      "import { findOrder } from '../../modules/orders/orders.repository.ts';\nexport const probe = findOrder;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'a module importing up the stack (the app)',
    file: 'apps/server/src/modules/orders/probe.ts',
    forbidden: "import { buildApp } from '../../app.ts';\nexport const probe = buildApp;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'lib importing a module',
    file: 'apps/server/src/lib/probe.ts',
    forbidden: "import { recordAudit } from '../modules/audit/audit.service.ts';\nexport const probe = recordAudit;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'db/ importing a module',
    file: 'apps/server/src/db/probe.ts',
    forbidden:
      "import { seedWhenEmpty } from '../modules/catalogue/demo-venue.ts';\nexport const probe = seedWhenEmpty;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'a package importing an app',
    file: 'packages/client/src/probe.ts',
    forbidden: "import { loadConfig } from '../../../apps/server/src/config.ts';\nexport const probe = loadConfig;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'e2e importing bench',
    file: 'e2e/probe.ts',
    forbidden: "import { formatTable } from '../bench/lib/table.ts';\nexport const probe = formatTable;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'process.env read outside the config file',
    file: 'apps/server/src/lib/probe.ts',
    forbidden: 'export const probe = process.env.PORT;\n',
    rule: 'no-restricted-properties',
  },
  {
    kind: 'a fetch of its own in a browser app',
    file: 'apps/staff/src/lib/probe.ts',
    forbidden: "export const probe = () => fetch('/ops/v1/credential');\n",
    rule: 'no-restricted-globals',
  },
  {
    kind: 'a fetch of its own in the back office',
    file: 'apps/admin/src/lib/probe.ts',
    forbidden: "export const probe = () => fetch('/admin/v1/session');\n",
    rule: 'no-restricted-globals',
  },
  {
    kind: 'the back office importing another app',
    file: 'apps/admin/src/lib/probe.ts',
    forbidden: "import { opsClient } from '../../../staff/src/api/ops-client.ts';\nexport const probe = opsClient;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'a back-office feature importing another feature',
    file: 'apps/admin/src/features/managers/probe.ts',
    forbidden: "import { hourLabel } from '../takings/takings-screen.tsx';\nexport const probe = hourLabel;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: "the back office's shared code importing a feature",
    file: 'apps/admin/src/lib/probe.ts',
    forbidden: "import { hourLabel } from '../features/takings/takings-screen.tsx';\nexport const probe = hourLabel;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    kind: 'money written by hand in the customer app',
    file: 'apps/web/src/lib/probe.ts',
    forbidden: 'export const probe = (minor: number) => (minor / 100).toFixed(2);\n',
    rule: 'no-restricted-syntax',
  },
  {
    kind: 'an event stream parsed by hand in a benchmark',
    file: 'bench/lib/probe.ts',
    forbidden: "export const probe = (line: string) => line.startsWith('data:');\n",
    rule: 'no-restricted-syntax',
  },
];

describe('layer rules refuse a probe of each kind', () => {
  it.each(PROBES)(
    '$kind',
    async ({ file, forbidden, rule }) => {
      expect(await ruleIdsFor(file, forbidden)).toContain(rule);
      expect(await ruleIdsFor(file, 'export const probe = 1;\n')).toEqual([]);
    },
    60_000,
  );
});

describe('scripts/server-layers.mjs', () => {
  const tree = mkdtempSync(join(tmpdir(), 'layers-probe-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  };
  const check = () =>
    spawnSync(process.execPath, [join(ROOT, 'scripts/server-layers.mjs'), tree], { encoding: 'utf8' });

  it('passes the real tree', () => {
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts/server-layers.mjs')], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('refuses modules that import each other, through a third one too', () => {
    write('modules/a/a.service.ts', "import { b } from '../b/b.service.ts';\nexport const a = () => b;\n");
    write('modules/b/b.service.ts', "import { c } from '../c/c.service.ts';\nexport const b = () => c;\n");
    write('modules/c/c.service.ts', 'export const c = 1;\n');
    expect(check().status).toBe(0);
    write('modules/c/c.service.ts', "import type { a } from '../a/a.service.ts';\nexport const c: typeof a | 1 = 1;\n");
    const result = check();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('modules import each other: a, b, c');
  });

  it("refuses another module's repository, even as a type", () => {
    write('modules/c/c.service.ts', 'export const c = 1;\n');
    write('modules/a/a.repository.ts', 'export type Row = { id: number };\n');
    write(
      'modules/b/b.service.ts',
      "import type { Row } from '../a/a.repository.ts';\nexport const b = (row: Row) => row;\n",
    );
    const result = check();
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("imports another module's repository");
  });
});
