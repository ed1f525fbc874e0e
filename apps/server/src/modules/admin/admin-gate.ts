import net from 'node:net';
import { LOOPBACK_RANGES, unmappedAddress } from '../../platform/http/loopback.ts';

// Who may reach the back office at all: nobody when it is off (the default in production), else every
// address or only those of ADMIN_ALLOWED_IPS (addresses and CIDR ranges, IPv4 or IPv6).
//
// The address judged is the socket's own peer. Only when that peer is one of the configured proxies
// (ADMIN_TRUSTED_PROXIES, else TRUST_PROXY's addresses) is X-Forwarded-For read, from its end, one
// entry per proxy the chain passed through: a client that reaches a node directly is judged by its own
// address whatever it writes in the header. Fastify's request.ip is not used, because with TRUST_PROXY
// as a number of hops it believes the header from any peer.

/** What the gate reads of a request: the socket's peer and the proxies' header. */
export type GateRequest = {
  socket: { remoteAddress?: string | undefined };
  headers: Record<string, string | string[] | undefined>;
};

export type AdminGate = (request: GateRequest) => boolean;

export type AdminGateSettings = {
  isEnabled: boolean;
  /** Addresses or CIDR ranges allowed in; empty allows every address. */
  allowedIps: readonly string[];
  /** Proxies whose X-Forwarded-For entries the gate believes: addresses, CIDR ranges or proxy-addr's names. */
  trustedProxies: readonly string[];
};

/** The names proxy-addr (Fastify's TRUST_PROXY) accepts for well-known ranges, so both read a list alike. */
const NAMED_RANGES: Record<string, readonly string[]> = {
  loopback: LOOPBACK_RANGES,
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

function addressList(setting: string, entries: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const entry of entries.flatMap((item) => NAMED_RANGES[item] ?? [item])) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (net.isIP(address) === 0) throw new Error(`${setting}: "${entry}" is not an address or a CIDR range`);
    if (prefix === undefined) list.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!Number.isInteger(bits) || bits < 0 || bits > (type === 'ipv4' ? 32 : 128))
        throw new Error(`${setting}: "${entry}" has an invalid prefix length`);
      list.addSubnet(address, bits, type);
    }
  }
  return list;
}

function isListed(list: net.BlockList, ip: string): boolean {
  const family = net.isIP(ip);
  return family !== 0 && list.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The address a request comes from as far as configured proxies vouch for it: the socket's peer, and
 * while that address is a trusted proxy, the last X-Forwarded-For entry not yet read (the one it added).
 */
export function gateAddressOf(request: GateRequest, proxies: net.BlockList | null): string {
  let address = unmappedAddress(request.socket.remoteAddress ?? '');
  if (!proxies) return address;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  while (forwarded.length > 0 && isListed(proxies, address)) address = unmappedAddress(forwarded.pop()!);
  return address;
}

/**
 * Reads the address of a back-office request the way the gate does (the socket's peer, through the
 * configured proxies only), for the audit log and the sign-in throttle: a client that reaches a node
 * directly cannot write itself another address there either.
 */
export function createAdminAddressReader(trustedProxies: readonly string[]): (request: GateRequest) => string {
  const proxies = trustedProxies.length > 0 ? addressList('ADMIN_TRUSTED_PROXIES', trustedProxies) : null;
  return (request) => gateAddressOf(request, proxies);
}

export function createAdminGate(settings: AdminGateSettings): AdminGate {
  if (!settings.isEnabled) return () => false;
  if (settings.allowedIps.length === 0) return () => true;
  const allowed = addressList('ADMIN_ALLOWED_IPS', settings.allowedIps);
  const proxies = settings.trustedProxies.length > 0 ? addressList('ADMIN_TRUSTED_PROXIES', settings.trustedProxies) : null;
  return (request) => isListed(allowed, gateAddressOf(request, proxies));
}
