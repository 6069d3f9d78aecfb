import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { Location } from './geolocation.ts';

/**
 * An offline GeoIP database: address ranges with their country and subdivision, read once at start from a
 * CSV file and searched by binary search. Two layouts are read (README.md "GeoIP file"):
 * - DB-IP "IP to City Lite": `ip_start,ip_end,continent,country,stateprov,city,latitude,longitude`; the
 *   subdivision is a name ("Texas"), so only US states and a few others are mapped to ISO 3166-2 codes;
 * - the simpler `ip_start,ip_end,country,region` with `region` an ISO 3166-2 code (`US-TX`) or empty.
 */
interface Range {
  readonly start: bigint;
  readonly end: bigint;
  readonly location: Location;
}

/** US state names as DB-IP writes them, to their ISO 3166-2 codes. */
const US_STATES: Readonly<Record<string, string>> = {
  Alabama: 'AL',
  Alaska: 'AK',
  Arizona: 'AZ',
  Arkansas: 'AR',
  California: 'CA',
  Colorado: 'CO',
  Connecticut: 'CT',
  Delaware: 'DE',
  'District of Columbia': 'DC',
  Florida: 'FL',
  Georgia: 'GA',
  Hawaii: 'HI',
  Idaho: 'ID',
  Illinois: 'IL',
  Indiana: 'IN',
  Iowa: 'IA',
  Kansas: 'KS',
  Kentucky: 'KY',
  Louisiana: 'LA',
  Maine: 'ME',
  Maryland: 'MD',
  Massachusetts: 'MA',
  Michigan: 'MI',
  Minnesota: 'MN',
  Mississippi: 'MS',
  Missouri: 'MO',
  Montana: 'MT',
  Nebraska: 'NE',
  Nevada: 'NV',
  'New Hampshire': 'NH',
  'New Jersey': 'NJ',
  'New Mexico': 'NM',
  'New York': 'NY',
  'North Carolina': 'NC',
  'North Dakota': 'ND',
  Ohio: 'OH',
  Oklahoma: 'OK',
  Oregon: 'OR',
  Pennsylvania: 'PA',
  'Rhode Island': 'RI',
  'South Carolina': 'SC',
  'South Dakota': 'SD',
  Tennessee: 'TN',
  Texas: 'TX',
  Utah: 'UT',
  Vermont: 'VT',
  Virginia: 'VA',
  Washington: 'WA',
  'West Virginia': 'WV',
  Wisconsin: 'WI',
  Wyoming: 'WY',
};

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const IPV4_MAPPED = 0xffff00000000n;

/** An IPv4 or IPv6 address as a number in one space: IPv4 as its IPv4-mapped IPv6 form (::ffff:a.b.c.d). */
export function addressNumber(address: string): bigint | undefined {
  // IPv4 without node:net's general parser: a file holds millions of these.
  const octets = IPV4.exec(address);
  if (octets) {
    const [a, b, c, d] = octets.slice(1).map(Number) as [number, number, number, number];
    return a > 255 || b > 255 || c > 255 || d > 255 ? undefined : IPV4_MAPPED + BigInt(((a * 256 + b) * 256 + c) * 256 + d);
  }
  if (isIP(address) !== 6) return undefined;
  // An embedded IPv4 tail (`::ffff:1.2.3.4`, `64:ff9b::1.2.3.4`) stands for two groups.
  const groupsOf = (part: string) =>
    (part ? part.split(':') : []).flatMap((group) => {
      if (!group.includes('.')) return [group];
      const value = ipv4Number(group);
      return [(value >> 16n).toString(16), (value & 0xffffn).toString(16)];
    });
  const [head = '', tail] = address.split('::');
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const missing = 8 - left.length - right.length;
  return groupsToNumber([...left, ...Array<string>(missing).fill('0'), ...right]);
}

function groupsToNumber(groups: readonly string[]): bigint {
  return groups.reduce((value, group) => (value << 16n) + BigInt(`0x${group || '0'}`), 0n);
}

function ipv4Number(address: string): bigint {
  const [a = 0, b = 0, c = 0, d = 0] = address.split('.').map(Number);
  return BigInt(((a * 256 + b) * 256 + c) * 256 + d);
}

/** A CSV line's fields; quotes as DB-IP writes them (no embedded newlines). */
function fields(line: string): string[] {
  // Most lines have no quotes: the fast path keeps a multi-million-line file to seconds at start.
  if (!line.includes('"')) return line.split(',').map((field) => field.trim());
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '"' && quoted && line[i + 1] === '"') {
      current += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      out.push(current);
      current = '';
    } else current += char;
  }
  out.push(current);
  return out.map((field) => field.trim());
}

function regionOf(country: string, subdivision: string): string | undefined {
  if (/^[A-Z]{2}-[A-Z0-9]{1,3}$/.test(subdivision)) return subdivision;
  const state = country === 'US' ? US_STATES[subdivision] : undefined;
  return state ? `US-${state}` : undefined;
}

/** Parses a file in either layout; lines that do not parse are skipped and counted. */
export function parseGeoIpCsv(text: string): { ranges: Range[]; skipped: number } {
  const ranges: Range[] = [];
  let skipped = 0;
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.startsWith('#')) continue;
    const row = fields(line);
    const start = addressNumber(row[0] ?? '');
    const end = addressNumber(row[1] ?? '');
    // DB-IP's layout has the continent (two letters, e.g. EU) before the country.
    const dbIp = row.length >= 5;
    const country = (dbIp ? row[3] : row[2])?.toUpperCase() ?? '';
    const subdivision = (dbIp ? row[4] : row[3]) ?? '';
    if (start === undefined || end === undefined || end < start || !/^[A-Z]{2}$/.test(country) || country === 'ZZ') {
      skipped++;
      continue;
    }
    const region = regionOf(country, dbIp ? subdivision : subdivision.toUpperCase());
    ranges.push({ start, end, location: region ? { country, region } : { country } });
  }
  ranges.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  return { ranges, skipped };
}

/** The ranges of one file, searched by binary search (O(log n) per request). */
export class GeoIpDatabase {
  readonly #ranges: readonly Range[];

  constructor(ranges: readonly Range[]) {
    this.#ranges = ranges;
  }

  static fromFile(path: string): GeoIpDatabase {
    return new GeoIpDatabase(parseGeoIpCsv(readFileSync(path, 'utf8')).ranges);
  }

  get size(): number {
    return this.#ranges.length;
  }

  lookup(address: string): Location | undefined {
    const value = addressNumber(address);
    if (value === undefined) return undefined;
    let low = 0;
    let high = this.#ranges.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const range = this.#ranges[middle] as Range;
      if (value < range.start) high = middle - 1;
      else if (value > range.end) low = middle + 1;
      else return range.location;
    }
    return undefined;
  }
}
