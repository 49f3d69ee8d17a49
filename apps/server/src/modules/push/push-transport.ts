/**
 * How a push message reaches a push service: one HTTPS POST, no redirects followed, and a
 * connection only to a public address. The endpoint's host was checked against the push services
 * when the subscription was saved (push-endpoint.ts), but a name is resolved again at every
 * connection and may by then point inside the venue's network (DNS rebinding, or a service's name
 * taken over): the address actually connected to is checked here, at connect time.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Sends one push request; answers the push service's status code. */
export type PushPost = (
  endpoint: string,
  request: { method: string; headers: Record<string, string>; body: Buffer },
  timeoutMs: number,
) => Promise<number>;

/**
 * Addresses no push service has: loopback, private, link-local, unique-local, shared, reserved.
 * Two lists, since a BlockList also matches IPv4 addresses against IPv6 rules.
 */
const NOT_PUBLIC = new BlockList();
const NOT_PUBLIC_V6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4 written inside IPv6 in hex (mapped, NAT64): dotted forms are judged as IPv4 below.
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC_V6.addSubnet(network, prefix, 'ipv6');
}

const V4_IN_V6 = /^(?:::ffff:|64:ff9b::)(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** Whether an address is one a push service could have (public unicast). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    // An IPv4 address written inside IPv6 (mapped, or NAT64) is judged as the IPv4 address it is.
    const embedded = V4_IN_V6.exec(address);
    if (embedded) return isPublicAddress(embedded[1]!);
    return !NOT_PUBLIC_V6.check(address, 'ipv6');
  }
  return !NOT_PUBLIC.check(address, 'ipv4');
}

/** Raised when a push service's name resolves to an address that is not public. */
export class NonPublicAddressError extends Error {
  readonly code = 'EPUSHNOTPUBLIC';
}

/** A DNS lookup for sockets that fails unless every address the name resolves to is public. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  const all: LookupAllOptions = { ...options, all: true };
  dnsLookup(hostname, all, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      const reason = new NonPublicAddressError(
        `${hostname} resolves to ${refused?.address ?? 'no address'}, which is not a public address; not connecting`,
      );
      return callback(reason, '', 0);
    }
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      return;
    }
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * POSTs to a push service over https, connecting only to public addresses (`guard`), or, for a
 * stand-in on loopback in tests (PUSH_ALLOW_LOOPBACK), to it as addressed.
 */
export function pushPost(options: { allowLoopback: boolean }): PushPost {
  return (endpoint, request, timeoutMs) =>
    new Promise((resolve, reject) => {
      const url = new URL(endpoint);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      const standIn = options.allowLoopback && (host === '127.0.0.1' || host === '::1');
      if (!standIn && url.protocol !== 'https:') {
        reject(new Error('push requests go over https only'));
        return;
      }
      // An address literal is not looked up, so it is judged here.
      if (!standIn && isIP(host) !== 0 && !isPublicAddress(host)) {
        reject(new NonPublicAddressError(`${host} is not a public address; not connecting`));
        return;
      }
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const outgoing = send(
        url,
        {
          method: request.method,
          headers: { ...request.headers, 'content-length': String(request.body.length) },
          ...(standIn ? {} : { lookup: publicOnlyLookup }),
          // A connection of its own: one taken from a pool could have been made to another address.
          agent: false,
          timeout: timeoutMs,
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error(`the push service did not answer in ${timeoutMs} ms`)));
      outgoing.on('error', reject);
      outgoing.end(request.body);
    });
}
