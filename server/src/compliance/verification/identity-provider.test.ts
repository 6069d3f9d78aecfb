import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { actingAs, createUser } from '../../test/fixtures.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import type { IdentityProvider, ProviderDecision } from './identity-provider.ts';
import { identityRows } from './verification-test-support.ts';

/**
 * A vendor as the interface expects one: start sends the creator to the vendor's page with a session
 * reference; the vendor later posts its decision, signed with a shared secret over the raw body.
 */
const VENDOR_SECRET = 'test-vendor-shared-secret';
const sign = (body: string) => createHmac('sha256', VENDOR_SECRET).update(body).digest('hex');
const fakeVendor: IdentityProvider = {
  name: 'fakevendor',
  async start(account) {
    const reference = randomUUID();
    return {
      kind: 'redirect',
      reference,
      url: `https://vendor.example/verify/${reference}?return=${encodeURIComponent(account.returnUrl)}`,
    };
  },
  async receiveCallback({ headers, body }) {
    const given = Buffer.from(headers['x-vendor-signature'] ?? '', 'hex');
    const expected = Buffer.from(sign(body.toString('utf8')), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('identity_callback_rejected');
    return JSON.parse(body.toString('utf8')) as ProviderDecision;
  },
};

let t: TestApp;
let rows: ReturnType<typeof identityRows>;
beforeAll(async () => {
  t = await testApp({ identityProviders: [fakeVendor] });
  rows = identityRows(t);
}, 60_000);
afterAll(() => t?.close());

const callback = (decision: unknown, signature?: string) => {
  const body = JSON.stringify(decision);
  return t.request({
    method: 'POST',
    url: '/api/identity/callback/fakevendor',
    headers: { 'content-type': 'application/json', 'x-vendor-signature': signature ?? sign(body) },
    payload: body,
  });
};

async function startedSession() {
  const user = await createUser(t.container.database.db);
  const api = await actingAs(t, user.id);
  const started = await api.post('/api/identity/start', {});
  expect(started).toMatchObject({
    statusCode: 2,
    next: 'redirect',
    url: expect.stringMatching(/^https:\/\/vendor\.example\/verify\//),
  });
  const reference = new URL(started.url).pathname.split('/').pop()!;
  return { user, api, reference };
}

test("a vendor's signed approval verifies the account; a bad signature or a replay changes nothing", async () => {
  const { user, api, reference } = await startedSession();
  expect(await api.get('/api/identity')).toMatchObject({ submission: { state: 'started' } });
  expect(await api.post('/api/identity/start', {})).toMatchObject({ error: 'identity_pending' });
  const approval = {
    reference,
    outcome: 'approved',
    identity: { legalName: 'Vera Vendor', dateOfBirth: '1992-02-29', aliases: ['V'] },
  };

  const forged = await callback(approval, sign('something else'));
  expect(forged.status).toBe(401);
  expect(forged.body).toMatchObject({ error: 'identity_callback_rejected' });
  expect(await rows.type(user.id)).toBe(1);

  expect((await callback(approval)).body).toEqual({ statusCode: 1 });
  expect(await rows.type(user.id)).toBe(3);
  expect(await rows.performer(user.id)).toMatchObject({ legal_name: 'Vera Vendor', provider: 'fakevendor', reviewer_id: null });
  expect(await rows.notices(user.id)).toEqual([{ notice: 'identity-approved' }]);
  expect((await callback(approval)).body).toEqual({ statusCode: 1 });
  expect(await rows.submissions(user.id)).toHaveLength(1);
});

test("a vendor's rejection, or an approval of someone under 18, leaves the account unverified and says why", async () => {
  const rejected = await startedSession();
  expect((await callback({ reference: rejected.reference, outcome: 'rejected', reason: 'document expired' })).body).toEqual({
    statusCode: 1,
  });
  expect(await rejected.api.get('/api/identity')).toMatchObject({
    submission: { state: 'rejected', reason: 'document expired' },
  });

  const minor = await startedSession();
  const today = new Date().toISOString().slice(0, 10);
  const approval = {
    reference: minor.reference,
    outcome: 'approved',
    identity: { legalName: 'Too Young', dateOfBirth: today, aliases: [] },
  };
  expect((await callback(approval)).body).toEqual({ statusCode: 1 });
  expect(await minor.api.get('/api/identity')).toMatchObject({
    verified: false,
    submission: { state: 'rejected', reason: 'underage' },
  });
  expect(await rows.type(minor.user.id)).toBe(1);
});

test('the manual provider takes no callbacks', async () => {
  const answer = await t.request({
    method: 'POST',
    url: '/api/identity/callback/manual',
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  });
  expect(answer.body).toMatchObject({ error: 'not_found' });
});
