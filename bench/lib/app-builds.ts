import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureAdminBuild, ensureStaffBuild } from '@venue/test-harness/build-app';
import { REPO_ROOT } from '@venue/test-harness/paths';
import { startServer, type TestServer } from '@venue/test-harness/server';
import { BENCH_SERVER_ENV } from './fresh-servers.ts';

const run = promisify(execFile);

/**
 * Builds the floor page (bench/floor, with apps/web's Vite configuration: bench/floor/build.ts) into
 * a directory of its own, in a child process like the app builds, so the bench's own process keeps
 * its environment. `dispose` removes it.
 */
export async function buildFloor(): Promise<{ dir: string; dispose(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'venue-floor-'));
  const env: NodeJS.ProcessEnv = {};
  // As the app builds: no VITE_* setting of the calling shell, the shipped configuration's.
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('VITE_')) env[key] = value;
  env.NODE_ENV = 'production';
  try {
    await run(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'bench/floor/build.ts'), dir], {
      cwd: REPO_ROOT,
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    const output = (error as { stdout?: string; stderr?: string }).stderr ?? '';
    throw new Error(`the floor page's build failed:\n${output || String(error)}`, { cause: error });
  }
  return { dir, dispose: () => rm(dir, { recursive: true, force: true }) };
}

/** Where the staff display and the back office are served. */
export type SubAppPath = '/staff' | '/admin';

/**
 * A bench server (fresh SQLite) serving `webDist` at / with the staff display (/staff) and the back
 * office (/admin) built beside it, as a deployment serves them.
 */
export async function startServerWithApps(
  webDist: string,
): Promise<{ server: TestServer; dists: Record<SubAppPath, string> }> {
  const [staffDist, adminDist] = await Promise.all([ensureStaffBuild(), ensureAdminBuild()]);
  const server = await startServer({
    webDist,
    env: { ...BENCH_SERVER_ENV, STAFF_DIST: staffDist, ADMIN_DIST: adminDist },
  });
  return { server, dists: { '/staff': staffDist, '/admin': adminDist } };
}
