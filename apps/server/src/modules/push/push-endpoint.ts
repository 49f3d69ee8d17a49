/**
 * Which push endpoints the server will POST to. A subscription's endpoint comes from the browser,
 * so from anyone who can sign a request: without a check the server would send requests wherever
 * a stranger says, into the venue's own network included. Browsers' push services (Google, Mozilla,
 * Apple, Microsoft) are https on the default port at a public host name, so only that is taken.
 * `allowLoopback` (PUSH_ALLOW_LOOPBACK, tests only) also takes http://127.0.0.1 stand-ins.
 */
import { isIP } from 'node:net';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Why the server will not send to this endpoint, or null when it will. */
export function pushEndpointProblem(endpoint: string, allowLoopback = false): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint must be an absolute https:// address.';
  }
  if (url.username || url.password) return 'The push endpoint must not carry a user name or password.';
  if (allowLoopback && LOOPBACK_HOSTS.has(url.hostname)) {
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'The push endpoint must be http(s).';
  }
  if (url.protocol !== 'https:') return 'The push endpoint must be an https:// address.';
  if (url.port !== '') return 'The push endpoint must use the default https port.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const local = host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || !host.includes('.');
  if (isIP(host) !== 0 || local) return "The push endpoint must be a push service's public address.";
  return null;
}
