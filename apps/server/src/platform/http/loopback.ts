import net from 'node:net';

// What "this machine" means for a request: the loopback ranges. The embedded server's internal routes
// accept operator commands from there only, and ADMIN_ALLOWED_IPS's `loopback` names the same ranges.

export const LOOPBACK_RANGES: readonly string[] = ['127.0.0.0/8', '::1/128'];

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`), as a dual-stack socket reports it, in its IPv4 form. */
export function unmappedAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

const loopback = new net.BlockList();
for (const range of LOOPBACK_RANGES) {
  const [address = '', bits] = range.split('/');
  loopback.addSubnet(address, Number(bits), net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

export function isLoopbackAddress(ip: string): boolean {
  const address = unmappedAddress(ip);
  const family = net.isIP(address);
  return family !== 0 && loopback.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
