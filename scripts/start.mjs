// `npm start`: build the web app and the staff display when they have not been built, then run the server (which migrates
// and seeds its database when empty) in this same process, so signals reach it directly.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { register } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const webDist = process.env.WEB_DIST ?? join(root, 'apps/web/dist');

if (!existsSync(join(webDist, 'index.html'))) {
  console.log('Building the web app (first start)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else {
  console.log(`Serving the web app built in ${webDist} (run \`npm run build\` to rebuild it).`);
}

// The staff display (/staff) is a build of its own.
const staffDist = process.env.STAFF_DIST ?? join(root, 'apps/staff/dist');
if (!existsSync(join(staffDist, 'index.html'))) {
  console.log('Building the staff display (first start)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/staff'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

register();
await import(join(root, 'apps/server/src/main.ts'));
