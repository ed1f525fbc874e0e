import net from 'node:net';

// Who may reach the back office at all: nobody when it is off (the default in production), else
// every address or only those of ADMIN_ALLOWED_IPS (addresses and CIDR ranges, IPv4 or IPv6).

export type AdminGate = (ip: string) => boolean;

function normalise(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

export function createAdminGate(isEnabled: boolean, allowed: readonly string[]): AdminGate {
  if (!isEnabled) return () => false;
  if (allowed.length === 0) return () => true;
  const list = new net.BlockList();
  for (const entry of allowed) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (net.isIP(address) === 0) throw new Error(`ADMIN_ALLOWED_IPS: "${entry}" is not an address or a CIDR range`);
    if (prefix === undefined) list.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!Number.isInteger(bits) || bits < 0 || bits > (type === 'ipv4' ? 32 : 128))
        throw new Error(`ADMIN_ALLOWED_IPS: "${entry}" has an invalid prefix length`);
      list.addSubnet(address, bits, type);
    }
  }
  return (ip) => {
    const address = normalise(ip);
    const family = net.isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
