import { decodeJwt, SignJWT } from 'jose';
import { afterAll, describe, expect, test } from 'vitest';
import { testApp } from '../test/test-app.ts';
import { ACCOUNT_TEST_ENV, Browser, GOOD_PASSWORD, nextAddress, proofOfWork, signedUp, uniqueName } from './test-support.ts';
import { newFamilyId, TokenSigner } from './tokens.ts';

const t = await testApp({ env: ACCOUNT_TEST_ENV });
afterAll(() => t.close());

const sessionShape = {
  statusCode: 2,
  langId: expect.any(String),
  exp: expect.any(Number),
  debugLevel: 0,
  accessToken: expect.any(String),
  token: expect.any(String),
};

describe('POST /api/anonymous-login', () => {
  test('gives a visitor a signed session without a user id, in the anonymous cookie', async () => {
    const browser = new Browser(t);
    const response = await browser.post('/api/anonymous-login', undefined);
    expect(response.body).toMatchObject({ ...sessionShape, userId: null });
    const claims = decodeJwt(response.body.accessToken);
    expect(claims.sub).toBeUndefined();
    expect(claims.vid).toEqual(expect.any(String));
    expect(browser.jar.get('anonymous')).toBe(response.body.accessToken);
    expect(browser.jar.has('authorization')).toBe(false);
    expect(browser.jar.has('refresh')).toBe(false);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
  });
});

describe('POST /api/signup and /api/login', () => {
  test('signs up, sets both cookies and logs in by username or e-mail, ignoring case', async () => {
    const { username, email, userId, session, browser } = await signedUp(t);
    expect(session).toMatchObject({ ...sessionShape, userId });
    expect(browser.jar.get('refresh')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Number(decodeJwt(session.accessToken).exp) - Date.now() / 1000).toBeLessThanOrEqual(15 * 60);

    for (const identifier of [{ username }, { username: username.toUpperCase() }, { email }, { username: email.toUpperCase() }]) {
      const response = await new Browser(t).post('/api/login', { ...identifier, password: GOOD_PASSWORD });
      expect(response.body, JSON.stringify(identifier)).toMatchObject({ ...sessionShape, userId, restored: false });
    }
  });

  test('answers the same invalid_credentials for a wrong password and for an unknown user', async () => {
    const { username } = await signedUp(t);
    const wrong = await new Browser(t).post('/api/login', { username, password: 'not the password' });
    const unknown = await new Browser(t).post('/api/login', { username: 'nobody_here', password: 'not the password' });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ statusCode: -30, error: 'invalid_credentials', message: expect.any(String) });
    }
  });

  test('refuses taken, reserved and malformed names, taken and bad e-mails, weak passwords', async () => {
    const { username, email } = await signedUp(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ username: username.toUpperCase(), email: 'other@example.test', password: GOOD_PASSWORD }, 'username_taken'],
      [{ username: uniqueName(), email: email.toUpperCase(), password: GOOD_PASSWORD }, 'email_taken'],
      [{ username: 'settings', email: 'a1@example.test', password: GOOD_PASSWORD }, 'invalid_username'],
      [{ username: 'a1', email: 'a2@example.test', password: GOOD_PASSWORD }, 'invalid_username'],
      [{ username: 'bad-name', email: 'a3@example.test', password: GOOD_PASSWORD }, 'invalid_username'],
      [{ username: uniqueName(), email: 'not-an-email', password: GOOD_PASSWORD }, 'invalid_email'],
      [{ username: uniqueName(), email: 'a4@example.test', password: 'short' }, 'weak_password'],
      [{ username: uniqueName(), email: 'a5@example.test', password: 'password123' }, 'weak_password'],
      [{ username: uniqueName(), email: 'a6@example.test', password: 'x'.repeat(129) }, 'weak_password'],
    ];
    for (const [body, error] of cases) {
      const response = await new Browser(t).post('/api/signup', { ...body, recaptchaToken: await proofOfWork(t) });
      expect(response.body.error, JSON.stringify(body)).toBe(error);
      expect(response.body.statusCode).toBeLessThan(0);
    }
  });

  test('answers malformed bodies with an envelope, never a 500', async () => {
    const browser = new Browser(t);
    for (const url of ['/api/login', '/api/signup', '/api/check/username', '/api/check/email']) {
      for (const body of [{}, { username: { a: 1 }, email: [1, 2], password: {} }, 'text']) {
        const response = await browser.post(url, body);
        expect(response.status, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(response.body.error).toBe('invalid_input');
      }
      const broken = await t.request({
        method: 'POST',
        url,
        remoteAddress: nextAddress(),
        headers: { 'content-type': 'application/json' },
        payload: '{',
      });
      expect(broken.body.error).toBe('malformed_body');
    }
    expect((await browser.post('/api/login', { password: 'whatever1' })).body.error).toBe('invalid_input');
  });
});

describe('GET /api/refresh', () => {
  test('rotates the refresh token and gives a new access token', async () => {
    const { browser, userId } = await signedUp(t);
    const first = browser.jar.get('refresh');
    const response = await browser.get('/api/refresh');
    expect(response.body).toMatchObject({ ...sessionShape, userId });
    expect(browser.jar.get('refresh')).not.toBe(first);
    expect((await browser.get('/api/refresh')).body.statusCode).toBe(2);
  });

  test('a reused refresh token revokes its whole family: old and new both fail', async () => {
    const { browser } = await signedUp(t);
    const stolen = browser.jar.get('refresh') as string;
    expect((await browser.get('/api/refresh')).body.statusCode).toBe(2);
    const current = browser.jar.get('refresh') as string;

    const thief = new Browser(t);
    thief.jar.set('refresh', stolen);
    expect((await thief.get('/api/refresh')).body.error).toBe('token_invalid');

    const victim = new Browser(t);
    victim.jar.set('refresh', current);
    expect((await victim.get('/api/refresh')).body.error).toBe('token_invalid');
  });

  test('fails without a cookie and with a made-up token', async () => {
    expect((await new Browser(t).get('/api/refresh')).body.error).toBe('token_invalid');
    const browser = new Browser(t);
    browser.jar.set('refresh', 'A'.repeat(43));
    expect((await browser.get('/api/refresh')).body.error).toBe('token_invalid');
  });
});

describe('POST /api/logout', () => {
  test('ends the refresh family, clears the refresh cookie and signs in anonymously', async () => {
    const { browser } = await signedUp(t);
    const refresh = browser.jar.get('refresh') as string;
    const response = await browser.post('/api/logout', undefined);
    expect(response.body).toMatchObject({ ...sessionShape, userId: null });
    expect(browser.jar.has('refresh')).toBe(false);
    expect(browser.jar.has('authorization')).toBe(false);
    expect(decodeJwt(browser.jar.get('anonymous') as string).sub).toBeUndefined();
    const replay = new Browser(t);
    replay.jar.set('refresh', refresh);
    expect((await replay.get('/api/refresh')).body.error).toBe('token_invalid');
  });

  test('the logged-out access token stops at once, as Bearer and as cookie; other devices stay in', async () => {
    const { browser, username, session } = await signedUp(t);
    const other = new Browser(t);
    const otherSession = (await other.post('/api/login', { username, password: GOOD_PASSWORD })).body;
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    expect((await new Browser(t).get('/api/user?ifollow=1', bearer(session.accessToken))).body.statusCode).toBe(2);

    await browser.post('/api/logout', undefined);
    expect((await new Browser(t).get('/api/user?ifollow=1', bearer(session.accessToken))).body.error).toBe('login_required');
    const byCookie = new Browser(t);
    byCookie.jar.set('authorization', session.accessToken);
    expect((await byCookie.get('/api/user?ifollow=1')).body.error).toBe('login_required');

    expect((await new Browser(t).get('/api/user?ifollow=1', bearer(otherSession.accessToken))).body.statusCode).toBe(2);
    // Logging in again within the same second is a new session, untouched by the logout before it.
    const again = (await browser.post('/api/login', { username, password: GOOD_PASSWORD })).body;
    expect((await new Browser(t).get('/api/user?ifollow=1', bearer(again.accessToken))).body.statusCode).toBe(2);
  });

  test('a logout by Bearer alone (no refresh cookie) ends that session too', async () => {
    const { session, browser } = await signedUp(t);
    const headers = { authorization: `Bearer ${session.accessToken}` };
    expect((await new Browser(t).post('/api/logout', undefined, headers)).body.userId).toBeNull();
    expect((await new Browser(t).get('/api/user?ifollow=1', headers)).body.error).toBe('login_required');
    expect((await browser.get('/api/refresh')).body.error).toBe('token_invalid');
  });
});

describe('session resolution', () => {
  test('accepts the access token as a Bearer header or as the authorization cookie', async () => {
    const { session, userId } = await signedUp(t);
    const bearer = await t.get(`/api/user/${userId}`, { authorization: `Bearer ${session.accessToken}` });
    expect(bearer.body.user.myProfile).toBe(true);
    const cookie = await t.request({
      method: 'GET',
      url: `/api/user/${userId}`,
      cookies: { authorization: session.accessToken },
    });
    expect(cookie.body.user.myProfile).toBe(true);
    const forged = await t.get(`/api/user/${userId}`, { authorization: `Bearer ${session.accessToken.slice(0, -2)}xx` });
    expect(forged.body.user.myProfile).toBe(false);
  });

  test('an expired or foreign-signed token means an anonymous visitor, not an error', async () => {
    const { userId } = await signedUp(t);
    const foreign = await new TokenSigner('x'.repeat(40)).sign(
      { userId, sessionId: newFamilyId(), issuedAtMs: Date.now() },
      'en',
    );
    const response = await t.get(`/api/user/${userId}`, { authorization: `Bearer ${foreign.token}` });
    expect(response.body).toMatchObject({ statusCode: 2, user: { myProfile: false } });
    const signer = new TokenSigner(t.container.config.auth.jwtSecret);
    expect((await signer.verify(foreign.token)).ok).toBe(false);
    const own = await signer.sign({ userId, sessionId: newFamilyId(), issuedAtMs: Date.now() }, 'en');
    expect(await signer.verify(own.token)).toMatchObject({ ok: true, claims: { userId } });
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ lang: 'en' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('velvet')
      .setAudience('velvet-api')
      .setSubject(String(userId))
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(t.container.config.auth.jwtSecret));
    expect(await signer.verify(expired)).toEqual({ ok: false, reason: 'token_expired' });
    expect((await t.get(`/api/user/${userId}`, { authorization: `Bearer ${expired}` })).body.user.myProfile).toBe(false);
  });
});

describe('cookies on an https site', () => {
  test('are Secure, httpOnly and SameSite=Lax', async () => {
    const secure = await testApp({ env: { ...ACCOUNT_TEST_ENV, BASE_URL: 'https://velvet.example' } });
    try {
      const visitor = String((await new Browser(secure).post('/api/anonymous-login', undefined)).headers['set-cookie']);
      expect(visitor).toMatch(/anonymous=[^;]+;.*HttpOnly; Secure; SameSite=Lax/);
      const name = uniqueName();
      const body = { username: name, email: `${name}@example.test`, password: GOOD_PASSWORD };
      const signup = await new Browser(secure).post('/api/signup', { ...body, recaptchaToken: await proofOfWork(secure) });
      const user = String(signup.headers['set-cookie']);
      expect(user).toMatch(/authorization=[^;]+;.*HttpOnly; Secure; SameSite=Lax/);
      expect(user).toMatch(/refresh=[^;]+;.*HttpOnly; Secure; SameSite=Lax/);
    } finally {
      await secure.close();
    }
  });
});
