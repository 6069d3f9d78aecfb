import { decodeJwt } from 'jose';
import { afterAll, describe, expect, test } from 'vitest';
import { testApp } from '../test/test-app.ts';
import { ACCOUNT_TEST_ENV, applySetCookies, Browser, proofOfWork, signedUp, uniqueName } from './test-support.ts';

/** A stand-in page route: what the web app's catch-all is to the real server. */
const t = await testApp({
  env: ACCOUNT_TEST_ENV,
  routes: async (app) => {
    app.get('/some-page', async (request) => ({ userId: request.session.userId ?? null, cookie: request.headers.cookie ?? '' }));
  },
});
afterAll(() => t.close());

const page = (jar: Map<string, string>) =>
  t.request({ method: 'GET', url: '/some-page', headers: { accept: 'text/html' }, cookies: Object.fromEntries(jar) });

describe('session start on page requests (spec §4)', () => {
  test('a first visit gets an anonymous token in the anonymous cookie', async () => {
    const jar = new Map<string, string>();
    const response = await page(jar);
    applySetCookies(jar, response.headers['set-cookie']);
    const claims = decodeJwt(jar.get('anonymous') as string);
    expect(claims.sub).toBeUndefined();
    expect(claims.vid).toEqual(expect.any(String));
    expect(jar.has('authorization')).toBe(false);
    // Later pages keep it.
    expect((await page(jar)).headers['set-cookie']).toBeUndefined();
  });

  test('an expired access token with a refresh cookie is renewed before the page renders', async () => {
    const { browser, userId } = await signedUp(t);
    const jar = new Map(browser.jar);
    jar.delete('authorization');
    const response = await page(jar);
    expect(response.body.userId).toBe(userId);
    expect(response.body.cookie).toContain('authorization=');
    applySetCookies(jar, response.headers['set-cookie']);
    expect(decodeJwt(jar.get('authorization') as string).sub).toBe(String(userId));
    expect(jar.get('refresh')).not.toBe(browser.jar.get('refresh'));
  });

  test("a visitor's anonymous cookie left beside a refresh cookie does not stop the renewal", async () => {
    const visitor = new Browser(t);
    await visitor.post('/api/anonymous-login');
    const { browser, userId } = await signedUp(t);
    const jar = new Map([
      ['anonymous', visitor.jar.get('anonymous') as string],
      ['refresh', browser.jar.get('refresh') as string],
    ]);
    const response = await page(jar);
    expect(response.body.userId).toBe(userId);
    expect(response.body.cookie).not.toContain('anonymous=');
    applySetCookies(jar, response.headers['set-cookie']);
    expect(decodeJwt(jar.get('authorization') as string).sub).toBe(String(userId));
    expect(jar.has('anonymous')).toBe(false);
  });

  test("logging in or signing up clears the visitor's anonymous cookie", async () => {
    const { browser, username, password } = await signedUp(t);
    await browser.post('/api/logout');
    expect(browser.jar.has('anonymous')).toBe(true);
    expect((await browser.post('/api/login', { username, password })).body.statusCode).toBe(2);
    expect([...browser.jar.keys()].sort()).toEqual(['authorization', 'refresh']);

    const visitor = new Browser(t);
    await visitor.post('/api/anonymous-login');
    const signUp = await visitor.post('/api/signup', {
      username: uniqueName(),
      email: `${uniqueName()}@example.test`,
      password,
      recaptchaToken: await proofOfWork(t),
    });
    expect(signUp.body.statusCode).toBe(2);
    expect(visitor.jar.has('anonymous')).toBe(false);
  });

  test('a dead refresh cookie falls back to an anonymous session and is cleared', async () => {
    const jar = new Map([['refresh', 'A'.repeat(43)]]);
    const response = await page(jar);
    expect(response.body.userId).toBeNull();
    applySetCookies(jar, response.headers['set-cookie']);
    expect(jar.has('refresh')).toBe(false);
    expect(jar.has('anonymous')).toBe(true);
  });

  test('API calls and non-page requests are left alone', async () => {
    const response = await new Browser(t).get('/api/settings');
    expect(response.headers['set-cookie']).toBeUndefined();
    const data = await t.request({ method: 'GET', url: '/some-page', headers: { accept: 'image/webp' } });
    expect(data.headers['set-cookie']).toBeUndefined();
  });
});
