import ipaddr from 'ipaddr.js';

/**
 * The key per-client limits count a request under. An IPv6 client is its /64: one subscriber or host is usually
 * given a whole /64 (RFC 6177, RFC 4291's 64-bit interface ids), so counting single addresses would give it 2^64
 * fresh budgets. An IPv4-mapped IPv6 address (::ffff:192.0.2.1) counts as its IPv4 address. Anything that is not
 * an address (a test's label, say) is used as it is. ADR 004.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip.toLowerCase();
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  if (addr.kind() === 'ipv4') return addr.toString();
  const prefix = (addr as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${prefix.join(':')}::/64`;
}
