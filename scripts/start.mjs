// `npm start`: build the web app, the staff display and the back office when they have not been built, or when a `VITE_*` setting differs
// from the one their build was made with (apps/server/src/cli/build-settings.ts), then run the server (which migrates
// and seeds its database when empty) in this same process, so signals reach it directly.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { register } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
register();
const { BUILD_SETTINGS_FILE, rebuildReason, viteSettingsOf } = await import(
  join(root, 'apps/server/src/cli/build-settings.ts')
);
const settings = viteSettingsOf(process.env);

function recordedSettings(dist) {
  try {
    return JSON.parse(readFileSync(join(dist, BUILD_SETTINGS_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Builds `workspace` into its dist unless a build made with these settings is there. A dist named by WEB_DIST,
 * STAFF_DIST or ADMIN_DIST is someone else's build: it is only checked to exist.
 */
function ensureBuilt(what, workspace, dist, ownDist) {
  const built = existsSync(join(dist, 'index.html'));
  const reason = !built
    ? `Building ${what} (first start)…`
    : ownDist
      ? rebuildReason(what, recordedSettings(dist), settings)
      : null;
  if (reason === null) {
    console.log(`Serving ${what} built in ${dist} (run \`npm run build\` to rebuild it).`);
    return;
  }
  console.log(reason);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // The build's settings, so the next start can tell whether it still fits.
  if (ownDist) writeFileSync(join(dist, BUILD_SETTINGS_FILE), `${JSON.stringify(settings, null, 2)}\n`);
}

ensureBuilt('the web app', 'apps/web', process.env.WEB_DIST ?? join(root, 'apps/web/dist'), !process.env.WEB_DIST);
// The staff display (/staff) is a build of its own.
ensureBuilt(
  'the staff display',
  'apps/staff',
  process.env.STAFF_DIST ?? join(root, 'apps/staff/dist'),
  !process.env.STAFF_DIST,
);
// So is the back office (/admin).
ensureBuilt(
  'the back office',
  'apps/admin',
  process.env.ADMIN_DIST ?? join(root, 'apps/admin/dist'),
  !process.env.ADMIN_DIST,
);

await import(join(root, 'apps/server/src/main.ts'));
