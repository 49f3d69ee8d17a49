/**
 * Which push endpoints the server will POST to. A subscription's endpoint comes from the browser,
 * so from anyone who can sign a request: without a check the server would send requests wherever
 * a stranger says, into the venue's own network included. Only the push services browsers use
 * are taken (PUSH_SERVICE_HOSTS below, and the operator's PUSH_SERVICE_HOSTS setting), over https
 * on the default port; the connection itself is refused when the name resolves to an address that
 * is not public (push-transport.ts), however it was written or re-resolved.
 * `allowLoopback` (PUSH_ALLOW_LOOPBACK, tests only) also takes http://127.0.0.1 stand-ins.
 */

/**
 * The browsers' push services, by host or parent domain: Chrome, Edge on Android and Opera (FCM),
 * Firefox (Mozilla autopush), Safari (Apple), Edge on Windows (WNS).
 */
export const PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]']);

/** What the start log says while PUSH_ALLOW_LOOPBACK is on. */
export const PUSH_ALLOW_LOOPBACK_WARNING =
  'PUSH_ALLOW_LOOPBACK is on: push endpoints on http://127.0.0.1 are accepted and sent to. For tests only; never in production.';

export interface PushEndpointRules {
  /** PUSH_ALLOW_LOOPBACK (tests only): http(s)://127.0.0.1 and [::1] stand-ins are taken */
  allowLoopback?: boolean;
  /** PUSH_SERVICE_HOSTS: further push services' hosts (or parent domains) to take */
  extraHosts?: readonly string[];
}

/** Whether `host` is one of `services` or a name under one of them. */
export function isPushServiceHost(host: string, services: readonly string[]): boolean {
  return services.some((service) => host === service || host.endsWith(`.${service}`));
}

/** Why the server will not send to this endpoint, or null when it will. */
export function pushEndpointProblem(endpoint: string, rules: PushEndpointRules = {}): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint must be an absolute https:// address.';
  }
  if (url.username || url.password) return 'The push endpoint must not carry a user name or password.';
  if (rules.allowLoopback && LOOPBACK_HOSTS.has(url.hostname)) {
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'The push endpoint must be http(s).';
  }
  if (url.protocol !== 'https:') return 'The push endpoint must be an https:// address.';
  if (url.port !== '') return 'The push endpoint must use the default https port.';
  if (!isPushServiceHost(url.hostname, [...PUSH_SERVICE_HOSTS, ...(rules.extraHosts ?? [])])) {
    return "The push endpoint must be a browser push service's address.";
  }
  return null;
}
