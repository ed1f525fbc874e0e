import { isIPv6 } from 'node:net';

/**
 * The identity rate limits count a request's source by. An IPv4 address is one source; an IPv6 address
 * counts by its /64 network, because one subscriber usually holds a whole /64 and could otherwise
 * rotate through 2^64 addresses to reset every per-address limit.
 */
export function sourceKey(ip: string): string {
  const mappedIpv4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mappedIpv4) return mappedIpv4[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = ip.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
