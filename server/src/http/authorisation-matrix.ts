import { SIXPACK_BASE64_LENGTH } from '../media/simicheck/sixpack.ts';
import type { ErrorCode } from './errors.ts';

/**
 * Who may call what: one row per registered route (method and URL pattern as Fastify knows it), and what
 * each kind of caller gets. authorisation-matrix.test.ts builds the real app, fails when a route has no row
 * here (or a row names a route that is gone), and walks every row × caller on real PostgreSQL.
 *
 * To add a route: add a row with one of the helpers below (`open`, `loggedIn`, `ownerOnly`, `ownerSees`, `staffOnly`), a request that
 * would succeed for an allowed caller, and overrides for callers whose answer differs.
 */

export const CALLERS = ['anonymous', 'visitor', 'banned', 'user', 'other', 'owner'] as const;
/**
 * anonymous: no token at all. visitor: a visitor token (the `anonymous` cookie). user and other: logged-in
 * users with no tie to the resource. owner: the user who owns the row's resource. banned: a banned user's still-unexpired access token.
 * The owner goes last, so a row that deletes or changes its resource runs that after everyone else tried.
 */
export type Caller = (typeof CALLERS)[number];

/**
 * `ok`: a success (HTTP 2xx/3xx and, for an envelope, statusCode 1 or 2). An error code: the envelope's
 * `error` is exactly that code. `http_NNN`: that HTTP status, for answers outside the API envelope.
 */
export type Outcome = 'ok' | ErrorCode | `http_${number}`;

/** What the walk knows about the world a row runs in: fresh per row, so no row sees another's changes. */
export interface MatrixFixture {
  readonly owner: { readonly id: number; readonly username: string };
  readonly other: { readonly id: number; readonly username: string };
  /** A published post of the owner, with one ready video file and the tag `matrixtag`. */
  readonly post: number;
  /** A private post of the owner: nobody else may learn that it exists. */
  readonly privatePost: number;
  /** The name of that post's media file; its 540p rendition is stored, so /media/ can serve it. */
  readonly mediaName: string;
  /** The private post's media file, its 540p rendition stored too: only the owner may fetch it. */
  readonly privateMediaName: string;
  /** A queued URL import of the owner's. */
  readonly scraperJob: string;
}

export interface MatrixRequest {
  readonly url: string;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface MatrixRow {
  /** `METHOD /url/:pattern`, exactly as registered. */
  readonly route: string;
  readonly request: (fixture: MatrixFixture) => MatrixRequest;
  readonly expect: Readonly<Record<Caller, Outcome>>;
}

type Expectations = Partial<Record<Caller, Outcome>>;
/** A fixed address, or one built from the row's fixture (an address alone, or with a JSON body). */
type RequestOf = string | ((fixture: MatrixFixture) => MatrixRequest | string);
const requestOf =
  (request: RequestOf): MatrixRow['request'] =>
  (fixture) => {
    const built = typeof request === 'string' ? request : request(fixture);
    return typeof built === 'string' ? { url: built } : built;
  };
const everyone = (outcome: Outcome): Record<Caller, Outcome> =>
  Object.fromEntries(CALLERS.map((caller) => [caller, outcome])) as Record<Caller, Outcome>;

/** Anyone may call it; a banned user's token counts as no token. */
export function open(route: string, request: RequestOf, overrides: Expectations = {}): MatrixRow {
  return { route, request: requestOf(request), expect: { ...everyone('ok'), ...overrides } };
}

/** Only a logged-in, active account; visitors are told to log in and the banned that they are banned. */
export function loggedIn(route: string, request: RequestOf, overrides: Expectations = {}): MatrixRow {
  return {
    route,
    request: requestOf(request),
    expect: { ...everyone('ok'), anonymous: 'login_required', visitor: 'login_required', banned: 'user_banned', ...overrides },
  };
}

/** Only the owner of the resource; any other account learns nothing about it (`not_found`). */
export function ownerOnly(route: string, request: RequestOf, overrides: Expectations = {}): MatrixRow {
  return loggedIn(route, request, { user: 'not_found', other: 'not_found', ...overrides });
}

/** Anyone may ask, but only the owner learns that the resource exists; everyone else gets `not_found`. */
export function ownerSees(route: string, request: RequestOf): MatrixRow {
  return { route, request: requestOf(request), expect: { ...everyone('not_found'), owner: 'ok' } };
}

/**
 * Only moderators or admins (`config.role`, moderation/staff-guard.plugin.ts). No caller of the walk holds
 * a role, so every one is refused: the moderation tests prove staff get through.
 */
export function staffOnly(route: string, request: RequestOf): MatrixRow {
  return loggedIn(route, request, { user: 'forbidden', other: 'forbidden', owner: 'forbidden' });
}

const json = (url: string, body: unknown): MatrixRequest => ({ url, body });
/** A follow-up token of the right shape that no report has. */
const UNKNOWN_FOLLOW_UP = 'bm8tc3VjaC1yZXBvcnQtZm9sbG93LXVwLXRva2VuLTEyMzQ';
const DMCA_NOTICE = {
  kind: 'dmca_notice',
  name: 'Rights Holder',
  email: 'rights@example.test',
  urls: ['/video?id=1'],
  signature: 'Rights Holder',
  work: 'My film',
  goodFaith: true,
  accuracyUnderPenaltyOfPerjury: true,
  recaptchaToken: 'none',
};
const UNVERIFIED: Expectations = {
  user: 'verification_required',
  other: 'verification_required',
  owner: 'verification_required',
};
/** Statement routes of an action the fixture does not have: logged-in callers all get `not_found`. */
const NO_STATEMENT: Expectations = { user: 'not_found', other: 'not_found', owner: 'not_found' };
const COUNTER_NOTICE = {
  fullName: 'Post Owner',
  address: '1 Main Street, Springfield',
  phone: '+1 555 0100',
  email: 'owner@example.test',
  material: 'My video at /video?id=1',
  perjuryStatement: true,
  jurisdictionConsent: true,
  signature: 'Post Owner',
};
/** A performer row no fixture has, and a release token of the right shape that no performer has. */
const NO_PERFORMER = 999_999_999;
const UNKNOWN_RELEASE = 'bm8tc3VjaC1yZWxlYXNlLXRva2VuLWZvci1ndWVzdCE';
/** A guest's release whose pictures are twelve zero bytes each. */
const MATRIX_RELEASE = {
  legalName: 'Matrix Guest',
  dateOfBirth: '1990-01-01',
  aliases: [],
  documentFront: 'A'.repeat(16),
  selfie: 'A'.repeat(16),
  scopes: ['depicted', 'distribution'],
  signature: 'Matrix Guest',
  accept: true,
};
/** A one-cue WebVTT file, base64. */
const MATRIX_CAPTION = Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n').toString('base64');
/** A submission whose pictures are twelve zero bytes each. */
const MATRIX_IDENTITY = {
  legalName: 'Matrix Person',
  dateOfBirth: '1990-01-01',
  aliases: [],
  documentFront: 'A'.repeat(16),
  selfie: 'A'.repeat(16),
};
const socialProviders = ['google', 'apple'] as const;
/** An id token shaped well enough to pass the schema; no provider is configured in tests. */
const FAKE_ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
/** A link token that was never issued (the schema's shape, not a real one). */
const UNKNOWN_LINK_TOKEN = 'bm90LWEtcmVhbC10b2tlbi1hdC1hbGwtMTIzNDU2Nzg';

export const authorisationMatrix: readonly MatrixRow[] = [
  // Operations and the websocket.
  open('GET /healthz', '/healthz'),
  open('GET /readyz', '/readyz'),
  // Prometheus: only with METRICS_TOKEN as a bearer token (metrics.routes.test.ts); nobody's session opens it.
  open('GET /metrics', '/metrics', everyone('route_not_found')),
  // A plain GET without the upgrade handshake; the socket's own access rules are in realtime/socket.test.ts.
  open('GET /ws/', '/ws/', everyone('http_404')),

  // Sessions and accounts.
  open('GET /api/settings', '/api/settings'),
  open('POST /api/anonymous-login', () => json('/api/anonymous-login', {})),
  open(
    'POST /api/login',
    () => json('/api/login', { username: 'nobody_here', password: 'Wrong password 123' }),
    everyone('invalid_credentials'),
  ),
  open(
    'POST /api/signup',
    () => json('/api/signup', { username: 'x', email: 'x', password: 'short' }),
    everyone('bot_check_failed'),
  ),
  open('GET /api/altcha', '/api/altcha'),
  // No refresh cookie: a bearer token alone does not renew a session.
  open('GET /api/refresh', '/api/refresh', everyone('token_invalid')),
  open('POST /api/logout', () => json('/api/logout', {})),
  open('POST /api/check/username', () => json('/api/check/username', { username: 'free_name_here' })),
  open('POST /api/check/email', () => json('/api/check/email', { email: 'free@example.test' })),
  loggedIn('DELETE /api/user/me', '/api/user/me'),
  // The fixtures' accounts have no password yet, so none is asked for.
  loggedIn('PUT /api/user/me/password', () => json('/api/user/me/password', { password: 'A new long password 77' })),
  open('POST /api/action/jwt', () => json('/api/action/jwt', { hash: UNKNOWN_LINK_TOKEN }), everyone('token_invalid')),
  loggedIn('GET /api/action/resend/verification', '/api/action/resend/verification'),
  open('POST /api/reset/', () => json('/api/reset/', { email: 'someone@example.test' }), everyone('bot_check_failed')),
  open('GET /api/pass-change/:x', `/api/pass-change/${UNKNOWN_LINK_TOKEN}`, everyone('token_invalid')),
  open(
    'POST /api/pass-change/:x',
    () => json(`/api/pass-change/${UNKNOWN_LINK_TOKEN}`, { password: 'A new long password 77' }),
    everyone('token_invalid'),
  ),
  open('GET /api/login-providers', '/api/login-providers'),
  open('POST /api/login-nonce', () => json('/api/login-nonce', {})),
  ...socialProviders.flatMap((provider) => [
    open(
      `POST /api/login-${provider}`,
      () => json(`/api/login-${provider}`, { token: FAKE_ID_TOKEN }),
      everyone('social_not_configured'),
    ),
    loggedIn(`POST /api/login-${provider}-connect`, () => json(`/api/login-${provider}-connect`, { token: FAKE_ID_TOKEN }), {
      user: 'social_not_configured',
      other: 'social_not_configured',
      owner: 'social_not_configured',
    }),
    loggedIn(`DELETE /api/login-${provider}-connect`, `/api/login-${provider}-connect`),
  ]),
  open(
    'POST /api/apple-exchange-code',
    () => json('/api/apple-exchange-code', { code: 'abc' }),
    everyone('social_not_configured'),
  ),

  // Profiles, follows, preferences, avatars.
  open('GET /api/user/:id', ({ owner }) => `/api/user/${owner.id}`),
  loggedIn('PUT /api/user/me', () => json('/api/user/me', { displayName: 'Matrix' })),
  loggedIn('POST /api/user/random-avatar', () => json('/api/user/random-avatar', {})),
  loggedIn('POST /media-api/upload', () => json('/media-api/upload', {}), {
    user: 'unsupported_media_type',
    other: 'unsupported_media_type',
    owner: 'unsupported_media_type',
  }),
  loggedIn('POST /api/user/follow', ({ owner }) => json('/api/user/follow', { userId: owner.id }), {
    owner: 'cannot_follow_self',
  }),
  loggedIn('DELETE /api/user/follow', ({ owner }) => json('/api/user/follow', { userId: owner.id }), {
    owner: 'cannot_follow_self',
  }),
  open('GET /api/user/:id/followers', ({ owner }) => `/api/user/${owner.id}/followers`),
  open('GET /api/user/:id/following', ({ owner }) => `/api/user/${owner.id}/following`),
  loggedIn('GET /api/user', '/api/user?ifollow=1'),
  loggedIn('POST /api/user/cookie', () => json('/api/user/cookie', { name: 'autoplay', value: '1' })),
  loggedIn('GET /api/user/cookie', '/api/user/cookie'),

  // Posts: reading is public; changing is the owner's alone.
  open('GET /api/post', '/api/post?limit=5'),
  open('GET /api/post/', '/api/post/?limit=5'),
  ownerSees('GET /api/post/:id', ({ privatePost }) => `/api/post/${privatePost}`),
  // Who liked a post: logged-in accounts that may see the post (posts/README.md "Who liked").
  ownerOnly('GET /api/post/likes/:id', ({ privatePost }) => `/api/post/likes/${privatePost}`),
  // Only a debugLevel 1 session may read the stored row; no caller here has it.
  open('GET /api/debug/post/:id', ({ post }) => `/api/debug/post/${post}`, everyone('forbidden')),
  ownerOnly('PUT /api/post/:id', ({ post }) => json(`/api/post/${post}`, { title: 'Changed by the matrix' })),
  ownerOnly('POST /api/post', ({ post }) => json('/api/post', { postId: post, title: 'Changed by the matrix' })),
  ownerOnly('DELETE /api/post/:id', ({ post }) => `/api/post/${post}`),
  // The fixture's post is published, not failed: even its owner cannot retry it.
  ownerOnly('POST /api/post/retry/:id', ({ post }) => json(`/api/post/retry/${post}`, {}), {
    user: 'post_not_retryable',
    other: 'post_not_retryable',
    owner: 'post_not_retryable',
  }),
  // Cover frames (media/cover/): the owner's request is queued; a JSON body is not a picture upload.
  ownerOnly('GET /api/studio/post/:postId/cover', ({ post }) => `/api/studio/post/${post}/cover`),
  ownerOnly('POST /api/studio/post/:postId/cover/frame', ({ post }) =>
    json(`/api/studio/post/${post}/cover/frame`, { timeMs: 1000 }),
  ),
  ownerOnly('POST /api/studio/post/:postId/cover/image', ({ post }) => json(`/api/studio/post/${post}/cover/image`, {}), {
    owner: 'unsupported_media_type',
  }),
  ownerOnly('POST /api/post/pin/:id', ({ post }) => json(`/api/post/pin/${post}`, {})),
  ownerOnly('DELETE /api/post/pin/:id', ({ post }) => `/api/post/pin/${post}`),
  loggedIn('POST /api/post/like/:id', ({ post }) => json(`/api/post/like/${post}`, {})),
  loggedIn('DELETE /api/post/like/:id', ({ post }) => `/api/post/like/${post}`),
  open('POST /api/post/view/:id', ({ post }) => json(`/api/post/view/${post}`, {})),
  open('POST /api/post/share/:id', ({ post }) => json(`/api/post/share/${post}`, {})),
  open('POST /api/post/progress/:id', ({ post }) => json(`/api/post/progress/${post}`, { watchedMs: 1000 })),

  // Creator studio: the session's own posts. The fixture's private post is no draft, so the owner's
  // scheduling and publishing calls answer post_not_schedulable; studio/*.test.ts walks the real flows.
  loggedIn('GET /api/studio/posts', '/api/studio/posts?state=private'),
  ownerOnly('GET /api/studio/posts/:id', ({ privatePost }) => `/api/studio/posts/${privatePost}`),
  ownerOnly(
    'PUT /api/studio/posts/:id/schedule',
    ({ privatePost }) =>
      json(`/api/studio/posts/${privatePost}/schedule`, { at: new Date(Date.now() + 3_600_000).toISOString() }),
    { owner: 'post_not_schedulable' },
  ),
  ownerOnly('DELETE /api/studio/posts/:id/schedule', ({ privatePost }) => `/api/studio/posts/${privatePost}/schedule`, {
    owner: 'post_not_schedulable',
  }),
  ownerOnly('POST /api/studio/posts/:id/publish', ({ privatePost }) => json(`/api/studio/posts/${privatePost}/publish`, {}), {
    owner: 'post_not_schedulable',
  }),
  ownerOnly('PUT /api/studio/posts/:id/settings', ({ privatePost }) =>
    json(`/api/studio/posts/${privatePost}/settings`, { allowDownloads: true }),
  ),
  open('GET /api/oembed', ({ post }) => `/api/oembed?url=${encodeURIComponent(`http://localhost:3000/video?id=${post}`)}`),

  // Captions (captions/README.md): the owner's alone. The fixture's video has no HLS master, so even its
  // owner is refused an upload; captions.test.ts proves the owner's calls succeed on a processed video.
  ownerOnly('GET /api/studio/post/:postId/captions', ({ post }) => `/api/studio/post/${post}/captions`),
  ownerOnly(
    'PUT /api/studio/post/:postId/captions/:language',
    ({ post }) => json(`/api/studio/post/${post}/captions/en`, { file: MATRIX_CAPTION }),
    { owner: 'captions_need_video' },
  ),
  ownerOnly('DELETE /api/studio/post/:postId/captions/:language', ({ post }) => `/api/studio/post/${post}/captions/en`, {
    owner: 'not_found',
  }),

  // Uploads and imports.
  // The callers' accounts are not verified (type 1): UPLOADS_REQUIRE_VERIFICATION refuses them a token
  // (compliance/verification/uploader-gate.test.ts shows a verified creator gets one).
  loggedIn('GET /api/media/uptoken', '/api/media/uptoken', UNVERIFIED),
  loggedIn('PUT /api/media/uptoken', () => json('/api/media/uptoken', {}), UNVERIFIED),
  loggedIn('DELETE /api/media/uptoken', '/api/media/uptoken'),
  // The gate answers before the body is read (upload-form.test.ts: a verified creator's JSON body is unsupported_media_type).
  loggedIn('POST /media-api/upload-preprocess', () => json('/media-api/upload-preprocess', {}), UNVERIFIED),
  open('GET /media-api/mcp-alive', '/media-api/mcp-alive'),
  // An all-zero signature has the right shape, so the check is reached (and refuses it) only for a user.
  loggedIn('POST /simicheck/check-user', () => json('/simicheck/check-user', { sixpack: 'A'.repeat(SIXPACK_BASE64_LENGTH) }), {
    user: 'simicheck_invalid_sixpack',
    other: 'simicheck_invalid_sixpack',
    owner: 'simicheck_invalid_sixpack',
  }),
  loggedIn('GET /api/scraper', '/api/scraper'),
  // A loopback address is refused before anything is fetched.
  loggedIn('POST /api/scraper', () => json('/api/scraper', { sourceUrl: 'http://127.0.0.1/clip.mp4' }), {
    user: 'scraper_address_refused',
    other: 'scraper_address_refused',
    owner: 'scraper_address_refused',
  }),
  ownerOnly('DELETE /api/scraper', ({ scraperJob }) => json('/api/scraper', { jobUid: scraperJob })),

  // Media files: a published post's renditions are public.
  // A published post's media is anyone's (media/media-withdrawal.test.ts walks every post state).
  ownerSees('GET /media/*', ({ privateMediaName }) => `/media/${privateMediaName}/mp4-540.mp4`),
  open('GET /thumber/:size/:file', ({ mediaName }) => `/thumber/peek/${mediaName}.jpg`, everyone('not_found')),

  // Discovery: tags, playlists, sounds, search, banners, translations.
  open('GET /api/tag/alphabet', '/api/tag/alphabet'),
  open('GET /api/tag/tophits', '/api/tag/tophits'),
  open('GET /api/tag/translate', '/api/tag/translate?tag=matrixtag'),
  open('GET /api/tag/category', '/api/tag/category'),
  open('GET /api/tag/users-liked', '/api/tag/users-liked'),
  open('GET /api/tag/popular', '/api/tag/popular'),
  open('GET /translations/client/:file', '/translations/client/en.json'),
  open('GET /translations/tag/:file', '/translations/tag/en.json?tag=matrixtag'),
  open('GET /translations/tag/:file/', '/translations/tag/en.json/?tag=matrixtag'),
  open('GET /api/playlist/popular', '/api/playlist/popular'),
  open('GET /api/playlist', '/api/playlist'),
  open('GET /api/playlist/', '/api/playlist/'),
  // No playlist exists in the fixture: what matters is that nobody is turned away before the lookup.
  open('GET /translations/playlist/:file', '/translations/playlist/en.json?id=1', everyone('not_found')),
  open('GET /translations/playlist/:file/', '/translations/playlist/en.json/?id=1', everyone('not_found')),
  open('GET /api/sound', '/api/sound'),
  open('GET /api/sound/', '/api/sound/'),
  open('GET /api/sound/:id', '/api/sound/1', everyone('not_found')),
  open('GET /api/2/search', '/api/2/search?q=matrix'),
  open('GET /api/search/post-tag', '/api/search/post-tag?q=matrix'),
  open('GET /api/search/whisperer', '/api/search/whisperer?q=matrix'),
  open('GET /api/search/whisperer/tag', '/api/search/whisperer/tag?q=matrix'),
  open('GET /api/search/user', '/api/search/user?q=matrix'),
  open('GET /api/search/tag', '/api/search/tag?q=matrix'),
  open('GET /api/search/top-queries', '/api/search/top-queries'),
  open('GET /api/search/popular', '/api/search/popular'),
  open('GET /api/search/combo', '/api/search/combo'),
  open('GET /api/search/random', '/api/search/random'),
  open('GET /api/prbn', '/api/prbn?position=1'),
  open('GET /api/prbn/', '/api/prbn/?position=1'),

  // Contact and abuse reports: anyone, behind a proof of work (none is sent here).
  open('GET /api/contact/challenge', '/api/contact/challenge'),
  open(
    'POST /api/contact',
    () => json('/api/contact', { email: 'someone@example.test', text: 'Hello', recaptchaToken: 'none' }),
    everyone('captcha_failed'),
  ),
  open(
    'POST /api/abuse',
    ({ post }) => json('/api/abuse', { text: 'Report', postId: post, recaptchaToken: 'none' }),
    everyone('captcha_failed'),
  ),

  // Complaints from the public form and the reporters' follow-up (moderation/): anyone, behind a proof of
  // work (none is sent here) or a follow-up token (an unknown one here).
  open('POST /api/complaint', () => json('/api/complaint', DMCA_NOTICE), everyone('bot_check_failed')),
  open('GET /api/complaint/follow-up', `/api/complaint/follow-up?token=${UNKNOWN_FOLLOW_UP}`, everyone('not_found')),
  open(
    'POST /api/complaint/follow-up',
    () => json('/api/complaint/follow-up', { token: UNKNOWN_FOLLOW_UP, text: 'Any news?' }),
    everyone('not_found'),
  ),

  // The moderation console's API: moderators and admins only (moderation/README.md "Routes").
  staffOnly('GET /api/admin/me', '/api/admin/me'),
  staffOnly('GET /api/admin/cases', '/api/admin/cases?queue=open'),
  staffOnly('GET /api/admin/cases/:id', '/api/admin/cases/1'),
  staffOnly('POST /api/admin/cases/:id/assign', () => json('/api/admin/cases/1/assign', {})),
  staffOnly('POST /api/admin/cases/:id/escalate', () => json('/api/admin/cases/1/escalate', {})),
  staffOnly('POST /api/admin/cases/:id/dismiss', () => json('/api/admin/cases/1/dismiss', {})),
  staffOnly('POST /api/admin/cases/:id/message', () => json('/api/admin/cases/1/message', { text: 'Hello' })),
  staffOnly('POST /api/admin/cases/:id/note', () => json('/api/admin/cases/1/note', { note: 'Seen' })),
  staffOnly('POST /api/admin/cases/bulk', () => json('/api/admin/cases/bulk', { action: 'assign', caseIds: [1] })),
  staffOnly('GET /api/admin/audit', '/api/admin/audit'),
  staffOnly('GET /api/admin/audit/export', '/api/admin/audit/export'),
  staffOnly('GET /api/admin/roles', '/api/admin/roles'),
  staffOnly('POST /api/admin/roles', ({ other }) => json('/api/admin/roles', { username: other.username, role: 'admin' })),
  staffOnly('DELETE /api/admin/roles', ({ other }) => json('/api/admin/roles', { username: other.username, role: 'admin' })),
  staffOnly('GET /api/admin/settings', '/api/admin/settings'),
  staffOnly('PUT /api/admin/settings', () => json('/api/admin/settings', { reportsPerHour: 1 })),
  staffOnly('GET /api/admin/operations', '/api/admin/operations'),
  staffOnly('POST /api/admin/operations/jobs/:id/retry', () => json('/api/admin/operations/jobs/1/retry', {})),
  staffOnly('GET /api/admin/reports/monthly', '/api/admin/reports/monthly?from=2026-01&to=2026-02'),
  staffOnly('GET /api/admin/reports/monthly.csv', '/api/admin/reports/monthly.csv?from=2026-01&to=2026-02'),
  // Identity verification (compliance/verification/README.md): a creator for themselves; pictures that are
  // not pictures are refused after the age check; the callback is the vendors', and the manual provider has none.
  loggedIn('GET /api/identity', '/api/identity'),
  loggedIn('POST /api/identity/start', () => json('/api/identity/start', {})),
  loggedIn('POST /api/identity/submission', () => json('/api/identity/submission', MATRIX_IDENTITY), {
    user: 'identity_image_invalid',
    other: 'identity_image_invalid',
    owner: 'identity_image_invalid',
  }),
  open('POST /api/identity/callback/:provider', () => json('/api/identity/callback/manual', {}), everyone('not_found')),
  staffOnly('GET /api/admin/identity', '/api/admin/identity'),
  staffOnly('GET /api/admin/identity/:id', '/api/admin/identity/1'),
  staffOnly('GET /api/admin/identity/:id/document/:document', '/api/admin/identity/1/document/selfie'),
  staffOnly('POST /api/admin/identity/:id/approve', () => json('/api/admin/identity/1/approve', {})),
  staffOnly('POST /api/admin/identity/:id/reject', () => json('/api/admin/identity/1/reject', { reason: 'Blurred' })),

  // Performer manifests (compliance/performers/README.md): the owner declares who appears (moderators may
  // read); a tagged account answers its own requests (the fixture has none); a release link is its own
  // credential, so every caller is the same to it and an unknown one is refused.
  ownerOnly('GET /api/post/:id/performers', ({ privatePost }) => `/api/post/${privatePost}/performers`),
  ownerOnly('PUT /api/post/:id/performers', ({ privatePost }) =>
    json(`/api/post/${privatePost}/performers`, { producedOn: '2026-01-01', performers: [{ kind: 'self' }] }),
  ),
  loggedIn('POST /api/performer/:performerId/resend', () => json(`/api/performer/${NO_PERFORMER}/resend`, {}), NO_STATEMENT),
  loggedIn('GET /api/performer/:performerId', `/api/performer/${NO_PERFORMER}`, NO_STATEMENT),
  loggedIn(
    'POST /api/performer/:performerId/consent',
    () => json(`/api/performer/${NO_PERFORMER}/consent`, { scopes: ['depicted', 'distribution'] }),
    NO_STATEMENT,
  ),
  loggedIn('POST /api/performer/:performerId/decline', () => json(`/api/performer/${NO_PERFORMER}/decline`, {}), NO_STATEMENT),
  loggedIn(
    'POST /api/performer/:performerId/withdraw',
    () => json(`/api/performer/${NO_PERFORMER}/withdraw`, { reason: 'I did not agree' }),
    NO_STATEMENT,
  ),
  loggedIn('GET /api/me/appearances', '/api/me/appearances'),
  open('GET /api/release/:token', `/api/release/${UNKNOWN_RELEASE}`, everyone('release_link_invalid')),
  open(
    'POST /api/release/:token',
    () => json(`/api/release/${UNKNOWN_RELEASE}`, MATRIX_RELEASE),
    everyone('release_link_invalid'),
  ),
  open(
    'POST /api/release/:token/withdraw',
    () => json(`/api/release/${UNKNOWN_RELEASE}/withdraw`, { reason: 'I did not agree' }),
    everyone('release_link_invalid'),
  ),

  // Enforcement (enforcement/README.md "Routes"): staff act; the user an action is about reads and appeals it.
  staffOnly('POST /api/admin/enforcement/posts/:id/actions', ({ post }) =>
    json(`/api/admin/enforcement/posts/${post}/actions`, { kind: 'post-hide', category: 'spam' }),
  ),
  staffOnly('POST /api/admin/enforcement/users/:id/actions', ({ owner }) =>
    json(`/api/admin/enforcement/users/${owner.id}/actions`, { kind: 'account-warn', category: 'spam' }),
  ),
  staffOnly('GET /api/admin/enforcement/history', ({ owner }) => `/api/admin/enforcement/history?userId=${owner.id}`),
  staffOnly('GET /api/admin/enforcement/appeals', '/api/admin/enforcement/appeals'),
  staffOnly('POST /api/admin/enforcement/appeals/:id/decide', () =>
    json('/api/admin/enforcement/appeals/1/decide', { outcome: 'upheld', reason: 'Checked' }),
  ),
  staffOnly('POST /api/admin/enforcement/counter-notices/:id/lawsuit', () =>
    json('/api/admin/enforcement/counter-notices/1/lawsuit', {}),
  ),
  staffOnly('GET /api/admin/enforcement/review-queue', '/api/admin/enforcement/review-queue'),
  staffOnly('POST /api/admin/enforcement/review-queue/:id/approve', ({ post }) =>
    json(`/api/admin/enforcement/review-queue/${post}/approve`, {}),
  ),
  staffOnly('GET /api/admin/watched-words', '/api/admin/watched-words'),
  // Admins only; moderators are refused too (compliance/hash-banks/hash-banks.test.ts).
  staffOnly('GET /api/admin/hash-banks', '/api/admin/hash-banks'),
  staffOnly('POST /api/admin/hash-banks/import', () =>
    json('/api/admin/hash-banks/import', { bank: 'matrix', category: 'illegal', list: '0'.repeat(64) }),
  ),
  // Age assurance (compliance/age-assurance/README.md): every caller learns its own requirement; the
  // fixture's requests are unlocated, so no check is required; admins alone change the rules.
  open('GET /api/age-assurance', '/api/age-assurance'),
  open(
    'POST /api/age-assurance/start',
    () => json('/api/age-assurance/start', { returnTo: '/' }),
    everyone('age_check_not_required'),
  ),
  open(
    'POST /api/age-assurance/complete',
    () => json('/api/age-assurance/complete', { reference: 'no.such.attempt', evidence: { outcome: 'pass' } }),
    everyone('age_check_attempt_invalid'),
  ),
  staffOnly('GET /api/admin/age-assurance', '/api/admin/age-assurance'),
  staffOnly('PUT /api/admin/age-assurance/rules', () =>
    json('/api/admin/age-assurance/rules', { jurisdiction: 'GB', requirement: 'click', note: '' }),
  ),
  staffOnly('DELETE /api/admin/age-assurance/rules/:jurisdiction', '/api/admin/age-assurance/rules/GB'),
  // Staff cleared for restricted cases only (admins); moderators are refused too (compliance/csam/csam.test.ts).
  staffOnly('GET /api/admin/csam/queue', '/api/admin/csam/queue'),
  staffOnly('GET /api/admin/csam/cases/:id', '/api/admin/csam/cases/1'),
  staffOnly('GET /api/admin/csam/cases/:id/media/:mediaId', '/api/admin/csam/cases/1/media/1'),
  staffOnly('POST /api/admin/csam/cases/:id/confirm', () =>
    json('/api/admin/csam/cases/1/confirm', { note: 'Confirmed on review as CSAM' }),
  ),
  staffOnly('GET /api/admin/csam/evidence/:id', '/api/admin/csam/evidence/1'),
  staffOnly('GET /api/admin/csam/evidence/:id/files/:position', '/api/admin/csam/evidence/1/files/0'),
  staffOnly('PUT /api/admin/csam/evidence/:id/legal-hold', () =>
    json('/api/admin/csam/evidence/1/legal-hold', { hold: true, reason: 'Preservation request' }),
  ),
  staffOnly('POST /api/admin/csam/reports/:id/submitted', () =>
    json('/api/admin/csam/reports/1/submitted', { ncmecReportId: '1' }),
  ),
  // The custodian of records (admins); moderators are refused too (compliance/records/records.test.ts).
  // On the owner's post, whose performer record public-answers.test.ts plants: outsiders see none of it.
  staffOnly('GET /api/admin/records', ({ post }) => `/api/admin/records?by=post&q=${post}`),
  staffOnly('GET /api/admin/records/post/:id', ({ post }) => `/api/admin/records/post/${post}`),
  staffOnly('GET /api/admin/records/exports', '/api/admin/records/exports'),
  staffOnly('POST /api/admin/records/exports', () => json('/api/admin/records/exports', {})),
  staffOnly('GET /api/admin/records/exports/:id/download', '/api/admin/records/exports/1/download'),
  staffOnly('POST /api/admin/watched-words', () =>
    json('/api/admin/watched-words', { term: 'matrix', scopes: ['title'], action: 'block' }),
  ),
  staffOnly('PUT /api/admin/watched-words/:id', () => json('/api/admin/watched-words/1', { action: 'review' })),
  staffOnly('DELETE /api/admin/watched-words/:id', '/api/admin/watched-words/1'),
  loggedIn('GET /api/enforcement/statements', '/api/enforcement/statements'),
  // The fixture holds no action: everyone learns nothing; the addressee's own reads are in enforcement/*.test.ts.
  loggedIn('GET /api/enforcement/statements/:id', '/api/enforcement/statements/1', NO_STATEMENT),
  loggedIn(
    'POST /api/enforcement/statements/:id/appeal',
    () => json('/api/enforcement/statements/1/appeal', { statement: 'Please look again' }),
    NO_STATEMENT,
  ),
  loggedIn(
    'POST /api/enforcement/statements/:id/counter-notice',
    () => json('/api/enforcement/statements/1/counter-notice', COUNTER_NOTICE),
    NO_STATEMENT,
  ),
  open(
    'GET /api/enforcement/statements/:id/by-token',
    `/api/enforcement/statements/1/by-token?token=${UNKNOWN_LINK_TOKEN}`,
    everyone('not_found'),
  ),
  open(
    'POST /api/enforcement/statements/:id/appeal-by-token',
    () => json('/api/enforcement/statements/1/appeal-by-token', { token: UNKNOWN_LINK_TOKEN, statement: 'Not me' }),
    everyone('not_found'),
  ),

  // Notifications are per user.
  loggedIn('GET /api/notification/:list', '/api/notification/follow?limit=30'),

  // Data exports (exports/README.md): any account, about itself only.
  loggedIn('GET /api/studio/export', '/api/studio/export'),
  loggedIn('POST /api/studio/export', () => json('/api/studio/export', {})),
  // Only the owner of a ready archive downloads it (exports/exports.test.ts); an archive of someone else's, or
  // none at all, is the same 404 for every caller.
  open('GET /api/studio/export/:id/download', '/api/studio/export/1/download', everyone('not_found')),
  // Studio analytics (analytics/READING.md): each account reads its own figures only.
  loggedIn('GET /api/studio/analytics', '/api/studio/analytics?days=7'),
  ownerOnly('GET /api/studio/analytics/post/:id', ({ post }) => `/api/studio/analytics/post/${post}?days=90`),
];
