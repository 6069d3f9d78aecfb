import { afterAll, describe, expect, test } from 'vitest';
import { testApp } from '../test/test-app.ts';
import { ACCOUNT_TEST_ENV, Browser, GOOD_PASSWORD, linkToken, outbox, proofOfWork, signedUp } from './test-support.ts';
import { tokenDigest } from './tokens.ts';

const t = await testApp({ env: ACCOUNT_TEST_ENV });
afterAll(() => t.close());
const { db } = t.container.database;
const baseUrl = t.container.config.http.baseUrl;

const verifiedAt = async (userId: number) =>
  (await db.selectFrom('users').select('email_verified_at').where('id', '=', userId).executeTakeFirstOrThrow()).email_verified_at;

describe('e-mail verification', () => {
  test('sign-up sends a link to /action/{token}; POST /api/action/jwt confirms the address once', async () => {
    const { email, userId, username } = await signedUp(t);
    const message = outbox(t).find((entry) => entry.to === email);
    expect(message).toMatchObject({ subject: expect.stringContaining('Confirm'), from: t.container.config.mail.from });
    expect(message?.text).toContain(`${baseUrl}/action/`);
    expect(message?.text).toContain(username);
    const token = linkToken(t, email, '/action/');
    const stored = await db.selectFrom('action_tokens').select(['purpose', 'token_hash']).where('user_id', '=', userId).execute();
    expect(stored).toEqual([{ purpose: 'verify-email', token_hash: tokenDigest(token) }]);

    expect(await verifiedAt(userId)).toBeNull();
    const browser = new Browser(t);
    expect((await browser.post('/api/action/jwt', { hash: token })).body).toMatchObject({ statusCode: 1, emailVerified: true });
    expect(await verifiedAt(userId)).toBeInstanceOf(Date);
    expect((await browser.post('/api/action/jwt', { hash: token })).body.error).toBe('token_invalid');
  });

  test('refuses unknown and malformed hashes', async () => {
    const browser = new Browser(t);
    expect((await browser.post('/api/action/jwt', { hash: 'A'.repeat(43) })).body.error).toBe('token_invalid');
    for (const body of [{}, { hash: '../../etc' }, { hash: 5 }]) {
      expect((await browser.post('/api/action/jwt', body)).body.error).toBe('invalid_input');
    }
  });

  test('GET /api/action/resend/verification sends a new link that replaces the old one', async () => {
    const { browser, email } = await signedUp(t);
    const first = linkToken(t, email, '/action/');
    expect((await browser.get('/api/action/resend/verification')).body).toMatchObject({ statusCode: 1, alreadyVerified: false });
    const second = linkToken(t, email, '/action/');
    expect(second).not.toBe(first);
    expect((await browser.post('/api/action/jwt', { hash: first })).body.error).toBe('token_invalid');
    expect((await browser.post('/api/action/jwt', { hash: second })).body.statusCode).toBe(1);
    expect((await browser.get('/api/action/resend/verification')).body).toMatchObject({ statusCode: 1, alreadyVerified: true });
    expect((await new Browser(t).get('/api/action/resend/verification')).body.error).toBe('login_required');
  });
});

describe('password reset', () => {
  test('answers success for unknown addresses too, and sends nothing', async () => {
    const before = outbox(t).length;
    const response = await new Browser(t).post('/api/reset/', {
      email: 'nobody@example.test',
      recaptchaToken: await proofOfWork(t),
    });
    expect(response.body).toEqual({ statusCode: 1 });
    expect(outbox(t).length).toBe(before);
  });

  test('a link sets a new password once, logs every device out, and the old password stops working', async () => {
    const { browser, email, username, password } = await signedUp(t);
    const other = new Browser(t);
    await other.post('/api/login', { username, password });
    expect(
      (await new Browser(t).post('/api/reset/', { email: email.toUpperCase(), recaptchaToken: await proofOfWork(t) })).body,
    ).toEqual({ statusCode: 1 });
    const token = linkToken(t, email, '/reset-password/');

    expect((await new Browser(t).get(`/api/pass-change/${token}`)).body).toEqual({ statusCode: 1, valid: true, username });
    const weak = await new Browser(t).post(`/api/pass-change/${token}`, { password: 'qwerty123' });
    expect(weak.body).toMatchObject({ error: 'weak_password', details: [{ field: 'password', problem: 'too_common' }] });

    const newPassword = 'A brand new passphrase 7';
    expect((await new Browser(t).post(`/api/pass-change/${token}`, { password: newPassword })).body).toEqual({ statusCode: 1 });
    expect((await new Browser(t).get(`/api/pass-change/${token}`)).body.error).toBe('token_invalid');
    expect((await new Browser(t).post(`/api/pass-change/${token}`, { password: 'Yet another phrase 8' })).body.error).toBe(
      'token_invalid',
    );

    expect((await browser.get('/api/refresh')).body.error).toBe('token_invalid');
    expect((await other.get('/api/refresh')).body.error).toBe('token_invalid');
    expect((await new Browser(t).post('/api/login', { username, password })).body.error).toBe('invalid_credentials');
    expect((await new Browser(t).post('/api/login', { username, password: newPassword })).body.statusCode).toBe(2);
  });

  test('a reset ends every access token at once; a login right after it works', async () => {
    const { email, username, session } = await signedUp(t);
    const other = (await new Browser(t).post('/api/login', { username, password: GOOD_PASSWORD })).body;
    const asBearer = (token: string) => new Browser(t).get('/api/user?ifollow=1', { authorization: `Bearer ${token}` });
    expect((await asBearer(other.accessToken)).body.statusCode).toBe(2);
    await new Browser(t).post('/api/reset/', { email, recaptchaToken: await proofOfWork(t) });
    const newPassword = 'A reset passphrase 9';
    const token = linkToken(t, email, '/reset-password/');
    expect((await new Browser(t).post(`/api/pass-change/${token}`, { password: newPassword })).body).toEqual({ statusCode: 1 });

    expect((await asBearer(other.accessToken)).body.error).toBe('login_required');
    expect((await asBearer(session.accessToken)).body.error).toBe('login_required');
    const fresh = (await new Browser(t).post('/api/login', { username, password: newPassword })).body;
    expect((await asBearer(fresh.accessToken)).body.statusCode).toBe(2);
  });

  test('an expired link answers token_expired', async () => {
    const { email, userId } = await signedUp(t);
    await new Browser(t).post('/api/reset/', { email, recaptchaToken: await proofOfWork(t) });
    const token = linkToken(t, email, '/reset-password/');
    await db
      .updateTable('action_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userId)
      .where('purpose', '=', 'reset-password')
      .execute();
    expect((await new Browser(t).get(`/api/pass-change/${token}`)).body).toMatchObject({
      statusCode: -37,
      error: 'token_expired',
    });
    expect((await new Browser(t).post(`/api/pass-change/${token}`, { password: 'A brand new passphrase 7' })).body.error).toBe(
      'token_expired',
    );
  });

  test('refuses made-up tokens and malformed bodies without a 500', async () => {
    expect((await new Browser(t).get(`/api/pass-change/${'B'.repeat(43)}`)).body.error).toBe('token_invalid');
    expect((await new Browser(t).get('/api/pass-change/short')).body.error).toBe('invalid_input');
    expect((await new Browser(t).post(`/api/pass-change/${'B'.repeat(43)}`, {})).body.error).toBe('invalid_input');
    expect((await new Browser(t).post('/api/reset/', { mail: 'x' })).body.error).toBe('invalid_input');
  });

  test('allows 5 reset requests per hour per address', async () => {
    const browser = new Browser(t);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await browser.post('/api/reset/', { email: 'nobody@example.test', recaptchaToken: await proofOfWork(t) })).status,
      ).toBe(200);
    }
    const limited = await browser.post('/api/reset/', { email: 'nobody@example.test', recaptchaToken: await proofOfWork(t) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
