/**
 * Answers the page asked for before the app's code arrived (src/early/early-requests.ts,
 * docs/decisions/013-early-requests.md). The app takes each one once, in place of the same GET
 * it would have sent; anything else (a failed or refused answer, an old one, a call that was
 * cancelled) and the app fetches as it always does.
 */

/** Where the page's early script leaves its requests. */
export const EARLY_REQUESTS_GLOBAL = '__venueEarlyRequests';
/** An answer started longer ago than this is not used: the app asks again. */
export const EARLY_RESPONSE_MAX_AGE_MS = 10_000;

interface EarlyRequest {
  response: Promise<Response | null>;
  startedAt: number;
}

type Registry = Map<string, EarlyRequest>;

const keyOf = (method: string, url: string) => `${method} ${url}`;
const holder = globalThis as unknown as Record<string, Registry | undefined>;

/** Records a GET of `url` started now; a failed fetch resolves to null. */
export function registerEarlyRequest(url: string, response: Promise<Response | null>, now = performance.now()): void {
  const registry = (holder[EARLY_REQUESTS_GLOBAL] ??= new Map());
  registry.set(keyOf('GET', url), { response: response.catch(() => null), startedAt: now });
}

/** The early answer to `method url`, taken (it is used once), or null when there is none to use. */
export function takeEarlyResponse(
  method: string,
  url: string,
  now = performance.now(),
): Promise<Response | null> | null {
  const registry = holder[EARLY_REQUESTS_GLOBAL];
  const key = keyOf(method, url);
  const early = registry?.get(key);
  if (!early) return null;
  registry!.delete(key);
  return now - early.startedAt <= EARLY_RESPONSE_MAX_AGE_MS ? early.response : null;
}
