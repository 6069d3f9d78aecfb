import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import { bareHost } from './address-policy.ts';

/** Turns a URL's host into the addresses it stands for. */
export interface HostResolver {
  resolve(hostname: string): Promise<string[]>;
}

export class HostNotFoundError extends Error {}

/**
 * Asks DNS directly (A and AAAA), never the system's getaddrinfo: the import checks exactly the addresses it
 * will connect to, and /etc/hosts names such as `localhost` mean nothing to it.
 */
export class DnsHostResolver implements HostResolver {
  readonly #resolver: Resolver;

  constructor(servers: readonly string[], timeoutMs = 5_000) {
    this.#resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
    if (servers.length) this.#resolver.setServers([...servers]);
  }

  async resolve(hostname: string): Promise<string[]> {
    const host = bareHost(hostname);
    if (isIP(host)) return [host];
    const settle = (lookup: Promise<string[]>) => lookup.catch(() => [] as string[]);
    const [v4, v6] = await Promise.all([settle(this.#resolver.resolve4(host)), settle(this.#resolver.resolve6(host))]);
    const addresses = [...v4, ...v6];
    if (!addresses.length) throw new HostNotFoundError(`no address for ${host}`);
    return addresses;
  }
}
