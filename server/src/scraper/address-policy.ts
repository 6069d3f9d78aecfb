import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a URL import may connect to: public unicast only. Every range below is either this host,
 * a private network, link-local (cloud metadata at 169.254.169.254), shared, reserved, documentation,
 * multicast or a tunnel prefix that embeds an IPv4 address we could not check on its own.
 */
// biome-ignore format: a table reads better flat
const NOT_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
// biome-ignore format: a table reads better flat
const NOT_PUBLIC_V6: [string, number][] = [
  ['::', 128], ['::1', 128], ['::', 96], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64],
  ['2001::', 32], ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
];

// One list per family: a BlockList also matches IPv4 addresses against IPv6 rules (as ::ffff:a.b.c.d), so a
// shared list holding ::ffff:0:0/96 would call every IPv4 address private.
const blockList = (family: 'ipv4' | 'ipv6', ranges: [string, number][]) => {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
};
const notPublicV4 = blockList('ipv4', NOT_PUBLIC_V4);
const notPublicV6 = blockList('ipv6', NOT_PUBLIC_V6);
const loopbackV4 = blockList('ipv4', [['127.0.0.0', 8]]);
const loopbackV6 = blockList('ipv6', [['::1', 128]]);

/** An IPv4 address written inside IPv6 (`::ffff:a.b.c.d`), which would otherwise dodge the IPv4 rules. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1];
}

/** Strips the brackets URL hostnames put around IPv6 literals. */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublicV4.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    return v4 ? isPublicAddress(v4) : !notPublicV6.check(address, 'ipv6');
  }
  return false;
}

export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return loopbackV4.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    return v4 ? isLoopbackAddress(v4) : loopbackV6.check(address, 'ipv6');
  }
  return false;
}

export interface AddressPolicy {
  /** Loopback ports imports may reach; empty in production. */
  readonly allowLoopbackPorts: readonly number[];
}

/** True when an import may connect to address:port. */
export function mayConnect(policy: AddressPolicy, address: string, port: number): boolean {
  if (isPublicAddress(address)) return true;
  return isLoopbackAddress(address) && policy.allowLoopbackPorts.includes(port);
}
