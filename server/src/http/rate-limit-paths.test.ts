import { afterAll, expect, test } from 'vitest';
import { nextAddress } from '../accounts/test-support.ts';
import { testApp } from '../test/test-app.ts';

/**
 * The router decodes a path before matching it (`/%61pi/login` is `/api/login`), so whether a limit
 * applies must follow the route that answers, never the spelling of the raw URL.
 */
const t = await testApp({ env: { LOGIN_RATE_LIMIT: '2', RATE_LIMIT_PER_MINUTE: '3' } });
afterAll(() => t.close());

const credentials = { username: 'nobody-here', password: 'wrong password 1' };

test('a login route spelled with percent-escapes counts against the login limit', async () => {
  const remoteAddress = nextAddress();
  const statuses: number[] = [];
  for (const url of ['/api/login', '/%61pi/login', '/api/%6Cogin', '/%61pi/%6Cogin']) {
    const response = await t.request({ method: 'POST', url, payload: credentials, remoteAddress });
    statuses.push(response.status);
  }
  expect(statuses).toEqual([200, 200, 429, 429]);
});

test('an API route spelled with percent-escapes counts against the global limit', async () => {
  const remoteAddress = nextAddress();
  const statuses: number[] = [];
  for (const url of ['/%61pi/settings', '/api/%73ettings', '/%61pi/settings', '/%61pi/settings', '/api/settings']) {
    statuses.push((await t.request({ method: 'GET', url, remoteAddress })).status);
  }
  expect(statuses).toEqual([200, 200, 200, 429, 429]);
});

test('an upload route spelled with percent-escapes keeps its own limit (60 a minute)', async () => {
  const remoteAddress = nextAddress();
  const statuses: number[] = [];
  for (let i = 0; i < 61; i++) {
    statuses.push((await t.request({ method: 'GET', url: '/%6Dedia-api/mcp-alive', remoteAddress })).status);
  }
  expect(statuses.at(-1)).toBe(429);
});
