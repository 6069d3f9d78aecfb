import Type, { type Static } from 'typebox';

/**
 * Every setting the app reads, with its environment variable and default. The README's configuration
 * table is generated from the same descriptions (`npm run config:doc`), so the two cannot drift.
 */
const Bool = Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0')]);
const Port = Type.Integer({ minimum: 0, maximum: 65535 });
const Bytes = Type.Integer({ minimum: 1 });

export const settingsSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('production'), Type.Literal('development'), Type.Literal('test')], {
    default: 'production',
    description: '`development` serves the web app through Vite with hot reload; `production` serves the built app.',
  }),
  HOST: Type.String({ default: '0.0.0.0', description: 'Interface the HTTP server listens on.' }),
  PORT: Type.Integer({ ...Port, default: 3000, description: 'HTTP port.' }),
  BASE_URL: Type.String({
    default: '',
    pattern: '^(https?://[^\\s/]+)?$',
    description: 'Public origin used in links, e-mails and share metadata. Empty: `http://localhost:PORT`.',
  }),
  TRUST_PROXY: Type.Union([Bool, Type.String({ pattern: '^[2-9]$' })], {
    default: 'false',
    description:
      'Proxies in front of the app whose `X-Forwarded-*` headers are trusted: `true` (or `1`) for one load balancer, a number for a chain (a CDN before it: `2`). The client address is the one the outermost of them saw; what a client writes in the header itself is ignored.',
  }),
  DATA_DIR: Type.String({
    default: './data',
    minLength: 1,
    description: 'Where the embedded database, media, outbox and generated secrets live.',
  }),
  DATABASE_URL: Type.String({
    default: '',
    pattern: '^(postgres(ql)?://.+)?$',
    description: 'External PostgreSQL. Empty: an embedded PostgreSQL is started with data in `DATA_DIR/pg`.',
  }),
  EMBEDDED_PG_PORT: Type.Integer({ ...Port, default: 54329, description: 'Port of the embedded PostgreSQL.' }),
  DB_POOL_SIZE: Type.Integer({ minimum: 2, maximum: 200, default: 20, description: 'PostgreSQL connections per process.' }),
  DB_CONNECT_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 60_000,
    default: 3000,
    description:
      'Longest wait for a database connection (a free one from the pool, or a new one opened); then the request answers 503 `database_unavailable`.',
  }),
  DB_STATEMENT_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 600_000,
    default: 5000,
    description:
      "PostgreSQL's `statement_timeout` for every query but migrations; a server that stops answering is given up on 1 s later (503 `database_unavailable`).",
  }),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    maximum: 3_600_000,
    default: 30_000,
    description: "PostgreSQL's `idle_in_transaction_session_timeout`: a transaction left open and idle this long is ended.",
  }),
  OUTBOUND_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 120_000,
    default: 10_000,
    description:
      'Longest wait for an outside service to connect, and then to answer or send the next bytes: sign-in provider keys and token exchange (then `social_login_failed`), SMTP (`mail_unavailable`), S3 (`storage_unavailable`), CDN purge (the job is retried).',
  }),
  STORAGE_DRIVER: Type.Union([Type.Literal('local'), Type.Literal('s3')], {
    default: 'local',
    description: '`local` stores media under `DATA_DIR/media`; `s3` uses the S3_* settings.',
  }),
  S3_ENDPOINT: Type.String({ default: '', description: 'S3-compatible endpoint (empty: AWS).' }),
  S3_REGION: Type.String({ default: 'us-east-1', description: 'S3 region.' }),
  S3_BUCKET: Type.String({ default: '', description: 'S3 bucket for media.' }),
  S3_ACCESS_KEY_ID: Type.String({ default: '', description: 'S3 access key.' }),
  S3_SECRET_ACCESS_KEY: Type.String({ default: '', description: 'S3 secret key.' }),
  CDN_PURGE_URL: Type.String({
    default: '',
    pattern: '^(https?://\\S+)?$',
    description:
      'A CDN\'s purge-by-URL endpoint: withdrawn media\'s addresses are POSTed to it as `{"files": [...]}` (media/README.md "Takedowns"). Empty: no CDN, purges are only logged.',
  }),
  CDN_PURGE_TOKEN: Type.String({ default: '', description: 'Sent as `Authorization: Bearer …` with each purge request.' }),
  MAIL_TRANSPORT: Type.Union([Type.Literal('outbox'), Type.Literal('smtp')], {
    default: 'outbox',
    description: '`outbox` writes messages to `DATA_DIR/outbox`; `smtp` sends through SMTP_URL.',
  }),
  SMTP_URL: Type.String({ default: '', pattern: '^(smtps?://.+)?$', description: 'SMTP connection URL.' }),
  MAIL_FROM: Type.String({ default: 'Velvet <no-reply@velvet.local>', description: 'Sender of outgoing mail.' }),
  CONTACT_EMAIL: Type.String({
    default: 'operators@velvet.local',
    pattern: '^[^\\s@]+@[^\\s@]+$',
    description: 'Where contact-form messages and abuse reports are e-mailed.',
  }),
  JWT_SECRET: Type.String({
    default: '',
    description:
      'Signing key for access tokens (at least 32 characters). Empty: generated once and kept in `DATA_DIR/secrets.json`.',
  }),
  COMPLIANCE_KEYS: Type.String({
    default: '',
    description:
      'Master keys sealing identity documents and preserved evidence: comma-separated `keyId:base64` of 32 bytes each (`openssl rand -base64 32`); the first seals new data, the others only open old data during a rotation (compliance/sealed/README.md). Empty: one key is generated once and kept in `DATA_DIR/secrets.json`.',
  }),
  DEFAULT_LOCALE: Type.String({ default: 'en-US', pattern: '^[a-z]{2}-[A-Z]{2}$', description: 'Default and fallback locale.' }),
  DEFAULT_COUNTRY: Type.String({ default: 'US', pattern: '^[A-Z]{2}$', description: 'Country when none is sent.' }),
  BODY_LIMIT: Type.Integer({ ...Bytes, default: 1_048_576, description: 'Largest JSON body in bytes.' }),
  HTTP_PROCESSES: Type.Integer({
    minimum: 0,
    maximum: 64,
    default: 1,
    description:
      'HTTP processes of an `app` node, sharing its port (one renders pages on one core); 0: one per core. Any other value than 1 needs DATABASE_URL. The other modes run one.',
  }),
  HTTP_HEADERS_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    maximum: 120_000,
    default: 10_000,
    description: "A client must send all of a request's headers within this time, or its connection is closed (slowloris).",
  }),
  HTTP_IDLE_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    maximum: 600_000,
    default: 30_000,
    description:
      'A connection on which nothing arrives for this long in the middle of a request (a stalled upload body) is closed.',
  }),
  HTTP_REQUEST_TIMEOUT_MS: Type.Integer({
    minimum: 10_000,
    maximum: 86_400_000,
    default: 3_600_000,
    description: 'Longest time to receive a whole request, upload bodies included.',
  }),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: Type.Integer({
    minimum: 1000,
    maximum: 600_000,
    default: 75_000,
    description:
      "How long an idle keep-alive connection stays open; keep it above the load balancer's idle timeout (nginx upstream `keepalive_timeout`: 60 s).",
  }),
  HTTP_CONNECTIONS_PER_ADDRESS: Type.Integer({
    minimum: 0,
    default: 256,
    description:
      'Open connections one peer address may hold (0: no limit); the next is closed at once. Behind a load balancer every connection comes from it: limit per client there and raise or zero this.',
  }),
  METRICS_TOKEN: Type.String({
    default: '',
    description:
      'Bearer token that `GET /metrics` (Prometheus) requires. Empty: `/metrics` answers only requests from the loopback address of the node itself.',
  }),
  RESPONSE_CACHE_MAX_BYTES: Type.Integer({
    ...Bytes,
    default: 67_108_864,
    description: 'Memory the 60 s cache of public API answers may take per process, in bytes; the oldest answers go first.',
  }),
  PAGE_CACHE_MAX_BYTES: Type.Integer({
    minimum: 0,
    default: 33_554_432,
    description:
      'Memory the 10 s cache of public pages served to visitors (tags, popular, playlists, profiles, posts, legal) may take per process, in bytes; 0 turns it off.',
  }),
  RATE_LIMIT_PER_MINUTE: Type.Integer({
    minimum: 1,
    default: 600,
    description: 'Requests per minute per IP across the API, and page loads per minute per IP (counted apart).',
  }),
  VISITOR_TOKENS_PER_ADDRESS: Type.Integer({
    minimum: 1,
    default: 120,
    description:
      'Anonymous visitor tokens one IP (IPv6: /64) may be given per 10 minutes: page loads, `POST /api/anonymous-login` and logouts without a signed-in user together.',
  }),
  COUNTED_VIEWERS_PER_NETWORK: Type.Integer({
    minimum: 1,
    default: 50,
    description: 'Viewers from one address range (IPv4 /24, IPv6 /64) whose views of a post count per 6-hour window.',
  }),
  COUNTED_SHARERS_PER_NETWORK: Type.Integer({
    minimum: 1,
    default: 10,
    description: 'Viewers from one address range (IPv4 /24, IPv6 /64) whose shares of a post count per day.',
  }),
  ANALYTICS_COUNTRY_HEADER: Type.String({
    default: '',
    pattern: '^([A-Za-z0-9-]{1,64})?$',
    description:
      "Request header in which a proxy in front of the app gives the viewer's country as an ISO 3166 code (Cloudflare: `cf-ipcountry`, CloudFront: `cloudfront-viewer-country`), for the creators' analytics. Set it only when that proxy always overwrites the header, since clients can send it too. Empty: every view's country is `unknown`.",
  }),
  ANALYTICS_RAW_EVENT_DAYS: Type.Integer({
    minimum: 2,
    maximum: 3650,
    default: 35,
    description:
      "UTC days of raw analytics events kept (today included): older view and follow events are deleted each night; the creators' daily aggregates are kept, and days older than this are no longer recomputed.",
  }),
  FEED_RANKING_SECONDS: Type.Integer({
    minimum: 0,
    maximum: 600,
    default: 30,
    description: "How long a process reuses the home feed's popularity ranking before reading it again (0: every page).",
  }),
  CARD_CACHE_ENTRIES: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 5000,
    description:
      'Post cards each app process keeps in memory, kept fresh through the event bus (posts/README.md); 0 reads every card from the database. Needs EVENT_BUS=postgres: with `memory` it is off.',
  }),
  CARD_CACHE_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 600,
    default: 30,
    description: 'Longest a kept card is served before being read again: how late a view count may be.',
  }),
  MAX_VIDEO_BYTES: Type.Integer({ ...Bytes, default: 2_147_483_648, description: 'Largest video upload in bytes.' }),
  MAX_VIDEO_SECONDS: Type.Integer({ minimum: 2, default: 600, description: 'Longest video in seconds.' }),
  MAX_IMAGE_BYTES: Type.Integer({ ...Bytes, default: 31_457_280, description: 'Largest image upload in bytes.' }),
  MAX_IMAGES_PER_POST: Type.Integer({ minimum: 2, maximum: 20, default: 20, description: 'Most images in one post.' }),
  UPLOADS_REQUIRE_VERIFICATION: Type.Union([Bool], {
    default: 'true',
    description:
      'Only verified creators (account types 3, 5, 6) may get an upload token, upload or import (`verification_required` otherwise); others still browse, like and follow. `false`: every account may upload.',
  }),
  UPLOAD_TOKEN_TTL_SECONDS: Type.Integer({
    minimum: 60,
    maximum: 86_400,
    default: 3600,
    description: 'Lifetime of an upload token (`/api/media/uptoken`); an upload must start before its token expires.',
  }),
  UPLOAD_BYTES_PER_DAY: Type.Integer({
    ...Bytes,
    default: 10_737_418_240,
    description: 'Bytes of originals a user may store by upload in any 24 hours; an upload stops at what is left.',
  }),
  UPLOADS_AT_ONCE: Type.Integer({
    minimum: 1,
    maximum: 20,
    default: 2,
    description: 'Uploads a user may have streaming at the same time.',
  }),
  CAPTION_MAX_BYTES: Type.Integer({
    minimum: 1024,
    maximum: 4_194_304,
    default: 524_288,
    description: 'Largest caption file (WebVTT or SRT) a creator may upload for one language of a video, in bytes.',
  }),
  CAPTION_MAX_CUES: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 5000,
    description: 'Most cues (timed lines of text) one caption file may hold.',
  }),
  CAPTION_MAX_LINE_CHARS: Type.Integer({
    minimum: 16,
    maximum: 1000,
    default: 120,
    description: 'Longest line of a caption cue, in characters; a cue holds at most 4 lines.',
  }),
  EXPORT_COOLDOWN_HOURS: Type.Integer({
    minimum: 0,
    maximum: 720,
    default: 24,
    description:
      'Hours after asking for a data export (exports/README.md) before the same account may ask for another; a failed export may be asked for again at once.',
  }),
  WORKER_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 64,
    default: 2,
    description: 'Background jobs run at once per worker.',
  }),
  SEED_DEMO: Type.Union([Bool], {
    default: 'false',
    description:
      'Create demo users and posts, with the published demo password, on first start of an empty embedded database (`./scripts/start.sh` turns it on). Refused with `DATABASE_URL`.',
  }),
  LOGIN_RATE_LIMIT: Type.Integer({
    minimum: 1,
    default: 25,
    description: 'Login attempts per IP per 5 minutes (password and Google/Apple login).',
  }),
  SIGNUP_RATE_LIMIT: Type.Integer({
    minimum: 1,
    default: 5,
    description: 'Sign-ups per IP per 30 minutes.',
  }),
  ALTCHA_MAX_NUMBER: Type.Integer({
    minimum: 1000,
    maximum: 10_000_000,
    default: 50_000,
    description: 'Proof-of-work difficulty on sign-up and password reset (the ALTCHA search space).',
  }),
  GOOGLE_CLIENT_ID: Type.String({ default: '', description: 'Google OAuth client id; empty turns Google login off.' }),
  GOOGLE_ISSUER: Type.String({
    default: 'https://accounts.google.com',
    pattern: '^https?://.+',
    description: 'Issuer Google id tokens must carry.',
  }),
  GOOGLE_JWKS_URL: Type.String({
    default: 'https://www.googleapis.com/oauth2/v3/certs',
    pattern: '^https?://.+',
    description: "Google's signing keys (JWKS).",
  }),
  APPLE_CLIENT_ID: Type.String({ default: '', description: 'Sign in with Apple service id; empty turns Apple login off.' }),
  APPLE_ISSUER: Type.String({
    default: 'https://appleid.apple.com',
    pattern: '^https?://.+',
    description: 'Issuer Apple id tokens must carry.',
  }),
  APPLE_JWKS_URL: Type.String({
    default: 'https://appleid.apple.com/auth/keys',
    pattern: '^https?://.+',
    description: "Apple's signing keys (JWKS).",
  }),
  APPLE_TOKEN_URL: Type.String({
    default: 'https://appleid.apple.com/auth/token',
    pattern: '^https?://.+',
    description: 'Where Apple authorisation codes are exchanged for id tokens.',
  }),
  APPLE_TEAM_ID: Type.String({ default: '', description: 'Apple developer team id (issuer of the client-secret JWT).' }),
  APPLE_KEY_ID: Type.String({ default: '', description: 'Id of the Sign in with Apple private key.' }),
  APPLE_PRIVATE_KEY: Type.String({
    default: '',
    description: 'Sign in with Apple private key (PKCS#8 PEM, ES256) that signs the client secret; `\\n` may stand for newlines.',
  }),
  EVENT_BUS: Type.Union([Type.Literal('postgres'), Type.Literal('memory')], {
    default: 'postgres',
    description:
      'Live events between processes: `postgres` (LISTEN/NOTIFY, needed when app nodes and workers run apart) or `memory` (one process only).',
  }),
  WS_HEARTBEAT_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 300,
    default: 30,
    description: 'Websocket ping interval; a peer that misses one is dropped.',
  }),
  WS_SOCKETS_PER_ADDRESS: Type.Integer({
    minimum: 1,
    default: 32,
    description: 'Open websockets per IP (IPv6: /64) on one app node; one more is closed with code 4029.',
  }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info', description: 'Log level.' },
  ),
  LEGAL_ENTITY_NAME: Type.String({
    default: '[Operator legal name: set LEGAL_ENTITY_NAME]',
    minLength: 1,
    description:
      'Legal name of the company that runs the site, shown as the contracting party and data controller in the legal pages. Until it and the five settings below are set, visitors see a neutral wording in their place and start-up logs a warning naming the missing ones.',
  }),
  LEGAL_ENTITY_ADDRESS: Type.String({
    default: '[Operator registered address: set LEGAL_ENTITY_ADDRESS]',
    minLength: 1,
    description: 'Registered postal address of that company, also where written legal notices are sent.',
  }),
  LEGAL_CONTACT_EMAIL: Type.String({
    default: '[Legal contact e-mail: set LEGAL_CONTACT_EMAIL]',
    minLength: 1,
    description: 'Address for privacy requests, takedown notices and legal questions, shown in the legal pages.',
  }),
  LEGAL_GOVERNING_LAW: Type.String({
    default: '[Governing law and competent courts: set LEGAL_GOVERNING_LAW]',
    minLength: 1,
    description:
      'Governing law and courts named in the terms of service, shown as written in every language, so keep it short: e.g. `Ireland; courts of Dublin`.',
  }),
  RECORDS_CUSTODIAN_NAME: Type.String({
    default: '[Custodian of records: set RECORDS_CUSTODIAN_NAME]',
    minLength: 1,
    description: 'Name or title of the custodian of records in the 18 U.S.C. 2257 statement.',
  }),
  RECORDS_CUSTODIAN_ADDRESS: Type.String({
    default: '[Address where the records are kept: set RECORDS_CUSTODIAN_ADDRESS]',
    minLength: 1,
    description: 'Street address where the 18 U.S.C. 2257 records are kept and can be inspected.',
  }),
  RECORDS_CUSTODIAN_EMAIL: Type.String({
    default: '[Custodian of records e-mail: set RECORDS_CUSTODIAN_EMAIL]',
    minLength: 1,
    description: 'E-mail address of the custodian of records, shown with the name and address in the 18 U.S.C. 2257 statement.',
  }),
  DMCA_AGENT_NAME: Type.String({
    default: '[Designated DMCA agent: set DMCA_AGENT_NAME]',
    minLength: 1,
    description: 'Name of the agent designated with the U.S. Copyright Office to receive DMCA notices, shown on /legal/takedown.',
  }),
  DMCA_AGENT_ADDRESS: Type.String({
    default: '[DMCA agent postal address: set DMCA_AGENT_ADDRESS]',
    minLength: 1,
    description: 'Postal address of the designated DMCA agent, shown on /legal/takedown.',
  }),
  DMCA_AGENT_PHONE: Type.String({
    default: '[DMCA agent telephone: set DMCA_AGENT_PHONE]',
    minLength: 1,
    description: 'Telephone number of the designated DMCA agent, shown on /legal/takedown.',
  }),
  DMCA_AGENT_EMAIL: Type.String({
    default: '[DMCA agent e-mail: set DMCA_AGENT_EMAIL]',
    minLength: 1,
    description: 'E-mail address of the designated DMCA agent, shown on /legal/takedown.',
  }),
  PREPUBLICATION_REVIEW_POSTS: Type.Integer({
    minimum: 0,
    maximum: 1000,
    default: 3,
    description:
      "A creator's posts wait for a moderator's approval (status 10, in review) until this many of their posts are published; 0 turns pre-publication review off.",
  }),
  GEOLOCATION_SOURCE: Type.Union([Type.Literal('none'), Type.Literal('header'), Type.Literal('geoip')], {
    default: 'none',
    description:
      "Where age assurance learns a visitor's country and US state (compliance/age-assurance/README.md): `header` from a trusted proxy's headers (only with TRUST_PROXY), `geoip` from GEOIP_FILE, `none`: every location is unknown.",
  }),
  GEOLOCATION_COUNTRY_HEADER: Type.String({
    default: 'cf-ipcountry',
    pattern: '^[A-Za-z0-9-]{1,64}$',
    description:
      "With GEOLOCATION_SOURCE=header: the proxy's header holding the ISO 3166-1 country (Cloudflare: `cf-ipcountry`).",
  }),
  GEOLOCATION_REGION_HEADER: Type.String({
    default: 'cf-region-code',
    pattern: '^([A-Za-z0-9-]{1,64})?$',
    description:
      "With GEOLOCATION_SOURCE=header: the proxy's header holding the subdivision, `TX` or `US-TX` (Cloudflare: `cf-region-code`); empty for none.",
  }),
  GEOIP_FILE: Type.String({
    default: '',
    description:
      'With GEOLOCATION_SOURCE=geoip: a CSV file of address ranges, DB-IP "IP to City Lite" or `start,end,country,region` (compliance/age-assurance/README.md), read once at start.',
  }),
  AGE_CHECK_PROVIDER: Type.Union([Type.Literal('test')], {
    default: 'test',
    description: 'The age-check provider adapter; `test` is the built-in in-app step anyone can pass, for trying the flow.',
  }),
  AGE_CHECK_VALID_DAYS: Type.Integer({
    minimum: 1,
    maximum: 3650,
    default: 90,
    description: "How long a passed age check counts, on an account and in a visitor's signed pass cookie.",
  }),
  PDQ_MATCH_DISTANCE: Type.Integer({
    minimum: 0,
    maximum: 47,
    default: 31,
    description:
      'An upload whose PDQ hash is within this many bits (of 256) of a hash-bank entry is quarantined for review; 31 is what PDQ recommends.',
  }),
  PERFORMER_RELEASE_LINK_DAYS: Type.Integer({
    minimum: 1,
    maximum: 90,
    default: 14,
    description: "Days a guest performer's release link works (compliance/performers/README.md); the creator may send a new one.",
  }),
  CSAM_EVIDENCE_RETENTION_DAYS: Type.Integer({
    minimum: 365,
    maximum: 3650,
    default: 365,
    description:
      'Days the sealed evidence of a confirmed CSAM case is kept (18 U.S.C. 2258A(h): at least one year); a legal hold keeps it longer.',
  }),
  CYBERTIPLINE_REPORTER: Type.Union([Type.Literal('file')], {
    default: 'file',
    description:
      'How CyberTipline reports are made: `file` writes each report to `DATA_DIR/cybertipline/` for an admin to submit to NCMEC by hand.',
  }),
  CYBERTIPLINE_CONTACT_NAME: Type.String({
    default: '[CyberTipline contact: set CYBERTIPLINE_CONTACT_NAME]',
    minLength: 1,
    maxLength: 200,
    description: "The reporting person named in CyberTipline reports (NCMEC's `reportingPerson`); their e-mail is CONTACT_EMAIL.",
  }),
  APPEAL_WINDOW_DAYS: Type.Integer({
    minimum: 1,
    maximum: 365,
    default: 20,
    description: 'Days after a moderation action during which the affected user may appeal it.',
  }),
  COUNTER_NOTICE_RESTORE_BUSINESS_DAYS: Type.Integer({
    minimum: 10,
    maximum: 14,
    default: 10,
    description:
      'Business days after a DMCA counter-notice at which the post is restored, unless the complainant reports a lawsuit first (17 U.S.C. 512(g): 10 to 14).',
  }),
  REPEAT_INFRINGER_STRIKES: Type.Integer({
    minimum: 1,
    maximum: 100,
    default: 3,
    description: 'Copyright strikes (never reset) at which an account is proposed for a ban as a repeat infringer.',
  }),
  SCHEDULED_POSTS_PER_CREATOR: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 25,
    description:
      'Scheduled posts a creator may have waiting at once (studio/README.md); publishing or cancelling one frees a place.',
  }),
  SCRAPER_MAX_BYTES: Type.Integer({ ...Bytes, default: 2_147_483_648, description: 'Largest file a URL import downloads.' }),
  SCRAPER_TIMEOUT_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 3600,
    default: 300,
    description: 'Longest time a URL import may take, redirects and page included.',
  }),
  SCRAPER_DNS_SERVERS: Type.String({
    default: '',
    pattern: '^([0-9a-fA-F.:\\[\\]]+(,[0-9a-fA-F.:\\[\\]]+)*)?$',
    description: 'DNS servers URL imports resolve names with (comma-separated `ip` or `ip:port`). Empty: the system ones.',
  }),
  SCRAPER_ALLOW_LOOPBACK_PORTS: Type.String({
    default: '',
    pattern: '^(\\d{1,5}(,\\d{1,5})*)?$',
    description:
      'Tests only: loopback ports URL imports may fetch from (comma-separated). Empty: loopback is refused like every private address.',
  }),
});

export type Settings = Static<typeof settingsSchema>;
