import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { buildConfig, ConfigError, environmentVariables, loadConfig, parseSettings } from './config.ts';
import { temporaryDirectory } from './test/processes.ts';

const folders: { remove(): void }[] = [];
function dataDir(): string {
  const folder = temporaryDirectory('velvet-config-');
  folders.push(folder);
  return folder.path;
}
afterEach(() => {
  for (const folder of folders.splice(0)) folder.remove();
});

describe('defaults', () => {
  test('an empty environment gives a runnable configuration', () => {
    const dir = dataDir();
    const config = buildConfig(parseSettings({ DATA_DIR: dir }));
    expect(config.env).toBe('production');
    expect(config.http).toEqual({
      host: '0.0.0.0',
      port: 3000,
      baseUrl: 'http://localhost:3000',
      trustProxy: false,
      bodyLimit: 1_048_576,
      responseCacheBytes: 67_108_864,
      pageCacheBytes: 33_554_432,
      rateLimitPerMinute: 600,
      visitorTokensPerAddress: 120,
      timeouts: { headersMs: 10_000, idleMs: 30_000, requestMs: 3_600_000, keepAliveMs: 75_000 },
      connectionsPerAddress: 256,
      processes: 1,
      metricsToken: undefined,
    });
    expect(config.counting).toEqual({ viewersPerNetwork: 50, sharersPerNetwork: 10 });
    expect(config.realtime.socketsPerAddress).toBe(32);
    expect(config.dataDir).toBe(dir);
    expect(config.database).toEqual({
      url: undefined,
      embedded: { dir: join(dir, 'pg'), port: 54329 },
      poolSize: 20,
      timeouts: { connectMs: 3000, statementMs: 5000, idleInTransactionMs: 30_000 },
    });
    expect(config.storage).toEqual({ driver: 'local', dir: join(dir, 'media') });
    expect(config.mail).toMatchObject({ transport: 'outbox', outboxDir: join(dir, 'outbox') });
    expect(config.locale).toEqual({ default: 'en-US', defaultCountry: 'US' });
    expect(config.worker.concurrency).toBe(2);
    expect(config.seedDemo).toBe(false);
    expect(config.logLevel).toBe('info');
  });

  test('empty strings count as unset, and numbers and flags are converted', () => {
    const settings = parseSettings({ PORT: '', DATA_DIR: '', TRUST_PROXY: '1', SEED_DEMO: 'true', BODY_LIMIT: '2048' });
    expect(settings.PORT).toBe(3000);
    expect(settings.DATA_DIR).toBe('./data');
    const config = buildConfig({ ...settings, DATA_DIR: dataDir() });
    expect(config.http.trustProxy).toBe(1);
    expect(config.seedDemo).toBe(true);
    expect(config.http.bodyLimit).toBe(2048);
  });

  test('loadConfig lets overrides win over the process environment', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), PORT: '4321', BASE_URL: 'https://velvet.example' });
    expect(config.http.port).toBe(4321);
    expect(config.http.baseUrl).toBe('https://velvet.example');
  });

  test('environmentVariables gives the named variables that are set and leaves out the others', () => {
    // Vitest sets VITEST=true in the environment the tests run in.
    expect(environmentVariables(['VITEST', 'VELVET_TEST_NEVER_SET'])).toEqual({ VITEST: 'true' });
  });
});

describe('invalid settings', () => {
  const invalid: [variable: string, value: string][] = [
    ['NODE_ENV', 'staging'],
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3000.5'],
    ['MAX_VIDEO_BYTES', '1.5'],
    ['BASE_URL', 'ftp://velvet.example'],
    ['BASE_URL', 'https://velvet.example/path'],
    ['TRUST_PROXY', 'yes'],
    ['DATABASE_URL', 'mysql://localhost/velvet'],
    ['EMBEDDED_PG_PORT', '-1'],
    ['DB_POOL_SIZE', '1'],
    ['STORAGE_DRIVER', 'ftp'],
    ['MAIL_TRANSPORT', 'pigeon'],
    ['SMTP_URL', 'http://mail.example'],
    ['JWT_SECRET', 'too-short'],
    ['DEFAULT_LOCALE', 'english'],
    ['DEFAULT_COUNTRY', 'usa'],
    ['BODY_LIMIT', '0'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['MAX_VIDEO_BYTES', '2GB'],
    ['MAX_VIDEO_SECONDS', '1'],
    ['MAX_IMAGE_BYTES', 'lots'],
    ['MAX_IMAGES_PER_POST', '21'],
    ['WORKER_CONCURRENCY', '65'],
    ['SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
  ];

  test.each(invalid)('%s=%s is rejected with an error naming it', (variable, value) => {
    const error = catchError(() => parseSettings({ PORT: '8080', LOG_LEVEL: 'warn', [variable]: value }));
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toMatch(new RegExp(`^Invalid setting ${variable}[=:]`));
    expect(error.message.split('\n')).toHaveLength(1);
  });

  test('the demo seed, whose password is published, is refused on an external database', () => {
    const error = catchError(() => parseSettings({ SEED_DEMO: 'true', DATABASE_URL: 'postgres://db.internal/velvet' }));
    expect(error.message).toMatch(/^Invalid setting SEED_DEMO: .*DATABASE_URL/);
    expect(parseSettings({ DATABASE_URL: 'postgres://db.internal/velvet' }).SEED_DEMO).toBe('false');
  });

  test('S3 storage needs a bucket and SMTP mail needs a URL', () => {
    expect(catchError(() => parseSettings({ STORAGE_DRIVER: 's3' })).message).toMatch(/^Invalid setting S3_BUCKET:/);
    expect(catchError(() => parseSettings({ MAIL_TRANSPORT: 'smtp' })).message).toMatch(/^Invalid setting SMTP_URL:/);
    expect(parseSettings({ STORAGE_DRIVER: 's3', S3_BUCKET: 'media' }).S3_BUCKET).toBe('media');
  });

  test('several HTTP processes need an external database (each would start the embedded one)', () => {
    for (const processes of ['2', '0']) {
      expect(catchError(() => parseSettings({ HTTP_PROCESSES: processes })).message).toMatch(/^Invalid setting HTTP_PROCESSES:/);
    }
    expect(parseSettings({ HTTP_PROCESSES: '2', DATABASE_URL: 'postgres://db.internal/velvet' }).HTTP_PROCESSES).toBe(2);
  });
});

describe('JWT secret', () => {
  test('is generated on first start, kept in DATA_DIR/secrets.json and reused', () => {
    const dir = dataDir();
    const first = buildConfig(parseSettings({ DATA_DIR: dir }));
    const second = buildConfig(parseSettings({ DATA_DIR: dir }));
    expect(first.auth.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.auth.jwtSecret).toBe(first.auth.jwtSecret);
    const file = join(dir, 'secrets.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).jwtSecret).toBe(first.auth.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  test('differs between data folders', () => {
    const a = buildConfig(parseSettings({ DATA_DIR: dataDir() }));
    const b = buildConfig(parseSettings({ DATA_DIR: dataDir() }));
    expect(a.auth.jwtSecret).not.toBe(b.auth.jwtSecret);
  });

  test('comes from JWT_SECRET when set, without writing a file', () => {
    const dir = dataDir();
    const secret = 'x'.repeat(40);
    const COMPLIANCE_KEYS = `k1:${Buffer.alloc(32, 1).toString('base64')}`;
    expect(buildConfig(parseSettings({ DATA_DIR: dir, JWT_SECRET: secret, COMPLIANCE_KEYS })).auth.jwtSecret).toBe(secret);
    expect(() => statSync(join(dir, 'secrets.json'))).toThrow();
  });
});

describe('compliance master keys', () => {
  const key = (byte: number) => Buffer.alloc(32, byte).toString('base64');

  test('come from COMPLIANCE_KEYS in order, the first sealing new data', () => {
    const config = buildConfig(parseSettings({ DATA_DIR: dataDir(), COMPLIANCE_KEYS: `new:${key(2)}, old:${key(1)}` }));
    expect(config.compliance.masterKeys).toEqual([
      { id: 'new', key: key(2) },
      { id: 'old', key: key(1) },
    ]);
  });

  test('a malformed COMPLIANCE_KEYS is a ConfigError that names the problem and not the key', () => {
    const short = Buffer.alloc(16).toString('base64');
    for (const [value, problem] of [
      [`k1:${short}`, /k1 must be 32 bytes/],
      [key(1), /keyId:base64/],
      [`k1:${key(1)},k1:${key(2)}`, /unique/],
      [' , ', /at least one/],
    ] as const) {
      const error = catchError(() => parseSettings({ COMPLIANCE_KEYS: value }));
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.message).toMatch(/^Invalid setting COMPLIANCE_KEYS: /);
      expect(error.message).toMatch(problem);
      expect(error.message).not.toContain(short);
    }
  });

  test('are generated once into secrets.json, which keeps the JWT secret of an older file', () => {
    const dir = dataDir();
    const file = join(dir, 'secrets.json');
    writeFileSync(file, JSON.stringify({ jwtSecret: 'j'.repeat(48) }), { mode: 0o600 });
    const first = buildConfig(parseSettings({ DATA_DIR: dir }));
    expect(first.auth.jwtSecret).toBe('j'.repeat(48));
    expect(first.compliance.masterKeys).toHaveLength(1);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored).toEqual({ jwtSecret: 'j'.repeat(48), complianceKeys: expect.stringMatching(/^k\d{8}:/) });
    expect(buildConfig(parseSettings({ DATA_DIR: dir })).compliance.masterKeys).toEqual(first.compliance.masterKeys);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

test('the configuration is frozen all the way down', () => {
  const config = buildConfig(parseSettings({ DATA_DIR: dataDir() }));
  expect(Object.isFrozen(config)).toBe(true);
  expect(Object.isFrozen(config.http)).toBe(true);
  expect(Object.isFrozen(config.database.embedded)).toBe(true);
  expect(() => {
    (config.http as { port: number }).port = 1;
  }).toThrow(TypeError);
});

function catchError(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}
