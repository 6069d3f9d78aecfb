import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tokenDigest } from '../../accounts/tokens.ts';
import { authAs, createVerifiedCreator } from '../../test/fixtures.ts';
import { multipart } from '../../test/multipart.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import { MAX_LIVE_UPLOAD_TOKENS } from './upload-tokens.service.ts';

/**
 * Upload tokens over HTTP: issued, renewed and revoked through /api/media/uptoken, and judged the way an
 * upload judges them (an upload with no file answers no_files once its token passed, uptoken_invalid otherwise).
 */
let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

async function user() {
  // A verified creator: only they are given tokens (UPLOADS_REQUIRE_VERIFICATION, compliance/verification/).
  const { id } = await createVerifiedCreator(t.container.database.db);
  const headers = await authAs(t, id);
  const call = async (method: 'GET' | 'PUT' | 'DELETE') => (await t.request({ method, url: '/api/media/uptoken', headers })).body;
  /** What an upload with this token and no file answers: no_files means the token passed. */
  const tokenVerdict = async (upToken: string, extraHeaders: Record<string, string> = headers) => {
    const body = multipart([
      { name: 'purpose', value: 'post' },
      { name: 'upToken', value: upToken },
    ]);
    const response = await t.request({
      method: 'POST',
      url: '/media-api/upload-preprocess',
      headers: { ...extraHeaders, 'content-type': body.contentType },
      payload: body.payload,
    });
    return response.body.error;
  };
  return { id, headers, get: () => call('GET'), put: () => call('PUT'), delete: () => call('DELETE'), tokenVerdict };
}

describe('/api/media/uptoken', () => {
  test('GET issues a token of 32 random bytes for an hour, with the upload address; only its digest is stored', async () => {
    const alice = await user();
    const before = Date.now();
    const answer = await alice.get();
    expect(answer).toEqual({
      statusCode: 2,
      upToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
      uploadUrl: '/media-api',
    });
    expect(Buffer.from(answer.upToken, 'base64url')).toHaveLength(32);
    const lifetime = Date.parse(answer.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(3595_000);
    expect(lifetime).toBeLessThanOrEqual(3600_000 + 1000);
    const rows = await t.container.database.db
      .selectFrom('upload_tokens')
      .select('token_hash')
      .where('user_id', '=', alice.id)
      .execute();
    expect(rows).toEqual([{ token_hash: tokenDigest(answer.upToken) }]);
    expect(await alice.tokenVerdict(answer.upToken)).toBe('no_files');
  });

  test('each GET gives another token and the earlier ones keep working (another tab may be uploading)', async () => {
    const alice = await user();
    const first = (await alice.get()).upToken;
    const second = (await alice.get()).upToken;
    expect(second).not.toBe(first);
    expect(await alice.tokenVerdict(first)).toBe('no_files');
    expect(await alice.tokenVerdict(second)).toBe('no_files');
  });

  test(`at most ${MAX_LIVE_UPLOAD_TOKENS} tokens live at once: a new one revokes the oldest`, async () => {
    const alice = await user();
    const tokens: string[] = [];
    for (let index = 0; index <= MAX_LIVE_UPLOAD_TOKENS; index++) tokens.push((await alice.get()).upToken);
    expect(await alice.tokenVerdict(tokens[0] as string)).toBe('uptoken_invalid');
    for (const token of tokens.slice(1)) expect(await alice.tokenVerdict(token)).toBe('no_files');
  });

  test('PUT renews: the new token works, every earlier one is revoked', async () => {
    const alice = await user();
    const old = (await alice.get()).upToken;
    const renewed = await alice.put();
    expect(renewed).toMatchObject({ statusCode: 2, uploadUrl: '/media-api' });
    expect(renewed.upToken).not.toBe(old);
    expect(await alice.tokenVerdict(old)).toBe('uptoken_invalid');
    expect(await alice.tokenVerdict(renewed.upToken)).toBe('no_files');
  });

  test('DELETE revokes every token', async () => {
    const alice = await user();
    const tokens = [(await alice.get()).upToken, (await alice.get()).upToken];
    expect(await alice.delete()).toEqual({ statusCode: 1 });
    for (const token of tokens) expect(await alice.tokenVerdict(token)).toBe('uptoken_invalid');
  });

  test("an expired token, another user's token and a made-up one are uptoken_invalid", async () => {
    const alice = await user();
    const bob = await user();
    const expired = (await alice.get()).upToken;
    await t.container.database.db
      .updateTable('upload_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', tokenDigest(expired))
      .execute();
    expect(await alice.tokenVerdict(expired)).toBe('uptoken_invalid');
    const bobs = (await bob.get()).upToken;
    expect(await alice.tokenVerdict(bobs)).toBe('uptoken_invalid');
    expect(await alice.tokenVerdict('A'.repeat(43))).toBe('uptoken_invalid');
  });

  test('login is required for every method', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect((await t.request({ method, url: '/api/media/uptoken' })).body).toMatchObject({ error: 'login_required' });
    }
  });
});

describe('uploading with the session cookie', () => {
  test('the logged-in cookie works from our own pages; a cross-site form is refused by the CSRF rules', async () => {
    const alice = await user();
    const upToken = (await alice.get()).upToken;
    const cookie = { cookie: `authorization=${alice.headers.authorization?.replace(/^Bearer /, '')}` };
    const origin = new URL(t.container.config.http.baseUrl).origin;
    expect(await alice.tokenVerdict(upToken, { ...cookie, origin, 'sec-fetch-site': 'same-origin' })).toBe('no_files');
    expect(await alice.tokenVerdict(upToken, { ...cookie, origin: 'https://evil.example' })).toBe('csrf_rejected');
    expect(await alice.tokenVerdict(upToken, { ...cookie, 'sec-fetch-site': 'cross-site' })).toBe('csrf_rejected');
  });
});
