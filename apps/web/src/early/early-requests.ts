/**
 * The page's early script (docs/decisions/013-early-requests.md): a few KiB, loaded with the page
 * and run before the app's code has arrived. It starts the requests the screen being opened will
 * make first, as the app would make them, so their answers are on their way, or here, when the app
 * asks (lib/early-responses.ts), and fetches the picture the screen shows first. Any problem
 * (no saved state, an old shape of it) just means nothing is started early.
 */
import { entryFetches } from '../app/order-flow/entry-requests';
import type { RootState } from '../app/store';
import { apiUrl } from '../lib/api-url';
import { registerEarlyRequest } from '../lib/early-responses';
import { STORAGE_KEY } from '../lib/persistence';

export function startEarlyRequests(): void {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (!saved) return;
  const fetches = entryFetches(new URL(location.href), JSON.parse(saved) as RootState);
  for (const path of fetches.get) {
    const url = apiUrl(path);
    registerEarlyRequest(url, fetch(url, { headers: { Accept: 'application/json' } }));
  }
  for (const src of fetches.images) new Image().src = src;
}

try {
  startEarlyRequests();
} catch {
  // The app makes its own requests as usual.
}
