import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { FIRST_DAY_VENUE } from './first-day-venue.ts';
import { BUILDS_DIR, REPO_ROOT } from './paths.ts';

/**
 * Builds of the web app used by the end-to-end suites and the page-weight benchmark. Each is the
 * same code with different build-time settings (architecture page, "Build-time settings").
 */
export const BUILDS = {
  /** The shipped configuration: multi-vendor, the demo venue. */
  'multi-vendor': {},
  /** Single-vendor, Grill & Bun (burgers): take-away only. */
  'single-vendor-2': { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '2' },
  /** Single-vendor, Slice Pizza Co.: take-away and home delivery. */
  'single-vendor-3': { VITE_MULTI_VENDOR: 'false', VITE_VENDOR_ID: '3' },
  /** Multi-vendor with the optional notes on and a two-minute order session. */
  'multi-vendor-notes': {
    VITE_DIETARY_NOTE: 'true',
    VITE_SPECIAL_ORDER_NOTE: 'true',
    VITE_ORDER_SESSION_EXPIRY_MS: '120000',
  },
  /** A venue's own build (first-day.e2e.ts): the ids and name of its imported catalogue. */
  'first-day': {
    VITE_CLIENT_ID: String(FIRST_DAY_VENUE.clientId),
    VITE_VENUE_ID: String(FIRST_DAY_VENUE.id),
    VITE_VENUE_NAME: FIRST_DAY_VENUE.name,
  },
} as const satisfies Record<string, Record<string, string>>;

export type BuildName = keyof typeof BUILDS;

const WEB_DIR = join(REPO_ROOT, 'apps/web');

/** Everything whose change can change the built app. Unit tests are left out: they are not bundled. */
function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (path: string): void => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isFile()) {
      files.push(path);
      return;
    }
    for (const entry of readdirSync(path).sort()) {
      if (entry === 'node_modules' || entry === 'dist') continue;
      if (/\.test\.tsx?$/.test(entry)) continue;
      walk(join(path, entry));
    }
  };
  walk(join(WEB_DIR, 'src'));
  walk(join(WEB_DIR, 'build'));
  walk(join(WEB_DIR, 'public'));
  for (const name of readdirSync(WEB_DIR).sort()) {
    if (name === 'index.html' || name === 'package.json' || /^vite\.config\./.test(name) || /^\.env/.test(name)) {
      walk(join(WEB_DIR, name));
    }
  }
  const packages = join(REPO_ROOT, 'packages');
  for (const name of existsSync(packages) ? readdirSync(packages).sort() : []) {
    walk(join(packages, name, 'src'));
  }
  return files;
}

/** A hash of the web app's sources (apps/web, packages/*\/src), to skip builds that would not change. */
export function webSourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of sourceFiles()) {
    hash.update(relative(REPO_ROOT, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function stampPath(name: string): string {
  return join(BUILDS_DIR, `${name}.stamp.json`);
}

export function buildDir(name: BuildName): string {
  return join(BUILDS_DIR, name);
}

/** The environment of a build: our VITE_* settings only, none inherited from the calling shell. */
function buildEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('VITE_')) env[key] = value;
  }
  return { ...env, ...settings, NODE_ENV: 'production' };
}

function runViteBuild(outDir: string, settings: Record<string, string>): Promise<void> {
  const vite = join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: WEB_DIR,
      env: buildEnv(settings),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build (${JSON.stringify(settings)}) failed (exit ${code ?? signal}):\n${output}`));
    });
  });
}

const pending = new Map<BuildName, Promise<string>>();

/**
 * Builds the app into e2e/.builds/<name> unless the stamp there shows a build of the same settings
 * from the same sources. Returns the build directory (for the server's WEB_DIST).
 */
export function ensureBuild(name: BuildName): Promise<string> {
  let build = pending.get(name);
  if (!build) {
    build = buildOnce(name);
    pending.set(name, build);
    build.catch(() => pending.delete(name));
  }
  return build;
}

async function buildOnce(name: BuildName): Promise<string> {
  if (!existsSync(join(WEB_DIR, 'src/main.tsx')) && !existsSync(join(WEB_DIR, 'src/main.ts'))) {
    throw new Error('apps/web/src/main.tsx does not exist yet: there is no web app to build.');
  }
  const settings: Record<string, string> = BUILDS[name];
  const stamp = JSON.stringify({ settings, sources: webSourcesHash() });
  const dir = buildDir(name);
  const stampFile = stampPath(name);
  if (existsSync(join(dir, 'index.html')) && existsSync(stampFile) && (await readFile(stampFile, 'utf8')) === stamp) {
    return dir;
  }
  await mkdir(BUILDS_DIR, { recursive: true });
  // Build beside the old one and swap, so a concurrent reader never sees a half-written build.
  const temporary = `${dir}.building-${process.pid}`;
  await rm(temporary, { recursive: true, force: true });
  const started = Date.now();
  await runViteBuild(temporary, settings);
  await rm(stampFile, { force: true });
  await rm(dir, { recursive: true, force: true });
  await rename(temporary, dir);
  await writeFile(stampFile, stamp);
  console.log(
    `Built the web app "${name}" in ${((Date.now() - started) / 1000).toFixed(1)} s → ${relative(REPO_ROOT, dir)}`,
  );
  return dir;
}

/**
 * A private copy of a build for one server to serve. Other runs on the machine (other engineers'
 * tests) may rebuild e2e/.builds/<name> at any moment; a server serving that folder would then lose
 * the hashed files the open page still loads. The copy is taken between two identical stamps, so it
 * is one whole build. `dispose` removes it.
 */
export async function snapshotBuild(name: BuildName): Promise<{ dir: string; dispose(): Promise<void> }> {
  const copy = await mkdtemp(join(tmpdir(), `venue-web-${name}-`));
  for (let attempt = 1; ; attempt += 1) {
    const dir = await ensureBuild(name);
    const before = await readFile(stampPath(name), 'utf8').catch(() => null);
    await rm(copy, { recursive: true, force: true });
    const copied = await cp(dir, copy, { recursive: true }).then(
      () => true,
      () => false,
    );
    const after = await readFile(stampPath(name), 'utf8').catch(() => null);
    if (copied && before !== null && before === after) break;
    if (attempt >= 5) throw new Error(`the build "${name}" kept changing while it was copied`);
    pending.delete(name);
  }
  return { dir: copy, dispose: () => rm(copy, { recursive: true, force: true }) };
}

/** The apps built apart from the customer app, each served under its own prefix. */
export type SubAppName = 'staff' | 'admin';
const SUB_APP_WHAT: Record<SubAppName, string> = { staff: 'the staff display', admin: 'the back office' };
const subAppBuilds = new Map<SubAppName, Promise<string>>();

/**
 * Builds apps/<name> (the staff display, the back office) into e2e/.builds/<name> unless the stamp
 * there shows a build of the same sources. Returns the directory (for the server's STAFF_DIST or
 * ADMIN_DIST).
 */
export function ensureSubAppBuild(name: SubAppName): Promise<string> {
  const pendingBuild = subAppBuilds.get(name);
  if (pendingBuild) return pendingBuild;
  const appDir = join(REPO_ROOT, 'apps', name);
  const build = (async () => {
    const hash = createHash('sha256');
    const walk = (path: string): void => {
      if (!existsSync(path)) return;
      if (statSync(path).isFile()) {
        hash.update(relative(REPO_ROOT, path)).update('\0').update(readFileSync(path)).update('\0');
        return;
      }
      for (const entry of readdirSync(path).sort()) {
        if (entry === 'node_modules' || entry === 'dist' || /\.test\.tsx?$/.test(entry)) continue;
        walk(join(path, entry));
      }
    };
    for (const file of ['src', 'index.html', 'vite.config.ts', 'package.json']) walk(join(appDir, file));
    for (const pkg of ['contract', 'domain', 'client']) walk(join(REPO_ROOT, 'packages', pkg, 'src'));
    const stamp = hash.digest('hex');
    const dir = join(BUILDS_DIR, name);
    const stampFile = stampPath(name);
    if (existsSync(join(dir, 'index.html')) && existsSync(stampFile) && (await readFile(stampFile, 'utf8')) === stamp) {
      return dir;
    }
    await mkdir(BUILDS_DIR, { recursive: true });
    const temporary = `${dir}.building-${process.pid}`;
    await rm(temporary, { recursive: true, force: true });
    const vite = join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [vite, 'build', '--outDir', temporary, '--emptyOutDir', '--logLevel', 'warn'],
        {
          cwd: appDir,
          env: buildEnv({}),
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code, signal) =>
        code === 0
          ? resolve()
          : reject(new Error(`${SUB_APP_WHAT[name]}'s build failed (${code ?? signal}):\n${output}`)),
      );
    });
    await rm(stampFile, { force: true });
    await rm(dir, { recursive: true, force: true });
    await rename(temporary, dir);
    await writeFile(stampFile, stamp);
    return dir;
  })();
  subAppBuilds.set(name, build);
  build.catch(() => subAppBuilds.delete(name));
  return build;
}

/** The staff display's build (apps/staff → e2e/.builds/staff), for the server's STAFF_DIST. */
export const ensureStaffBuild = (): Promise<string> => ensureSubAppBuild('staff');

/** The back office's build (apps/admin → e2e/.builds/admin), for the server's ADMIN_DIST. */
export const ensureAdminBuild = (): Promise<string> => ensureSubAppBuild('admin');
