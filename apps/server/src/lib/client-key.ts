/**
 * The key a per-client limit counts under: an IPv4 address as it is, and an IPv6 client by its
 * /64 network. One IPv6 subscriber (a phone, a home, a cloud server) is given a whole /64 and can
 * pick a new address in it for every request, so counting exact IPv6 addresses would let one
 * client through any limit; a /64 is what RFC 6177 and the major services treat as one site.
 */
import { isIPv4, isIPv6 } from 'node:net';

const V4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail counted as two), or null. */
function ipv6Groups(address: string): number[] | null {
  const [head = '', tail] = address.split('::');
  const parse = (part: string): number[] => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const octets = piece.split('.').map(Number);
        groups.push((octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!);
      } else groups.push(parseInt(piece, 16));
    }
    return groups;
  };
  const left = parse(head);
  if (tail === undefined) return left.length === 8 ? left : null;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The client key of a request's address (`request.ip`): IPv4 as it is, IPv6 as its /64. */
export function clientKey(ip: string): string {
  const address = ip.split('%')[0]!;
  const mapped = V4_MAPPED.exec(address);
  if (mapped) return mapped[1]!;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = ipv6Groups(address.toLowerCase());
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
