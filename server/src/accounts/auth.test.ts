import { afterAll, describe, expect, test } from 'vitest';
import { verifyCreator } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { ACCOUNT_TEST_ENV, Browser, nextAddress, signedUp } from './test-support.ts';

const t = await testApp({
  env: ACCOUNT_TEST_ENV,
  routes: async (app) => {
    app.post('/api/test/whoami', { preHandler: app.requireUser }, async (request) => ({ statusCode: 2, ...request.session }));
  },
});
afterAll(() => t.close());

const origin = new URL(t.container.config.http.baseUrl).origin;

describe('requireUser', () => {
  test('answers login_required to visitors and lets users through', async () => {
    expect((await new Browser(t).post('/api/test/whoami')).body.error).toBe('login_required');
    const anonymous = new Browser(t);
    await anonymous.post('/api/anonymous-login', undefined);
    expect((await anonymous.post('/api/test/whoami')).body.error).toBe('login_required');
    const { browser, userId } = await signedUp(t);
    expect((await browser.post('/api/test/whoami')).body).toMatchObject({
      statusCode: 2,
      userId,
      anonymous: false,
      debugLevel: 0,
    });
  });
});

describe('CSRF defence for cookie-authenticated writes', () => {
  test('rejects a cross-site Sec-Fetch-Site or a foreign Origin', async () => {
    const { browser } = await signedUp(t);
    const cases: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const headers of cases) {
      const response = await browser.post('/api/test/whoami', {}, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.body).toMatchObject({ statusCode: -15, error: 'csrf_rejected' });
    }
    const logout = await browser.post('/api/logout', undefined, { origin: 'https://evil.example' });
    expect(logout.body.error).toBe('csrf_rejected');
    expect(browser.jar.has('refresh')).toBe(true);
  });

  test('accepts same-origin requests, our public origin and the request host', async () => {
    const { browser } = await signedUp(t);
    const cases: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin },
      { origin: 'http://localhost:80' },
      {},
    ];
    for (const headers of cases) {
      expect((await browser.post('/api/test/whoami', {}, headers)).body.statusCode, JSON.stringify(headers)).toBe(2);
    }
  });

  test('state-changing GETs (refresh, upload token, verification resend) are refused cross-site and spend nothing', async () => {
    const { browser, userId } = await signedUp(t);
    // A verified creator, so the same-origin upload token below is given (UPLOADS_REQUIRE_VERIFICATION).
    await verifyCreator(t.container.database.db, userId);
    const refresh = browser.jar.get('refresh');
    for (const site of ['cross-site', 'same-site']) {
      // A resend replaces the e-mailed link: a foreign page must not be able to void it.
      for (const path of ['/api/refresh', '/api/media/uptoken', '/api/action/resend/verification']) {
        const response = await browser.get(path, { 'sec-fetch-site': site });
        expect(response.status, `${path} ${site}`).toBe(403);
        expect(response.body).toMatchObject({ statusCode: -15, error: 'csrf_rejected' });
      }
    }
    expect(browser.jar.get('refresh')).toBe(refresh);
    expect((await browser.get('/api/media/uptoken', { 'sec-fetch-site': 'same-origin' })).body.statusCode).toBe(2);
    expect((await browser.get('/api/refresh', { 'sec-fetch-site': 'same-origin' })).body.statusCode).toBe(2);
    expect(browser.jar.get('refresh')).not.toBe(refresh);
  });

  test('does not apply to Bearer requests, which a foreign page cannot forge', async () => {
    const { session } = await signedUp(t);
    const response = await t.post(
      '/api/test/whoami',
      {},
      { authorization: `Bearer ${session.accessToken}`, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(response.body.statusCode).toBe(2);
  });
});

describe('rate limits', () => {
  test('login allows 25 tries per 5 minutes per address, then 429 with Retry-After', async () => {
    const address = nextAddress();
    for (let attempt = 0; attempt < 25; attempt += 1) {
      const response = await t.request({
        method: 'POST',
        url: '/api/login',
        remoteAddress: address,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.status).toBe(400);
    }
    const limited = await t.request({
      method: 'POST',
      url: '/api/login',
      remoteAddress: address,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ statusCode: -20, error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('check endpoints allow 60 per minute', async () => {
    const browser = new Browser(t);
    for (let attempt = 0; attempt < 60; attempt += 1) {
      expect((await browser.post('/api/check/email', { email: `x${attempt}@example.test` })).status).toBe(200);
    }
    const limited = await browser.post('/api/check/email', { email: 'y@example.test' });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  test('an account takes at most 10 failed logins per 15 minutes, from any number of addresses', async () => {
    const { username, password } = await signedUp(t);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await new Browser(t).post('/api/login', { username, password: 'wrong password!' })).body.error).toBe(
        'invalid_credentials',
      );
    }
    const limited = await new Browser(t).post('/api/login', { username, password });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
