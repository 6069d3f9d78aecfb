import { randomBytes } from 'node:crypto';
import { mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import Value from 'typebox/value';
import { generateMasterKey, type MasterKeySetting, parseMasterKeys } from './compliance/sealed/keyring.ts';
import { type Settings, settingsSchema } from './config-schema.ts';
import type { DatabaseTimeouts } from './db/database.ts';

/** The typed configuration every part of the app receives, built once from the settings of config-schema.ts. */

export interface Config {
  readonly env: Settings['NODE_ENV'];
  readonly http: {
    readonly host: string;
    readonly port: number;
    readonly baseUrl: string;
    /** Trusted proxy hops in front of the app (Fastify's trustProxy as a count), or false for none. */
    readonly trustProxy: number | false;
    readonly bodyLimit: number;
    readonly responseCacheBytes: number;
    /** The visitors' page cache (web/page-cache.ts); 0 keeps nothing. */
    readonly pageCacheBytes: number;
    readonly rateLimitPerMinute: number;
    /** Anonymous visitor tokens per IP per 10 minutes. */
    readonly visitorTokensPerAddress: number;
    /** node:http limits against slow and greedy clients (http/connection-limits.ts). */
    readonly timeouts: {
      readonly headersMs: number;
      readonly idleMs: number;
      readonly requestMs: number;
      readonly keepAliveMs: number;
    };
    readonly connectionsPerAddress: number;
    /** HTTP processes of an `app` node (http/http-processes.ts): HTTP_PROCESSES, 0 resolved to the core count. */
    readonly processes: number;
    /** Bearer token for GET /metrics; undefined: loopback only. */
    readonly metricsToken: string | undefined;
  };
  readonly dataDir: string;
  readonly database: {
    readonly url: string | undefined;
    readonly embedded: { readonly dir: string; readonly port: number };
    readonly poolSize: number;
    readonly timeouts: DatabaseTimeouts;
  };
  readonly storage:
    | { readonly driver: 'local'; readonly dir: string }
    | {
        readonly driver: 's3';
        readonly endpoint: string;
        readonly region: string;
        readonly bucket: string;
        readonly accessKeyId: string;
        readonly secretAccessKey: string;
        /** Connect, and then wait for each next byte, at most this long (OUTBOUND_TIMEOUT_MS). */
        readonly timeoutMs: number;
      };
  /** Where takedowns purge withdrawn media (media/cdn-purger.ts); no URL: nothing in front of /media/ to purge. */
  readonly cdn: { readonly purgeUrl: string | undefined; readonly purgeToken: string; readonly timeoutMs: number };
  readonly mail: {
    readonly transport: 'outbox' | 'smtp';
    readonly outboxDir: string;
    readonly smtpUrl: string;
    readonly from: string;
    readonly timeoutMs: number;
  };
  /** Where contact messages and abuse reports go (contact/). */
  readonly contact: { readonly operatorsEmail: string };
  readonly auth: {
    readonly jwtSecret: string;
    readonly loginRateLimit: number;
    readonly signupRateLimit: number;
    readonly altchaMaxNumber: number;
    readonly google:
      | { readonly clientId: string; readonly issuer: string; readonly jwksUrl: string; readonly timeoutMs: number }
      | undefined;
    readonly apple:
      | {
          readonly clientId: string;
          readonly issuer: string;
          readonly jwksUrl: string;
          readonly tokenUrl: string;
          readonly teamId: string;
          readonly keyId: string;
          readonly privateKey: string;
          readonly redirectUri: string;
          readonly timeoutMs: number;
        }
      | undefined;
  };
  readonly locale: { readonly default: string; readonly defaultCountry: string };
  readonly limits: {
    readonly maxVideoBytes: number;
    readonly maxVideoSeconds: number;
    readonly maxImageBytes: number;
    readonly maxImagesPerPost: number;
  };
  readonly upload: {
    /** Only verified creators upload (compliance/verification/uploader-gate.ts). */
    readonly requireVerification: boolean;
    readonly tokenTtlSeconds: number;
    /** Per user, over any 24 hours (media/upload/upload-quota.ts). */
    readonly bytesPerDay: number;
    readonly atOnce: number;
  };
  /** Data exports (exports/README.md): hours between two requests of one account. */
  readonly exports: { readonly cooldownHours: number };
  readonly feed: {
    readonly rankingSeconds: number;
    /** Post cards in memory (posts/card-cache.ts); 0 entries: off. */
    readonly cardCache: { readonly entries: number; readonly seconds: number };
  };
  /** Caption uploads (captions/README.md). */
  readonly captions: { readonly maxBytes: number; readonly maxCues: number; readonly maxLineChars: number };
  /** Viewers of one address range whose views / shares of a post count per window. */
  readonly counting: { readonly viewersPerNetwork: number; readonly sharersPerNetwork: number };
  /** Creator analytics (analytics/README.md): the trusted country header, raw events' retention. */
  readonly analytics: { readonly countryHeader: string | undefined; readonly rawEventDays: number };
  readonly worker: { readonly concurrency: number };
  readonly scraper: {
    readonly maxBytes: number;
    readonly timeoutMs: number;
    readonly dnsServers: readonly string[];
    readonly allowLoopbackPorts: readonly number[];
  };
  readonly realtime: {
    readonly eventBus: 'postgres' | 'memory';
    readonly heartbeatSeconds: number;
    readonly socketsPerAddress: number;
  };
  readonly seedDemo: boolean;
  readonly logLevel: string;
  readonly appVersion: string;
  readonly legal: LegalDetails;
  readonly enforcement: EnforcementSettings;
  /** Creator studio (studio/README.md). */
  readonly studio: { readonly scheduledPostsPerCreator: number };
  /** Perceptual-hash matching against hash banks (compliance/hash-banks/README.md). */
  readonly hashBanks: { readonly matchDistance: number };
  /** Age assurance by jurisdiction (compliance/age-assurance/README.md). */
  readonly ageAssurance: {
    readonly geolocation: {
      readonly source: 'none' | 'header' | 'geoip';
      readonly countryHeader: string;
      readonly regionHeader: string;
      readonly geoIpFile: string;
    };
    readonly provider: 'test';
    readonly validDays: number;
  };
  /** Envelope encryption of sensitive files (compliance/sealed/README.md): the first master key seals. */
  readonly compliance: {
    readonly masterKeys: readonly MasterKeySetting[];
    /** How long a guest performer's release link works (compliance/performers/README.md). */
    readonly releaseLinkDays: number;
  };
  /** Confirmed CSAM: evidence retention and CyberTipline reports (compliance/csam/README.md). */
  readonly csam: {
    readonly retentionDays: number;
    readonly reporter: 'file';
    readonly reportsDir: string;
    readonly contactName: string;
    readonly contactEmail: string;
  };
}

/** Moderation rules that are the operator's choice (enforcement/README.md). */
export interface EnforcementSettings {
  /** Published posts a creator needs before their posts skip pre-publication review; 0: no review. */
  readonly prepublicationReviewPosts: number;
  readonly appealWindowDays: number;
  readonly counterNoticeRestoreBusinessDays: number;
  readonly repeatInfringerStrikes: number;
}

/** Who runs the site, as the legal pages name them; the defaults tell the operator what to set. */
export interface LegalDetails {
  readonly entityName: string;
  readonly entityAddress: string;
  readonly contactEmail: string;
  readonly governingLaw: string;
  readonly custodianName: string;
  readonly custodianAddress: string;
  readonly custodianEmail: string;
  /** The DMCA designated agent (17 U.S.C. 512(c)(2)), shown on /legal/takedown. */
  readonly dmcaAgentName: string;
  readonly dmcaAgentAddress: string;
  readonly dmcaAgentPhone: string;
  readonly dmcaAgentEmail: string;
}

export class ConfigError extends Error {}

const truthy = (value: string) => value === 'true' || value === '1';

/**
 * TRUST_PROXY as hops. Trusting every hop (Fastify's `true`) takes the first X-Forwarded-For entry, which
 * the client writes itself when a balancer appends to the header (nginx, most cloud balancers): every
 * per-address limit could then be dodged with a made-up address per request.
 */
function trustedProxyHops(value: string): number | false {
  if (value === 'false' || value === '0') return false;
  return value === 'true' ? 1 : Number(value);
}

/** Parses settings from an environment-like record. Throws ConfigError naming the first bad variable. */
export function parseSettings(env: Record<string, string | undefined>): Settings {
  const known: Record<string, unknown> = {};
  for (const key of Object.keys(settingsSchema.properties)) {
    const raw = env[key];
    if (raw !== undefined && raw !== '') known[key] = raw;
  }
  for (const [key, raw] of Object.entries(known)) {
    const schema = settingsSchema.properties[key as keyof Settings] as { type?: string };
    // Convert would silently truncate 3000.5 to 3000; a setting that is not a whole number is an error.
    if (schema.type === 'integer' && !/^-?\d+$/.test(String(raw))) {
      throw new ConfigError(`Invalid setting ${key}=${JSON.stringify(raw)}: must be a whole number`);
    }
  }
  const value = Value.Default(settingsSchema, Value.Convert(settingsSchema, known));
  const first = Value.Errors(settingsSchema, value)[0];
  if (first) {
    const variable = first.instancePath.replace(/^\//, '') || Object.keys(known)[0] || 'environment';
    const choices = (settingsSchema.properties[variable as keyof Settings] as { anyOf?: { const?: unknown }[] }).anyOf;
    const problem = choices ? `must be one of ${choices.map((choice) => choice.const).join(', ')}` : first.message;
    throw new ConfigError(`Invalid setting ${variable}=${JSON.stringify(known[variable] ?? '')}: ${problem}`);
  }
  const settings = value as Settings;
  if (settings.JWT_SECRET && settings.JWT_SECRET.length < 32) {
    throw new ConfigError('Invalid setting JWT_SECRET: must be at least 32 characters');
  }
  if (settings.STORAGE_DRIVER === 's3' && !settings.S3_BUCKET) {
    throw new ConfigError('Invalid setting S3_BUCKET: required when STORAGE_DRIVER=s3');
  }
  if (settings.GEOLOCATION_SOURCE === 'geoip' && !settings.GEOIP_FILE) {
    throw new ConfigError('Invalid setting GEOIP_FILE: required when GEOLOCATION_SOURCE=geoip');
  }
  if (settings.APPLE_CLIENT_ID && !(settings.APPLE_TEAM_ID && settings.APPLE_KEY_ID && settings.APPLE_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid setting APPLE_PRIVATE_KEY: APPLE_TEAM_ID, APPLE_KEY_ID and APPLE_PRIVATE_KEY are required with APPLE_CLIENT_ID',
    );
  }
  // The demo accounts' password is in the README: a deployment's own database must never hold them.
  if (truthy(settings.SEED_DEMO) && settings.DATABASE_URL) {
    throw new ConfigError(
      'Invalid setting SEED_DEMO: the demo accounts have a published password, so they are only created on the embedded database (unset DATABASE_URL or SEED_DEMO)',
    );
  }
  // Each process would start the embedded PostgreSQL on the same files.
  if (settings.HTTP_PROCESSES !== 1 && !settings.DATABASE_URL) {
    throw new ConfigError('Invalid setting HTTP_PROCESSES: several HTTP processes need DATABASE_URL');
  }
  if (settings.MAIL_TRANSPORT === 'smtp' && !settings.SMTP_URL) {
    throw new ConfigError('Invalid setting SMTP_URL: required when MAIL_TRANSPORT=smtp');
  }
  masterKeysOf(settings.COMPLIANCE_KEYS, 'COMPLIANCE_KEYS');
  return settings;
}

function masterKeysOf(value: string, source: string): MasterKeySetting[] {
  try {
    return parseMasterKeys(value);
  } catch (error) {
    throw new ConfigError(`Invalid setting ${source}: ${(error as Error).message}`);
  }
}

interface PersistedSecrets {
  jwtSecret: string;
  /** Same format as COMPLIANCE_KEYS, so an operator can copy it there when rotating. */
  complianceKeys: string;
}

const secretGenerators: { [Name in keyof PersistedSecrets]: () => string } = {
  jwtSecret: () => randomBytes(48).toString('base64url'),
  complianceKeys: generateMasterKey,
};

/**
 * Secrets not given in the environment are generated on first start and kept under the data folder. A file
 * from an older version lacks the newer secrets: they are added, and the ones already there are kept.
 */
function persistedSecrets(dataDir: string, needed: readonly (keyof PersistedSecrets)[]): Partial<PersistedSecrets> {
  const file = resolve(dataDir, 'secrets.json');
  const stored = readSecrets(file);
  if (needed.every((name) => stored[name])) return stored;
  mkdirSync(dataDir, { recursive: true });
  // The app and the worker may start together on one data folder: one of them generates, the other reads.
  return withLock(`${file}.lock`, () => {
    const current = readSecrets(file);
    const missing = needed.filter((name) => !current[name]);
    if (missing.length === 0) return current;
    for (const name of missing) current[name] = secretGenerators[name]();
    writeFileSync(`${file}.new`, JSON.stringify(current, null, 2), { mode: 0o600 });
    renameSync(`${file}.new`, file);
    return current;
  });
}

function readSecrets(file: string): Partial<PersistedSecrets> {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(`${file} is not readable JSON: ${(error as Error).message}`);
  }
}

function withLock<T>(lockFile: string, run: () => T): T {
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let attempt = 0; ; attempt += 1) {
    try {
      openSync(lockFile, 'wx');
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (attempt === 100) throw new ConfigError(`${lockFile} is held for over 5 s: remove it if no other start is running`);
      Atomics.wait(pause, 0, 0, 50);
    }
  }
  try {
    return run();
  } finally {
    unlinkSync(lockFile);
  }
}

function readAppVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  return String(pkg.version ?? '0.0.0');
}

export function buildConfig(settings: Settings): Config {
  const dataDir = resolve(settings.DATA_DIR);
  const needed = [
    ...(settings.JWT_SECRET ? [] : (['jwtSecret'] as const)),
    ...(settings.COMPLIANCE_KEYS ? [] : (['complianceKeys'] as const)),
  ];
  const persisted = needed.length ? persistedSecrets(dataDir, needed) : {};
  const jwtSecret = settings.JWT_SECRET || persisted.jwtSecret!;
  const masterKeys = settings.COMPLIANCE_KEYS
    ? masterKeysOf(settings.COMPLIANCE_KEYS, 'COMPLIANCE_KEYS')
    : masterKeysOf(persisted.complianceKeys!, `complianceKeys in ${resolve(dataDir, 'secrets.json')}`);
  const baseUrl = settings.BASE_URL || `http://localhost:${settings.PORT}`;
  return deepFreeze({
    env: settings.NODE_ENV,
    http: {
      host: settings.HOST,
      port: settings.PORT,
      baseUrl,
      trustProxy: trustedProxyHops(settings.TRUST_PROXY),
      bodyLimit: settings.BODY_LIMIT,
      responseCacheBytes: settings.RESPONSE_CACHE_MAX_BYTES,
      pageCacheBytes: settings.PAGE_CACHE_MAX_BYTES,
      rateLimitPerMinute: settings.RATE_LIMIT_PER_MINUTE,
      visitorTokensPerAddress: settings.VISITOR_TOKENS_PER_ADDRESS,
      timeouts: {
        headersMs: settings.HTTP_HEADERS_TIMEOUT_MS,
        idleMs: settings.HTTP_IDLE_TIMEOUT_MS,
        requestMs: settings.HTTP_REQUEST_TIMEOUT_MS,
        keepAliveMs: settings.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      },
      connectionsPerAddress: settings.HTTP_CONNECTIONS_PER_ADDRESS,
      processes: settings.HTTP_PROCESSES || availableParallelism(),
      metricsToken: settings.METRICS_TOKEN || undefined,
    },
    dataDir,
    database: {
      url: settings.DATABASE_URL || undefined,
      embedded: { dir: resolve(dataDir, 'pg'), port: settings.EMBEDDED_PG_PORT },
      poolSize: settings.DB_POOL_SIZE,
      timeouts: {
        connectMs: settings.DB_CONNECT_TIMEOUT_MS,
        statementMs: settings.DB_STATEMENT_TIMEOUT_MS,
        idleInTransactionMs: settings.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      },
    },
    storage:
      settings.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: settings.S3_ENDPOINT,
            region: settings.S3_REGION,
            bucket: settings.S3_BUCKET,
            accessKeyId: settings.S3_ACCESS_KEY_ID,
            secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
            timeoutMs: settings.OUTBOUND_TIMEOUT_MS,
          }
        : { driver: 'local', dir: resolve(dataDir, 'media') },
    cdn: {
      purgeUrl: settings.CDN_PURGE_URL || undefined,
      purgeToken: settings.CDN_PURGE_TOKEN,
      timeoutMs: settings.OUTBOUND_TIMEOUT_MS,
    },
    mail: {
      transport: settings.MAIL_TRANSPORT,
      outboxDir: resolve(dataDir, 'outbox'),
      smtpUrl: settings.SMTP_URL,
      from: settings.MAIL_FROM,
      timeoutMs: settings.OUTBOUND_TIMEOUT_MS,
    },
    contact: { operatorsEmail: settings.CONTACT_EMAIL },
    auth: {
      jwtSecret,
      loginRateLimit: settings.LOGIN_RATE_LIMIT,
      signupRateLimit: settings.SIGNUP_RATE_LIMIT,
      altchaMaxNumber: settings.ALTCHA_MAX_NUMBER,
      google: settings.GOOGLE_CLIENT_ID
        ? {
            clientId: settings.GOOGLE_CLIENT_ID,
            issuer: settings.GOOGLE_ISSUER,
            jwksUrl: settings.GOOGLE_JWKS_URL,
            timeoutMs: settings.OUTBOUND_TIMEOUT_MS,
          }
        : undefined,
      apple: settings.APPLE_CLIENT_ID
        ? {
            clientId: settings.APPLE_CLIENT_ID,
            issuer: settings.APPLE_ISSUER,
            jwksUrl: settings.APPLE_JWKS_URL,
            tokenUrl: settings.APPLE_TOKEN_URL,
            teamId: settings.APPLE_TEAM_ID,
            keyId: settings.APPLE_KEY_ID,
            privateKey: settings.APPLE_PRIVATE_KEY.replaceAll('\\n', '\n'),
            redirectUri: `${baseUrl}/login`,
            timeoutMs: settings.OUTBOUND_TIMEOUT_MS,
          }
        : undefined,
    },
    locale: { default: settings.DEFAULT_LOCALE, defaultCountry: settings.DEFAULT_COUNTRY },
    limits: {
      maxVideoBytes: settings.MAX_VIDEO_BYTES,
      maxVideoSeconds: settings.MAX_VIDEO_SECONDS,
      maxImageBytes: settings.MAX_IMAGE_BYTES,
      maxImagesPerPost: settings.MAX_IMAGES_PER_POST,
    },
    upload: {
      requireVerification: truthy(settings.UPLOADS_REQUIRE_VERIFICATION),
      tokenTtlSeconds: settings.UPLOAD_TOKEN_TTL_SECONDS,
      bytesPerDay: settings.UPLOAD_BYTES_PER_DAY,
      atOnce: settings.UPLOADS_AT_ONCE,
    },
    exports: { cooldownHours: settings.EXPORT_COOLDOWN_HOURS },
    feed: {
      rankingSeconds: settings.FEED_RANKING_SECONDS,
      // Only database triggers announce card changes, and only a PostgreSQL bus hears them.
      cardCache: {
        entries: settings.EVENT_BUS === 'postgres' ? settings.CARD_CACHE_ENTRIES : 0,
        seconds: settings.CARD_CACHE_SECONDS,
      },
    },
    captions: {
      maxBytes: settings.CAPTION_MAX_BYTES,
      maxCues: settings.CAPTION_MAX_CUES,
      maxLineChars: settings.CAPTION_MAX_LINE_CHARS,
    },
    counting: {
      viewersPerNetwork: settings.COUNTED_VIEWERS_PER_NETWORK,
      sharersPerNetwork: settings.COUNTED_SHARERS_PER_NETWORK,
    },
    analytics: {
      countryHeader: settings.ANALYTICS_COUNTRY_HEADER || undefined,
      rawEventDays: settings.ANALYTICS_RAW_EVENT_DAYS,
    },
    worker: { concurrency: settings.WORKER_CONCURRENCY },
    scraper: {
      maxBytes: settings.SCRAPER_MAX_BYTES,
      timeoutMs: settings.SCRAPER_TIMEOUT_SECONDS * 1000,
      dnsServers: settings.SCRAPER_DNS_SERVERS.split(',').filter(Boolean),
      allowLoopbackPorts: settings.SCRAPER_ALLOW_LOOPBACK_PORTS.split(',').filter(Boolean).map(Number),
    },
    realtime: {
      eventBus: settings.EVENT_BUS,
      heartbeatSeconds: settings.WS_HEARTBEAT_SECONDS,
      socketsPerAddress: settings.WS_SOCKETS_PER_ADDRESS,
    },
    seedDemo: truthy(settings.SEED_DEMO),
    logLevel: settings.LOG_LEVEL,
    appVersion: readAppVersion(),
    legal: {
      entityName: settings.LEGAL_ENTITY_NAME,
      entityAddress: settings.LEGAL_ENTITY_ADDRESS,
      contactEmail: settings.LEGAL_CONTACT_EMAIL,
      governingLaw: settings.LEGAL_GOVERNING_LAW,
      custodianName: settings.RECORDS_CUSTODIAN_NAME,
      custodianAddress: settings.RECORDS_CUSTODIAN_ADDRESS,
      custodianEmail: settings.RECORDS_CUSTODIAN_EMAIL,
      dmcaAgentName: settings.DMCA_AGENT_NAME,
      dmcaAgentAddress: settings.DMCA_AGENT_ADDRESS,
      dmcaAgentPhone: settings.DMCA_AGENT_PHONE,
      dmcaAgentEmail: settings.DMCA_AGENT_EMAIL,
    },
    enforcement: {
      prepublicationReviewPosts: settings.PREPUBLICATION_REVIEW_POSTS,
      appealWindowDays: settings.APPEAL_WINDOW_DAYS,
      counterNoticeRestoreBusinessDays: settings.COUNTER_NOTICE_RESTORE_BUSINESS_DAYS,
      repeatInfringerStrikes: settings.REPEAT_INFRINGER_STRIKES,
    },
    studio: { scheduledPostsPerCreator: settings.SCHEDULED_POSTS_PER_CREATOR },
    hashBanks: { matchDistance: settings.PDQ_MATCH_DISTANCE },
    ageAssurance: {
      geolocation: {
        source: settings.GEOLOCATION_SOURCE,
        countryHeader: settings.GEOLOCATION_COUNTRY_HEADER,
        regionHeader: settings.GEOLOCATION_REGION_HEADER,
        geoIpFile: settings.GEOIP_FILE ? resolve(settings.GEOIP_FILE) : '',
      },
      provider: settings.AGE_CHECK_PROVIDER,
      validDays: settings.AGE_CHECK_VALID_DAYS,
    },
    compliance: { masterKeys, releaseLinkDays: settings.PERFORMER_RELEASE_LINK_DAYS },
    csam: {
      retentionDays: settings.CSAM_EVIDENCE_RETENTION_DAYS,
      reporter: settings.CYBERTIPLINE_REPORTER,
      reportsDir: resolve(dataDir, 'cybertipline'),
      contactName: settings.CYBERTIPLINE_CONTACT_NAME,
      contactEmail: settings.CONTACT_EMAIL,
    },
  } satisfies Config);
}

/** With `environmentVariables` and `inheritedEnvironment`, the one place that reads the process environment. */
export function loadConfig(overrides: Record<string, string | undefined> = {}): Config {
  const settings = parseSettings({ ...process.env, ...overrides });
  // Libraries (React above all) choose their production or development build from this variable.
  process.env.NODE_ENV = settings.NODE_ENV;
  return buildConfig(settings);
}

/**
 * Named variables of the process environment for what runs around the app, not in it (the test
 * harness's DATABASE_URL and TEST_LOG_LEVEL, the shell variables it hands to child processes); unset
 * ones are left out. The app's own settings come from loadConfig only.
 */
export function environmentVariables<Name extends string>(names: readonly Name[]): Partial<Record<Name, string>> {
  const found: Partial<Record<Name, string>> = {};
  for (const name of names) {
    const value = process.env[name];
    if (value !== undefined) found[name] = value;
  }
  return found;
}

/**
 * The process environment with `overrides`, for a child that must run as this process would (the embedded
 * PostgreSQL: its binaries find their libraries and locale through it). Programs that take input from
 * outside get a minimal environment of their own instead (media/ffmpeg.ts).
 */
export function inheritedEnvironment(overrides: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
