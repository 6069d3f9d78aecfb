import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { AgeAssuranceStatus } from '../compliance/age-assurance/age-assurance-schema.ts';
import { createUser, startSession } from '../test/fixtures.ts';
import { type TestApp, testApp } from '../test/test-app.ts';
import { pageAgeAssurance } from './page-age-assurance.ts';
import { inProcessApi } from './web.plugin.ts';

/**
 * What a page shares with its loaders' in-process calls instead of each call working it out again (issue
 * 22): its session (accounts/auth.plugin.ts `pageSessionHeaders`) and its age-assurance status, read
 * without a call at all (page-age-assurance.ts). Probe pages answer what the page got beside what the call
 * got. Shipped age rules (migration 0034): GB needs a provider check.
 */
let t: TestApp;

beforeAll(async () => {
  t = await testApp({
    env: { TRUST_PROXY: 'true', GEOLOCATION_SOURCE: 'header' },
    routes: async (app) => {
      app.get('/age-probe', async (request) => {
        const country = (request.query as { country?: string }).country;
        const { services } = t.container;
        const direct = pageAgeAssurance(request, {
          service: services.ageAssurance.service,
          sessions: services.accounts.sessions,
        });
        const call = inProcessApi(app, request)<AgeAssuranceStatus>(`/api/age-assurance${country ? `?country=${country}` : ''}`);
        return { direct: await direct(country), call: await call };
      });
      app.get('/session-probe', async (request) => ({
        page: request.session,
        me: await inProcessApi(app, request)('/api/user/me'),
      }));
      app.get('/logout-probe', async (request) => {
        const api = inProcessApi(app, request);
        await api('/api/logout', { method: 'POST' });
        return { me: await api('/api/user/me') };
      });
    },
  });
}, 60_000);

afterAll(() => t?.close());

async function probe(query: string, headers: Record<string, string>): Promise<AgeAssuranceStatus> {
  const { body } = await t.request({ method: 'GET', url: `/age-probe${query}`, headers: { accept: 'text/html', ...headers } });
  expect(body.direct).toEqual(body.call);
  return body.direct;
}

test('a page reads the age-assurance status its in-process call would have been answered', async () => {
  const { db } = t.container.database;
  expect(await probe('', { 'cf-ipcountry': 'NL' })).toMatchObject({ requirement: 'click', jurisdiction: 'NL' });
  expect(await probe('', { 'cf-ipcountry': 'GB' })).toMatchObject({ requirement: 'provider', passed: false, jurisdiction: 'GB' });
  expect(await probe('?country=GB', { 'cf-ipcountry': 'NL' })).toMatchObject({ requirement: 'provider', jurisdiction: 'NL' });
  expect(await probe('', { 'cf-ipcountry': 'NL', country: 'GB' })).toMatchObject({ requirement: 'provider' });
  expect(await probe('', { 'cf-ipcountry': 'NL', cookie: 'country=GB' })).toMatchObject({ requirement: 'provider' });

  const user = await createUser(db);
  await db.insertInto('age_checks').values({ user_id: user.id, method: 'test', passed_at: new Date() }).execute();
  const { session, refresh } = await startSession(db, t.container.config.auth.jwtSecret, user.id);
  const gb = { 'cf-ipcountry': 'GB' };
  expect(await probe('', { ...gb, cookie: `authorization=${session.accessToken}` })).toMatchObject({ passed: true });
  // Only the refresh cookie: the page renews the session before its loaders run, and both see the account.
  expect(await probe('', { ...gb, cookie: `refresh=${refresh?.token}` })).toMatchObject({ passed: true });
  // A Bearer token wins over the cookies in the call, so it does in the page's status too.
  const other = await startSession(db, t.container.config.auth.jwtSecret, (await createUser(db)).id);
  const bearer = { authorization: `Bearer ${other.session.accessToken}` };
  expect(await probe('', { ...gb, ...bearer, cookie: `authorization=${session.accessToken}` })).toMatchObject({ passed: false });
});

test("a page's in-process calls take its session instead of resolving their own, until a write, and only from within", async () => {
  const { db } = t.container.database;
  const { jwtSecret } = t.container.config.auth;
  const user = await createUser(db);
  const { session, refresh } = await startSession(db, jwtSecret, user.id);
  const resolve = vi.spyOn(t.container.services.accounts.sessions, 'resolve');
  const probe = async (headers: Record<string, string>) => {
    resolve.mockClear();
    const { body } = await t.request({ method: 'GET', url: '/session-probe', headers: { accept: 'text/html', ...headers } });
    return { ...body, resolved: resolve.mock.calls.length };
  };

  const signedIn = await probe({ cookie: `authorization=${session.accessToken}` });
  expect(signedIn.page).toMatchObject({ userId: user.id, anonymous: false });
  expect(signedIn.me.user).toMatchObject({ id: user.id, myProfile: true });
  expect(signedIn.resolved).toBe(1);
  // Renewed from the refresh cookie before the loaders ran: the calls present the renewed token.
  const renewed = await probe({ cookie: `refresh=${refresh?.token}` });
  expect(renewed.me.user).toMatchObject({ id: user.id });
  expect(renewed.resolved).toBe(2);
  // With a Bearer header the page shares nothing: the call resolves the header's token itself.
  const other = await createUser(db);
  const bearer = `Bearer ${(await startSession(db, jwtSecret, other.id)).session.accessToken}`;
  const withBearer = await probe({ authorization: bearer, cookie: `authorization=${session.accessToken}` });
  expect(withBearer.me.user).toMatchObject({ id: other.id });
  expect(withBearer.resolved).toBe(2);
  resolve.mockRestore();
  // After a write the calls resolve their own session: a loader that logged out reads no one.
  const loggedOut = await t.request({
    method: 'GET',
    url: '/logout-probe',
    headers: { cookie: `authorization=${session.accessToken}` },
  });
  expect(loggedOut.body.me.error).toBe('login_required');

  // From outside, a page session header is no one's: the request stays anonymous.
  const forged = Buffer.from(JSON.stringify({ token: null, session: { userId: user.id, anonymous: false, debugLevel: 0 } }));
  const outside = await t.request({
    method: 'GET',
    url: '/api/user/me',
    headers: { 'x-velvet-page-session': forged.toString('base64url') },
  });
  expect(outside.body.error).toBe('login_required');
});
