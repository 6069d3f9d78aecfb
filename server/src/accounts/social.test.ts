import { decodeJwt } from 'jose';
import { afterAll, describe, expect, test } from 'vitest';
import { testApp } from '../test/test-app.ts';
import { LoginNonces } from './login-nonces.ts';
import { startLocalIssuer, TEST_CLIENT_ID } from './test-oidc-issuer.ts';
import { ACCOUNT_TEST_ENV, Browser, GOOD_PASSWORD, signedUp, uniqueName } from './test-support.ts';

const issuer = await startLocalIssuer();
const t = await testApp({ env: { ...ACCOUNT_TEST_ENV, ...issuer.env } });
afterAll(async () => {
  await t.close();
  await issuer.close();
});
const { db } = t.container.database;

/** Asks for a login nonce as the page does; the browser keeps its cookie. */
async function nonceFor(browser: Browser): Promise<string> {
  const answer = await browser.post('/api/login-nonce');
  expect(answer.body).toMatchObject({ statusCode: 2, nonce: expect.any(String) });
  return answer.body.nonce;
}

let subjects = 0;
const newSubject = () => `google-subject-${++subjects}-${Date.now()}`;

describe('GET /api/login-providers', () => {
  test('names the configured providers and their public client ids', async () => {
    expect((await t.get('/api/login-providers')).body).toEqual({
      statusCode: 2,
      google: { clientId: TEST_CLIENT_ID },
      apple: { clientId: TEST_CLIENT_ID, redirectUri: `${t.container.config.http.baseUrl}/login` },
    });
  });

  test("lets pages load the providers' sign-in scripts and popups", async () => {
    const headers = (await t.get('/api/login-providers')).headers;
    expect(headers['content-security-policy']).toMatch(
      /script-src 'self' 'nonce-[\w+/=]+' https:\/\/accounts\.google\.com\/gsi\/client https:\/\/appleid\.cdn-apple\.com;/,
    );
    expect(headers['content-security-policy']).toContain(
      "connect-src 'self' ws://localhost:3000 https://accounts.google.com/gsi/;",
    );
    expect(headers['content-security-policy']).toContain(
      "frame-src 'self' https://accounts.google.com/gsi/ https://appleid.apple.com",
    );
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });
});

describe('POST /api/login-google', () => {
  test('a new Google identity gets an account and is logged in (statusCode 2); the next login finds it again', async () => {
    const browser = new Browser(t);
    const sub = newSubject();
    const email = `${uniqueName('gmail')}@gmail.test`;
    const token = await issuer.idToken({ sub, email, name: 'Gia Rossi', nonce: await nonceFor(browser) });
    const first = await browser.post('/api/login-google', { token });
    expect(first.body).toMatchObject({
      statusCode: 2,
      userId: expect.any(Number),
      created: true,
      accessToken: expect.any(String),
    });
    expect(browser.jar.get('refresh')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = (await browser.get('/api/user/me')).body.user;
    expect(me).toMatchObject({ email, emailVerified: true, hasPassword: false, displayName: 'Gia Rossi' });
    expect(me.connectedAccounts).toEqual({ google: true, apple: false });
    expect(me.username).toMatch(/^gmail/);

    const again = new Browser(t);
    const second = await again.post('/api/login-google', {
      token: await issuer.idToken({ sub, email, nonce: await nonceFor(again) }),
    });
    expect(second.body).toMatchObject({ statusCode: 2, userId: first.body.userId, created: false });
  });

  test('refuses tokens with a wrong audience, issuer, signature, expiry or nonce, and replays', async () => {
    const browser = new Browser(t);
    const sub = newSubject();
    /** A token made after the browser got a nonce, but not carrying it. */
    const withoutItsNonce = async (make: () => Promise<string> | string) => {
      await nonceFor(browser);
      return make();
    };
    const cases: [string, () => Promise<string>][] = [
      ['audience', async () => issuer.idToken({ sub, aud: 'someone-else', nonce: await nonceFor(browser) })],
      ['issuer', async () => issuer.idToken({ sub, iss: 'https://evil.example', nonce: await nonceFor(browser) })],
      ['signature', async () => issuer.idToken({ sub, nonce: await nonceFor(browser) }, { key: 'foreign' })],
      ['expiry', async () => issuer.idToken({ sub, nonce: await nonceFor(browser) }, { expiresIn: -120 })],
      ['nonce', () => withoutItsNonce(() => issuer.idToken({ sub, nonce: 'not-the-nonce' }))],
      ['no nonce', () => withoutItsNonce(() => issuer.idToken({ sub }))],
      ['garbage', () => withoutItsNonce(() => 'x'.repeat(40))],
    ];
    for (const [name, make] of cases) {
      const response = await browser.post('/api/login-google', { token: await make() });
      expect(response.body, name).toMatchObject({ statusCode: -39, error: 'social_login_failed' });
    }
    // A nonce is good for one token: the same token cannot log in twice.
    const nonce = await nonceFor(browser);
    const token = await issuer.idToken({ sub, nonce });
    expect((await browser.post('/api/login-google', { token })).body.statusCode).toBe(2);
    expect((await browser.post('/api/login-google', { token })).body.error).toBe('login_nonce_invalid');
  });

  test('a nonce the server did not issue, an expired one and a spent one are refused, whatever cookie comes along', async () => {
    const sub = newSubject();
    /** A caller who sets the nonce cookie by hand, as a script replaying a captured token would. */
    const withCookie = (nonce: string) => {
      const caller = new Browser(t);
      caller.jar.set('login_nonce', nonce);
      return caller;
    };
    const refused = async (caller: Browser, nonce: string) =>
      (await caller.post('/api/login-google', { token: await issuer.idToken({ sub, nonce }) })).body;

    expect(await refused(new Browser(t), 'anything')).toMatchObject({ statusCode: -175, error: 'login_nonce_invalid' });
    expect(await refused(withCookie('made-up-nonce'), 'made-up-nonce')).toMatchObject({ error: 'login_nonce_invalid' });
    const genuine = await nonceFor(new Browser(t));
    const [expiry, random, signature] = genuine.split('.');
    const longer = `${Number(expiry) + 3600}.${random}.${signature}`;
    expect(await refused(withCookie(longer), longer)).toMatchObject({ error: 'login_nonce_invalid' });

    const nonces = new LoginNonces(db, t.container.config.auth.jwtSecret);
    const stale = nonces.issue(Date.now() - 11 * 60_000);
    expect(await refused(withCookie(stale), stale)).toMatchObject({ statusCode: -176, error: 'login_nonce_expired' });

    const victim = new Browser(t);
    const nonce = await nonceFor(victim);
    const token = await issuer.idToken({ sub, nonce });
    expect((await victim.post('/api/login-google', { token })).body.statusCode).toBe(2);
    const replay = await withCookie(nonce).post('/api/login-google', { token });
    expect(replay.body).toMatchObject({ statusCode: -177, error: 'login_nonce_used' });
    expect(replay.headers['set-cookie']).not.toMatch(/refresh=/);
  });

  test('an e-mail that already has an account is not taken over: the caller gets the data back (statusCode 1)', async () => {
    const { email, userId } = await signedUp(t);
    const browser = new Browser(t);
    const token = await issuer.idToken({ sub: newSubject(), email, nonce: await nonceFor(browser) });
    const response = await browser.post('/api/login-google', { token });
    expect(response.body).toEqual({ statusCode: 1, linkRequired: true, email });
    expect(browser.jar.has('refresh')).toBe(false);
    const linked = await db.selectFrom('external_identities').select('user_id').where('user_id', '=', userId).execute();
    expect(linked).toEqual([]);
  });

  test('a banned user gets -3; a user waiting for deletion is restored', async () => {
    const browser = new Browser(t);
    const sub = newSubject();
    const first = await browser.post('/api/login-google', {
      token: await issuer.idToken({ sub, nonce: await nonceFor(browser) }),
    });
    const userId = first.body.userId as number;
    await db.updateTable('users').set({ delete_requested_at: new Date() }).where('id', '=', userId).execute();
    const restored = await browser.post('/api/login-google', {
      token: await issuer.idToken({ sub, nonce: await nonceFor(browser) }),
    });
    expect(restored.body).toMatchObject({ statusCode: 2, restored: true });
    await db.updateTable('users').set({ banned_at: new Date() }).where('id', '=', userId).execute();
    const banned = await browser.post('/api/login-google', {
      token: await issuer.idToken({ sub, nonce: await nonceFor(browser) }),
    });
    expect(banned.body).toMatchObject({ statusCode: -3, error: 'user_banned' });
  });

  test('malformed bodies are invalid_input, never a 500', async () => {
    const browser = new Browser(t);
    for (const body of [{}, { token: 5 }, { token: 'short' }, 'text']) {
      for (const url of ['/api/login-google', '/api/login-apple', '/api/apple-exchange-code']) {
        const response = await browser.post(url, body);
        expect(response.status, `${url} ${JSON.stringify(body)}`).toBe(400);
        expect(response.body.error).toBe('invalid_input');
      }
    }
  });
});

describe('connecting and disconnecting', () => {
  test('connects Google to a password account (statusCode 1), refuses an identity owned by someone else, disconnects', async () => {
    const { browser, username } = await signedUp(t);
    const sub = newSubject();
    const connect = await browser.post('/api/login-google-connect', {
      token: await issuer.idToken({ sub, nonce: await nonceFor(browser) }),
    });
    expect(connect.body).toEqual({ statusCode: 1, connected: true });
    expect((await browser.get('/api/user/me')).body.user.connectedAccounts).toEqual({ google: true, apple: false });

    const viaGoogle = new Browser(t);
    const login = await viaGoogle.post('/api/login-google', {
      token: await issuer.idToken({ sub, nonce: await nonceFor(viaGoogle) }),
    });
    expect((await viaGoogle.get('/api/user/me')).body.user.username).toBe(username);
    expect(login.body.created).toBe(false);

    const other = (await signedUp(t)).browser;
    const taken = await other.post('/api/login-google-connect', {
      token: await issuer.idToken({ sub, nonce: await nonceFor(other) }),
    });
    expect(taken.body).toMatchObject({ statusCode: -40, error: 'social_account_in_use' });

    expect((await browser.call('DELETE', '/api/login-google-connect')).body).toEqual({ statusCode: 1, connected: false });
    expect((await browser.get('/api/user/me')).body.user.connectedAccounts.google).toBe(false);
  });

  test('an account without a password cannot remove its only login; after setting a password it can', async () => {
    const browser = new Browser(t);
    await browser.post('/api/login-google', {
      token: await issuer.idToken({ sub: newSubject(), nonce: await nonceFor(browser) }),
    });
    expect((await browser.call('DELETE', '/api/login-google-connect')).body).toMatchObject({
      statusCode: -42,
      error: 'last_login_method',
    });
    expect((await browser.call('PUT', '/api/user/me/password', { password: GOOD_PASSWORD })).body.statusCode).toBe(2);
    expect((await browser.call('DELETE', '/api/login-google-connect')).body.statusCode).toBe(1);
  });

  test('connecting spends the nonce too: a replayed token and nonce are refused', async () => {
    const { browser } = await signedUp(t);
    const nonce = await nonceFor(browser);
    const token = await issuer.idToken({ sub: newSubject(), nonce });
    expect((await browser.post('/api/login-google-connect', { token })).body.statusCode).toBe(1);
    browser.jar.set('login_nonce', nonce);
    expect((await browser.post('/api/login-google-connect', { token })).body).toMatchObject({
      statusCode: -177,
      error: 'login_nonce_used',
    });
  });

  test('needs a logged-in user', async () => {
    const browser = new Browser(t);
    const token = await issuer.idToken({ sub: newSubject(), nonce: await nonceFor(browser) });
    expect((await browser.post('/api/login-google-connect', { token })).body.error).toBe('login_required');
    expect((await browser.call('DELETE', '/api/login-apple-connect')).body.error).toBe('login_required');
  });
});

describe('Sign in with Apple', () => {
  test('exchanges a code with a client secret signed by the team key, then logs in with the id token', async () => {
    const browser = new Browser(t);
    const sub = `apple-${newSubject()}`;
    const nonce = await nonceFor(browser);
    issuer.codes.set('good-code', { sub, email: 'relay@privaterelay.test', email_verified: 'true', nonce });
    const exchanged = await browser.post('/api/apple-exchange-code', { code: 'good-code' });
    expect(exchanged.body).toEqual({ statusCode: 2, IdToken: expect.any(String) });
    const secret = decodeJwt(issuer.clientSecrets.at(-1) as string);
    expect(secret).toMatchObject({ iss: 'TEAM123', sub: TEST_CLIENT_ID, aud: issuer.url });

    const login = await browser.post('/api/login-apple', { token: exchanged.body.IdToken });
    expect(login.body).toMatchObject({ statusCode: 2, created: true });
    const me = (await browser.get('/api/user/me')).body.user;
    expect(me).toMatchObject({ emailVerified: true, connectedAccounts: { google: false, apple: true } });
  });

  test('an unknown code answers social_login_failed', async () => {
    const response = await new Browser(t).post('/api/apple-exchange-code', { code: 'unknown-code' });
    expect(response.body).toMatchObject({ statusCode: -39, error: 'social_login_failed' });
  });
});

describe('a site without providers', () => {
  test('offers none and answers social_not_configured', async () => {
    const plain = await testApp({ env: ACCOUNT_TEST_ENV });
    try {
      const providers = await plain.get('/api/login-providers');
      expect(providers.body).toEqual({ statusCode: 2, google: null, apple: null });
      expect(providers.headers['content-security-policy']).not.toContain('google');
      expect(providers.headers['cross-origin-opener-policy']).toBe('same-origin');
      const browser = new Browser(plain);
      await browser.post('/api/login-nonce');
      const token = await issuer.idToken({ sub: newSubject(), nonce: 'x' });
      expect((await browser.post('/api/login-google', { token })).body.error).toBe('social_not_configured');
      expect((await browser.post('/api/apple-exchange-code', { code: 'abc' })).body.error).toBe('social_not_configured');
    } finally {
      await plain.close();
    }
  });
});
