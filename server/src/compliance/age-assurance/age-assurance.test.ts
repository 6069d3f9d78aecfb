import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditEntries, staffMember } from '../../enforcement/test-support.ts';
import { authAs, createMedia, createPost, createUser } from '../../test/fixtures.ts';
import { type TestApp, type TestResponse, testApp } from '../../test/test-app.ts';

/**
 * The acceptance line "a required age check blocks media URLs until passed, per jurisdiction", on real
 * PostgreSQL with the shipped rule table (migration 0034): GB and US-TX need a provider check, NL and
 * US-CA the click; an admin blocks RU here.
 */
let t: TestApp;
let viaGeoIp: TestApp;
let postId: number;
let video: string;
let thumbnail: string;

/** A published post whose 540p video and `peek` still are stored, as the pipeline leaves them. */
async function publishedPostWithMedia(app: TestApp) {
  const { db } = app.container.database;
  const owner = await createUser(db);
  const post = await createPost(db, owner.id);
  await createMedia(db, owner.id, { postId: post });
  const { name } = await db.selectFrom('media_files').select('name').where('post_id', '=', post).executeTakeFirstOrThrow();
  await app.container.storage.put(`media/${name}/mp4-540.mp4`, Buffer.from('video bytes'));
  await app.container.storage.put(`media/${name}/peek-jpg.jpg`, Buffer.from('still bytes'));
  return { post, video: `/media/${name}/mp4-540.mp4`, thumbnail: `/thumber/peek/${name}.jpg` };
}

/** A visitor behind the trusted proxy, which tells their country (and state) in Cloudflare's headers. */
const from = (country: string, region?: string, extra: Record<string, string> = {}) => ({
  'cf-ipcountry': country,
  ...(region ? { 'cf-region-code': region } : {}),
  ...extra,
});
const get = (url: string, headers: Record<string, string>) => t.request({ method: 'GET', url, headers });
const post = (url: string, body: unknown, headers: Record<string, string>) =>
  t.request({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

function passCookie(response: TestResponse): string {
  const cookie = [response.headers['set-cookie']].flat().find((value) => String(value).startsWith('age_check='));
  return String(cookie).split(';')[0] as string;
}

/** Runs the built-in provider's flow as its page does; answers the completion's response. */
async function passCheck(headers: Record<string, string>, outcome = 'pass') {
  const started = await post('/api/age-assurance/start', { returnTo: '/video?id=1' }, headers);
  expect(started.body.statusCode).toBe(2);
  const url = new URL(started.body.url, 'http://velvet.test');
  expect(url.pathname).toBe('/age-check/test-provider');
  expect(url.searchParams.get('returnTo')).toBe('/video?id=1');
  return post('/api/age-assurance/complete', { reference: url.searchParams.get('reference'), evidence: { outcome } }, headers);
}

beforeAll(async () => {
  t = await testApp({ env: { TRUST_PROXY: 'true', GEOLOCATION_SOURCE: 'header' } });
  ({ post: postId, video, thumbnail } = await publishedPostWithMedia(t));
  const sample = fileURLToPath(new URL('fixtures/dbip-city-lite-sample.csv', import.meta.url));
  viaGeoIp = await testApp({ env: { GEOLOCATION_SOURCE: 'geoip', GEOIP_FILE: sample } });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await viaGeoIp?.close();
});

describe('a required age check blocks media URLs until passed, per jurisdiction', () => {
  test('a click jurisdiction is served media and thumbnails, which no shared cache may keep', async () => {
    for (const visitor of [from('NL'), from('US', 'CA')]) {
      const media = await get(video, visitor);
      expect(media.status).toBe(200);
      expect(media.text).toBe('video bytes');
      // Another jurisdiction's visitor gets a refusal for the same URL: a CDN must not answer for us.
      expect(media.headers['cache-control']).toBe('private, max-age=3600');
      expect((await get(thumbnail, visitor)).status).toBe(200);
      expect((await get('/api/age-assurance', visitor)).body).toMatchObject({ requirement: 'click', passed: false });
    }
  });

  test('a provider jurisdiction is refused media and thumbnails until the test provider passes, then served', async () => {
    const gb = from('GB');
    expect((await get('/api/age-assurance', gb)).body).toMatchObject({
      requirement: 'provider',
      passed: false,
      jurisdiction: 'GB',
    });
    for (const url of [video, thumbnail]) {
      const refused = await get(url, gb);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe('age_check_required');
      expect(refused.headers['cache-control']).toBe('no-store');
    }
    expect((await get(video, from('US', 'TX'))).body.error).toBe('age_check_required');

    const failed = await passCheck(gb, 'fail');
    expect(failed.body.error).toBe('age_check_failed');
    expect(failed.headers['set-cookie']).toBeUndefined();
    const forged = await post('/api/age-assurance/complete', { reference: 'made.up.token', evidence: { outcome: 'pass' } }, gb);
    expect(forged.body.error).toBe('age_check_attempt_invalid');

    const passed = await passCheck(gb);
    expect(passed.body).toMatchObject({ statusCode: 1, passed: true, method: 'test' });
    expect(String(passed.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const withPass = { ...gb, cookie: passCookie(passed) };
    expect((await get('/api/age-assurance', withPass)).body.passed).toBe(true);
    expect((await get(video, withPass)).text).toBe('video bytes');
    expect((await get(thumbnail, withPass)).status).toBe(200);
    // A pass cookie that was tampered with is worth nothing.
    const tampered = withPass.cookie.replace(/\.(\d+)\./, (_, time) => `.${Number(time) + 1}.`);
    expect((await get(video, { ...gb, cookie: tampered })).status).toBe(403);
  });

  test("a logged-in user's pass is kept on the account: only the method and the time", async () => {
    const { db } = t.container.database;
    const user = await createUser(db);
    const auth = { ...from('US', 'TX'), ...(await authAs(t, user.id)) };
    expect((await get(video, auth)).status).toBe(403);
    expect((await passCheck(auth)).body.passed).toBe(true);
    expect((await get(video, auth)).status).toBe(200);
    const stored = await db.selectFrom('age_checks').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(Object.keys(stored).sort()).toEqual(['method', 'passed_at', 'user_id']);
    expect(stored.method).toBe('test');
  });

  test('the forced site country can add a check, never lift one', async () => {
    expect((await get(`${video}?country=GB`, from('NL'))).body.error).toBe('age_check_required');
    expect((await get(video, from('GB', undefined, { country: 'NL' }))).body.error).toBe('age_check_required');
  });

  test('a blocked jurisdiction gets jurisdiction_blocked for media and content, and only the notice', async () => {
    const admin = await staffMember(t, 'admin');
    const set = await admin.api.put('/api/admin/age-assurance/rules', {
      jurisdiction: 'RU',
      requirement: 'blocked',
      note: 'Test',
    });
    expect(set.rules).toContainEqual(expect.objectContaining({ jurisdiction: 'RU', requirement: 'blocked' }));
    expect(await auditEntries(t.container.database.db, 'ageassurance.rule.set', 'RU')).toHaveLength(1);

    const ru = from('RU');
    const media = await get(video, ru);
    expect(media.status).toBe(451);
    expect(media.body.error).toBe('jurisdiction_blocked');
    expect((await get(`/api/post/${postId}`, ru)).body.error).toBe('jurisdiction_blocked');
    expect((await get('/api/age-assurance', ru)).body.requirement).toBe('blocked');
    expect((await post('/api/age-assurance/start', { returnTo: '/' }, ru)).body.error).toBe('jurisdiction_blocked');

    const removed = await admin.api.delete('/api/admin/age-assurance/rules/RU');
    expect(removed.rules.some((rule: { jurisdiction: string }) => rule.jurisdiction === 'RU')).toBe(false);
    expect((await get(video, ru)).status).toBe(200);
  });

  test('a cached answer never crosses jurisdictions', async () => {
    const admin = await staffMember(t, 'admin');
    await admin.api.put('/api/admin/age-assurance/rules', { jurisdiction: 'BY', requirement: 'blocked', note: '' });
    const url = `/api/post/${postId}`;
    expect((await get(url, from('NL'))).headers['x-cache']).toBeUndefined();
    expect((await get(url, from('US', 'CA'))).headers['x-cache']).toBe('hit');
    // A visitor still owing the check has answers of their own; a blocked one gets no stored answer at all.
    const gb = await get(url, from('GB'));
    expect(gb.headers['x-cache']).toBeUndefined();
    const blocked = await get(url, from('BY'));
    expect(blocked.headers['x-cache']).toBeUndefined();
    expect(blocked.body.error).toBe('jurisdiction_blocked');
  });

  test('the unknown-location rule can be changed but not removed', async () => {
    const admin = await staffMember(t, 'admin');
    expect((await admin.api.delete('/api/admin/age-assurance/rules/*')).error).toBe('age_rule_unknown_location');
    const moderator = await staffMember(t, 'moderator');
    expect((await moderator.api.get('/api/admin/age-assurance')).statusCode).toBeLessThan(0);
  });
});

describe('where the visitor is', () => {
  test('the GeoIP file places IPv4 and IPv6 clients; a location header the app has no proxy to trust is ignored', async () => {
    const { video: media } = await publishedPostWithMedia(viaGeoIp);
    const fetchFrom = (remoteAddress: string) =>
      viaGeoIp.request({ method: 'GET', url: media, remoteAddress, headers: { 'cf-ipcountry': 'DE' } });
    expect((await fetchFrom('2.16.0.7')).body.error).toBe('age_check_required');
    expect((await fetchFrom('2001:db8:1::5')).body.error).toBe('age_check_required');
    expect((await fetchFrom('23.33.0.1')).status).toBe(200);
    // Unknown places follow `*`, which ships as the click: local and test requests are served as before.
    expect((await fetchFrom('127.0.0.1')).status).toBe(200);
  });
});
