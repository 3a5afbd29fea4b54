import ipaddr from 'ipaddr.js';

/**
 * The client address the per-address limits count by: an IPv4 address as it is, an IPv6
 * address by its /64 network (one household or server is given a whole /64, so counting single
 * IPv6 addresses would let one client be millions).
 */
export function clientAddress(ip: string): string {
  const address = ip.split('%')[0]!;
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}
