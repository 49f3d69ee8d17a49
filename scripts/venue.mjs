// `npm run venue -- export --venue 0 > venue.json` / `npm run venue -- import venue.json`: a venue's
// catalogue against DATABASE_URL (see apps/server/src/cli/venue-cli.ts). Standard output is the
// exported document only. `npm run venue -- backup FILE` / `restore FILE`: the SQLite database.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
register();
const { main } = await import(join(root, 'apps/server/src/cli/venue-cli.ts'));
await main(process.argv.slice(2));
