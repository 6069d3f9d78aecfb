import type { IncomingHttpHeaders } from 'node:http';
import { GeoIpDatabase } from './geoip-ranges.ts';

/** Where a visitor is: an ISO 3166-1 alpha-2 country and, where known, an ISO 3166-2 subdivision (`US-TX`). */
export interface Location {
  readonly country: string;
  readonly region?: string;
}

/** What a geolocator may read of a request. */
export interface LocatedRequest {
  /** The client's address as the app resolved it (behind TRUST_PROXY, what the trusted proxy saw). */
  readonly ip: string;
  readonly headers: IncomingHttpHeaders;
}

/** Answers where a request comes from, or undefined when it cannot tell. */
export interface Geolocator {
  locate(request: LocatedRequest): Location | undefined;
}

const COUNTRY = /^[A-Z]{2}$/;
/** How proxies say they could not tell (Cloudflare: XX, or T1 for Tor). */
const UNKNOWN_COUNTRIES = new Set(['XX', 'T1', 'ZZ']);

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first && first.length <= 16 ? first.trim().toUpperCase() : undefined;
}

/** A location from the country and subdivision a proxy wrote; undefined when the country is not a code. */
export function locationOf(country: string | undefined, region: string | undefined): Location | undefined {
  if (!country || !COUNTRY.test(country) || UNKNOWN_COUNTRIES.has(country)) return undefined;
  // Cloudflare's `cf-region-code` holds the subdivision alone (`TX`); others the full code (`US-TX`).
  const full = region && /^[A-Z0-9]{1,3}$/.test(region) ? `${country}-${region}` : region;
  return full?.startsWith(`${country}-`) && /^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(full) ? { country, region: full } : { country };
}

/**
 * The country (and subdivision) headers a proxy in front of the app sets, e.g. Cloudflare's `cf-ipcountry`
 * and `cf-region-code`. A client can write these headers too, so they are read only when the app is
 * configured to sit behind trusted proxies (TRUST_PROXY), which must overwrite them; otherwise nobody is
 * located from them.
 */
export class ProxyHeaderGeolocator implements Geolocator {
  readonly #countryHeader: string;
  readonly #regionHeader: string | undefined;
  readonly #trusted: boolean;

  constructor(options: { countryHeader: string; regionHeader?: string; behindTrustedProxy: boolean }) {
    this.#countryHeader = options.countryHeader.toLowerCase();
    this.#regionHeader = options.regionHeader?.toLowerCase() || undefined;
    this.#trusted = options.behindTrustedProxy;
  }

  locate({ headers }: LocatedRequest): Location | undefined {
    if (!this.#trusted) return undefined;
    const region = this.#regionHeader ? headerValue(headers, this.#regionHeader) : undefined;
    return locationOf(headerValue(headers, this.#countryHeader), region);
  }
}

/** The client's address looked up in an offline GeoIP file (geoip-ranges.ts). */
export class GeoIpFileGeolocator implements Geolocator {
  readonly #database: GeoIpDatabase;

  constructor(database: GeoIpDatabase) {
    this.#database = database;
  }

  static fromFile(path: string): GeoIpFileGeolocator {
    return new GeoIpFileGeolocator(GeoIpDatabase.fromFile(path));
  }

  locate({ ip }: LocatedRequest): Location | undefined {
    return this.#database.lookup(ip);
  }
}

/** No source configured: every visitor's location is unknown. */
export const noGeolocation: Geolocator = { locate: () => undefined };

export interface GeolocationSettings {
  readonly source: 'none' | 'header' | 'geoip';
  readonly countryHeader: string;
  readonly regionHeader: string;
  readonly geoIpFile: string;
}

export function createGeolocator(settings: GeolocationSettings, behindTrustedProxy: boolean): Geolocator {
  if (settings.source === 'header') {
    return new ProxyHeaderGeolocator({
      countryHeader: settings.countryHeader,
      regionHeader: settings.regionHeader,
      behindTrustedProxy,
    });
  }
  if (settings.source === 'geoip') return GeoIpFileGeolocator.fromFile(settings.geoIpFile);
  return noGeolocation;
}
