import fc from 'fast-check';
import { runnerEnvironment } from './runner-environment.ts';

/**
 * fast-check arbitraries for fuzzing routes and socket messages from their own TypeBox (JSON Schema)
 * schemas: mostly values of the declared shape filled with hostile content, sometimes a wrong type.
 */

/** The key a prototype-pollution payload would set on Object.prototype; tests check it never appears. */
export const POLLUTION_MARKER = 'fuzzPolluted';

const longText = (unit: string, times: number) => unit.repeat(times);

/** Strings that have broken servers: encodings, injections, traversal, numbers in disguise. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\u202Eevil\u202C',
  '\u200F\u200E\u061C',
  '\uFEFF',
  '\u0301\u0301\u0301',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  longText('😀', 5000),
  longText('a', 70_000),
  longText('İ', 1000),
  'ß ﬁ Ω ℌ ⅷ',
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(10)',
  '\\',
  '%',
  '%00',
  '%ED%A0%80',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd',
  'file:///etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  '<script>window.__xss=1</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}{{7*7}}<%= 7*7 %>',
  '%s%s%s%n',
  '\r\nSet-Cookie: injected=1',
  '-1',
  '0',
  '-0',
  '1e309',
  'NaN',
  'Infinity',
  '9007199254740993',
  '0x10',
  'true',
  'null',
  '[]',
  '{}',
];

/** Header values must be latin-1; these are the ASCII ones. */
const HOSTILE_HEADER_VALUES = HOSTILE_STRINGS.filter((text) => /^[\x20-\x7e]*$/.test(text) && text.length < 4096);

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, 1, -0, 0.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 53), Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, nested a little. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 4 }),
  fc.constant(Array.from({ length: 5000 }, (_, index) => index)),
);

/** Keys that pollute prototypes when merged naively. */
const pollutingEntries: fc.Arbitrary<[string, unknown]> = fc.constantFrom<[string, unknown]>(
  ['__proto__', { [POLLUTION_MARKER]: 1 }],
  ['constructor', { prototype: { [POLLUTION_MARKER]: 1 } }],
  ['prototype', { [POLLUTION_MARKER]: 1 }],
);

/** A plain object whose own enumerable keys are exactly these, `__proto__` included (JSON.stringify keeps it). */
function objectOf(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (value !== undefined) Object.defineProperty(object, key, { value, enumerable: true, configurable: true, writable: true });
  }
  return object;
}

interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly patternProperties?: Readonly<Record<string, JsonSchema>>;
  readonly items?: JsonSchema;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
}

/** A string around the schema's length limit: exactly at it, and one past. */
function stringsFor(schema: JsonSchema): fc.Arbitrary<string> {
  const limit = schema.maxLength;
  if (limit === undefined || limit > 100_000) return hostileString;
  return fc.oneof(hostileString, fc.constantFrom('x'.repeat(limit), '€'.repeat(limit + 1), '😀'.repeat(limit)));
}

function numbersFor(schema: JsonSchema): fc.Arbitrary<number> {
  const edges = [schema.minimum, schema.maximum].flatMap((edge) => (edge === undefined ? [] : [edge - 1, edge, edge + 1]));
  return edges.length ? fc.oneof(hostileNumber, fc.constantFrom(...edges)) : hostileNumber;
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const declared = Object.entries(schema.properties ?? {});
  const extraValue = Object.values(schema.patternProperties ?? {})[0];
  const fields = fc.tuple(
    ...declared.map(([key, property]) =>
      fc.option(valueFor(property, depth + 1), { nil: undefined, freq: 3 }).map((value) => [key, value] as const),
    ),
  );
  const extras = fc.array(
    fc.oneof(pollutingEntries, fc.tuple(hostileString, extraValue ? valueFor(extraValue, depth + 1) : anyJson)),
    { maxLength: extraValue ? 50 : 2 },
  );
  return fc.tuple(fields, extras).map(([declaredFields, extra]) => objectOf([...declaredFields, ...extra]));
}

/** Mostly the declared shape with hostile content; one time in five, anything at all. */
export function valueFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson;
  return fc.oneof({ weight: 4, arbitrary: shapedFor(schema, depth) }, { weight: 1, arbitrary: anyJson });
}

function shapedFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => valueFor(choice, depth + 1)));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringsFor(schema);
    case 'integer':
    case 'number':
      return numbersFor(schema);
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 1, 0));
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueFor(schema.items, depth + 1), { maxLength: 6 });
    case 'object':
      return objectFor(schema, depth);
    default:
      return anyJson;
  }
}

/**
 * Node's HTTP server refuses a request head over 16 KiB (431) before any route sees it; inject does not, so
 * longer addresses would only test what production never receives.
 */
export const URL_PART_LIMIT = 6000;

/**
 * Percent-encodes at most URL_PART_LIMIT characters of text; a lone surrogate, which encodeURIComponent
 * refuses, goes out as the invalid UTF-8 it would have been.
 */
export function encodeForUrl(text: string): string {
  const head = text.slice(0, URL_PART_LIMIT);
  if (head.isWellFormed()) return encodeURIComponent(head);
  return Array.from(head, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(char);
  }).join('');
}

/** A URL path segment: encoded, or raw text that is not valid in a URL at all. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  hostileString.map(encodeForUrl),
  fc.constantFrom('%', '%ZZ', '%ED%A0%80', '..', '.', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', 'a/../../b', '%00'),
);

/** A querystring: the schema's fields with hostile values, repeated keys, nested-key syntax and pollution keys. */
export function queryFor(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const fields = valueFor(schema ?? { type: 'object', properties: {} });
  const raw = fc.constantFrom(
    '__proto__[fuzzPolluted]=1',
    'constructor[prototype][fuzzPolluted]=1',
    'a=%',
    '%ZZ=1',
    'limit=1&limit=2',
    'offset[]=1',
    '=',
    '&&&',
  );
  return fc.tuple(fields, fc.array(raw, { maxLength: 2 })).map(([value, extras]) => {
    const parts: string[] = [];
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, field] of Object.entries(value)) {
        for (const item of [field].flat().slice(0, 20)) {
          const text = item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item);
          parts.push(`${encodeForUrl(key)}=${encodeForUrl(text)}`);
        }
      }
    }
    return [...parts, ...extras].join('&').slice(0, URL_PART_LIMIT);
  });
}

/** A request body: JSON of the schema's shape (or not), or bytes that are not JSON at all. */
export function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<{ payload: string; contentType: string | undefined }> {
  const json = valueFor(schema).map((value) => ({ payload: JSON.stringify(value) ?? 'null', contentType: 'application/json' }));
  const broken = fc.constantFrom(
    { payload: '{', contentType: 'application/json' },
    { payload: '{"a":', contentType: 'application/json' },
    { payload: '', contentType: 'application/json' },
    { payload: '\u0000', contentType: 'application/json' },
    { payload: '{"__proto__":{"fuzzPolluted":1}}', contentType: 'application/json' },
    { payload: `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`, contentType: 'application/json' },
    { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
    { payload: 'plain text', contentType: 'text/plain' },
    {
      payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--',
      contentType: 'multipart/form-data; boundary=x',
    },
    { payload: 'not multipart', contentType: 'multipart/form-data' },
    { payload: '{}', contentType: 'application/json; charset=utf-16' },
    { payload: '{}', contentType: undefined },
    { payload: 'x'.repeat(3 * 1024 * 1024), contentType: 'application/json' },
  );
  return fc.oneof({ weight: 3, arbitrary: json }, { weight: 1, arbitrary: broken });
}

/** Extra headers a client controls and the app reads. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      language: fc.constantFrom(...HOSTILE_HEADER_VALUES, 'zz-ZZ', 'ar', 'en-US,en;q=0.9'),
      country: fc.constantFrom(...HOSTILE_HEADER_VALUES, 'XX', 'us'),
      apiversion: fc.constantFrom(...HOSTILE_HEADER_VALUES),
      'app-version': fc.constantFrom(...HOSTILE_HEADER_VALUES),
      range: fc.constantFrom('bytes=abc', 'bytes=99999999999999999999-', 'bytes=5-1', 'bytes=0-0,1-1,2-2', 'bytes=-0'),
      'if-none-match': fc.constantFrom(...HOSTILE_HEADER_VALUES),
      cookie: fc.constantFrom('authorization=garbage', 'anonymous=a.b.c', 'refresh=%ZZ', 'refresh=; anonymous=', '=;=;'),
      'x-request-id': fc.constantFrom(...HOSTILE_HEADER_VALUES),
      'sec-fetch-site': fc.constantFrom('cross-site', 'same-site', 'none', 'garbage'),
    },
    { requiredKeys: [] },
  )
  .map((headers) => headers as Record<string, string>);

/** Fixed in CI, so a failure reproduces; `FUZZ_SEED=random` (npm run fuzz) draws one and prints it. */
export function fuzzParameters(ciRuns: number): { seed: number; numRuns: number; timeout: number } {
  const { fuzzSeed, fuzzRuns } = runnerEnvironment;
  const seed = fuzzSeed === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(fuzzSeed ?? 20261127);
  const numRuns = fuzzRuns ?? ciRuns;
  if (fuzzSeed === 'random') console.info(`fuzz: seed ${seed}, ${numRuns} runs per case (FUZZ_SEED=${seed} repeats it)`);
  // A long run may take a while per case: allow 20 s per 6 runs, as the short one does.
  return { seed, numRuns, timeout: Math.max(20_000, Math.ceil(numRuns / 6) * 20_000) };
}

/** Keys a prototype-pollution payload managed to put on Object.prototype; empty when none. */
export function pollutedKeys(): string[] {
  return Object.keys(Object.prototype).concat(POLLUTION_MARKER in {} ? [POLLUTION_MARKER] : []);
}
