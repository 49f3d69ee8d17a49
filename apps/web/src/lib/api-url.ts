import { settings } from '../config/settings';

/**
 * Builds an absolute API URL from a path under /v1 ("/venue/0/vendors"). On its own, so the page's
 * early script (src/early) builds the same URLs as the app without carrying the HTTP client.
 */
export function apiUrl(path: string): string {
  return `${settings.apiBase}${path.startsWith('/') ? path : `/${path}`}`;
}
