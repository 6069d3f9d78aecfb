import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { addressNumber, GeoIpDatabase, parseGeoIpCsv } from './geoip-ranges.ts';
import { GeoIpFileGeolocator, ProxyHeaderGeolocator } from './geolocation.ts';
import { RuleTable, stricter } from './jurisdiction-rules.ts';

const sample = fileURLToPath(new URL('fixtures/dbip-city-lite-sample.csv', import.meta.url));
const at = (ip: string, headers: Record<string, string> = {}) => ({ ip, headers });

describe('the offline GeoIP file', () => {
  const geoip = GeoIpFileGeolocator.fromFile(sample);

  test('DB-IP City Lite rows: IPv4 and IPv6 addresses find their country, US states their ISO 3166-2 code', () => {
    expect(geoip.locate(at('23.32.10.1'))).toEqual({ country: 'US', region: 'US-TX' });
    expect(geoip.locate(at('23.33.255.255'))).toEqual({ country: 'US', region: 'US-CA' });
    expect(geoip.locate(at('2.16.0.7'))).toEqual({ country: 'GB' });
    expect(geoip.locate(at('::ffff:2.16.0.7'))).toEqual({ country: 'GB' });
    expect(geoip.locate(at('2001:db8::1'))).toEqual({ country: 'GB' });
    expect(geoip.locate(at('2001:db8:1:42::9'))).toEqual({ country: 'US', region: 'US-UT' });
    // Outside every range, between ranges, and not an address at all.
    expect(geoip.locate(at('127.0.0.1'))).toBeUndefined();
    expect(geoip.locate(at('23.34.0.0'))).toBeUndefined();
    expect(geoip.locate(at('2001:db8:2::1'))).toBeUndefined();
    expect(geoip.locate(at('nonsense'))).toBeUndefined();
  });

  test('the simple start,end,country,region layout, unsorted, with bad lines skipped', () => {
    const { ranges, skipped } = parseGeoIpCsv(
      ['10.0.2.0,10.0.2.255,US,US-LA', '# comment', '10.0.1.0,10.0.1.255,de,', '10.0.3.0,10.0.2.0,GB,', 'x,y,GB,'].join('\n'),
    );
    expect(skipped).toBe(2);
    const database = new GeoIpDatabase(ranges);
    expect(database.lookup('10.0.1.9')).toEqual({ country: 'DE' });
    expect(database.lookup('10.0.2.9')).toEqual({ country: 'US', region: 'US-LA' });
  });

  test('addresses map into one ordered space: IPv4 as IPv4-mapped IPv6', () => {
    expect(addressNumber('0.0.0.1')).toBe(addressNumber('::ffff:0.0.0.1'));
    expect(addressNumber('::1')).toBe(1n);
    expect(addressNumber('ffff::')).toBe(0xffffn << 112n);
  });
});

describe("a proxy's location headers", () => {
  const headers = { 'cf-ipcountry': 'us', 'cf-region-code': 'TX' };

  test('are read only behind a trusted proxy: a client writing them itself is not believed', () => {
    const options = { countryHeader: 'CF-IPCountry', regionHeader: 'CF-Region-Code' };
    expect(
      new ProxyHeaderGeolocator({ ...options, behindTrustedProxy: false }).locate(at('203.0.113.9', headers)),
    ).toBeUndefined();
    const trusted = new ProxyHeaderGeolocator({ ...options, behindTrustedProxy: true });
    expect(trusted.locate(at('203.0.113.9', headers))).toEqual({ country: 'US', region: 'US-TX' });
    expect(trusted.locate(at('203.0.113.9', { 'cf-ipcountry': 'GB', 'cf-region-code': 'US-TX' }))).toEqual({ country: 'GB' });
    expect(trusted.locate(at('203.0.113.9', { 'cf-ipcountry': 'XX' }))).toBeUndefined();
  });
});

describe('the rule table', () => {
  const table = new RuleTable(
    new Map([
      ['*', 'click'],
      ['US', 'click'],
      ['US-TX', 'provider'],
      ['GB', 'provider'],
      ['KP', 'blocked'],
    ]),
  );

  test("a state's rule before its country's, no rule is the click, unknown places follow `*`", () => {
    expect(table.forLocation({ country: 'US', region: 'US-TX' })).toBe('provider');
    expect(table.forLocation({ country: 'US', region: 'US-CA' })).toBe('click');
    expect(table.forLocation({ country: 'GB' })).toBe('provider');
    expect(table.forLocation({ country: 'DE' })).toBe('click');
    expect(table.forLocation(undefined)).toBe('click');
    expect(stricter('provider', 'click')).toBe('provider');
    expect(stricter('provider', 'blocked')).toBe('blocked');
  });
});
