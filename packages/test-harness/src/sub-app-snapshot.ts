import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSubAppBuild, type SubAppName } from './build-app.ts';
import { BUILDS_DIR } from './paths.ts';

/**
 * A private copy of the staff display's or the back office's build, for one server to serve (its
 * STAFF_DIST or ADMIN_DIST). Another run on the machine may rebuild e2e/.builds/<name> at any
 * moment (the apps are being worked on); a server serving that folder would then lose the hashed
 * files the open page still loads. The copy is taken between two identical stamps, so it is one
 * whole build. `dispose` removes it.
 */
export async function snapshotSubAppBuild(name: SubAppName): Promise<{ dir: string; dispose(): Promise<void> }> {
  const stampFile = join(BUILDS_DIR, `${name}.stamp.json`);
  const copy = await mkdtemp(join(tmpdir(), `venue-${name}-`));
  for (let attempt = 1; ; attempt += 1) {
    const dir = await ensureSubAppBuild(name);
    const before = await readFile(stampFile, 'utf8').catch(() => null);
    await rm(copy, { recursive: true, force: true });
    const copied = await cp(dir, copy, { recursive: true }).then(
      () => true,
      () => false,
    );
    const after = await readFile(stampFile, 'utf8').catch(() => null);
    if (copied && before !== null && before === after) break;
    if (attempt >= 5) {
      await rm(copy, { recursive: true, force: true });
      throw new Error(`the ${name} build kept changing while it was copied`);
    }
  }
  return { dir: copy, dispose: () => rm(copy, { recursive: true, force: true }) };
}
