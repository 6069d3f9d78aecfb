import { afterAll, describe, expect, test } from 'vitest';
import { hashPassword } from '../accounts/password.ts';
import { openSocket } from '../realtime/test-socket.ts';
import { actingAs, createVerifiedCreator, startSession } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { auditEntries, lastMailTo, moderationNotifications, staffMember } from './test-support.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
const { db } = t.container.database;
const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => t.close());

const moderator = await staffMember(t, 'moderator');
const act = (userId: number, body: Record<string, unknown>) =>
  moderator.api.post(`/api/admin/enforcement/users/${userId}/actions`, body);
const PASSWORD = 'A long enough password 42';

/** A creator who can log in with PASSWORD; the session starts after the password is set (setting one ends sessions). */
async function member(lang = 'en') {
  // A verified creator: the upload-limit tests need one who may get an upload token at all.
  const user = await createVerifiedCreator(db);
  const email = `${user.username}@example.test`;
  const passwordHash = await hashPassword(PASSWORD);
  await db.updateTable('users').set({ email, lang, password_hash: passwordHash }).where('id', '=', user.id).execute();
  return { ...user, email, api: await actingAs(t, user.id) };
}
/** A route behind requireUser: it answers the session's refusal (-3 banned, -220 suspended). */
const ME = '/api/notification/follow';
const login = (username: string) => t.post('/api/login', { username, password: PASSWORD });

describe('actions on accounts', () => {
  test('warn sends a statement of reasons and changes nothing else', async () => {
    const user = await member('fr');
    const answer = await act(user.id, { kind: 'account-warn', category: 'spam', rule: 'spam' });
    expect(answer.statements[0]).toMatchObject({ kind: 'account-warn', userId: user.id, postId: null });
    expect((await user.api.get(ME)).statusCode).toBe(2);
    expect(await moderationNotifications(db, user.id)).toHaveLength(1);
    expect(await auditEntries(db, 'enforcement.account-warn', user.id)).toHaveLength(1);
    const mail = await lastMailTo(t, user.email);
    expect(mail?.subject).toBe('Velvet : une décision concernant votre compte');
    expect(mail?.text).toContain('Ceci est un avertissement concernant votre compte.');
  });

  test('limit uploads refuses new upload tokens with uploads_limited until restored', async () => {
    const user = await member();
    expect((await user.api.get('/api/media/uptoken')).statusCode).toBe(2);
    await act(user.id, { kind: 'account-limit-uploads', category: 'spam' });
    expect((await user.api.get('/api/media/uptoken')).error).toBe('uploads_limited');
    const tokens = await db.selectFrom('upload_tokens').select('revoked_at').where('user_id', '=', user.id).execute();
    expect(tokens.every((row) => row.revoked_at !== null)).toBe(true);
    await act(user.id, { kind: 'account-restore', category: 'spam' });
    expect((await user.api.get('/api/media/uptoken')).statusCode).toBe(2);
    expect(await auditEntries(db, 'enforcement.account-limit-uploads', user.id)).toHaveLength(1);
  });

  test('suspend refuses the API and login until the period ends, then lets the user back in', async () => {
    const user = await member();
    expect((await act(user.id, { kind: 'account-suspend', category: 'other' })).error).toBe('invalid_input');
    const answer = await act(user.id, { kind: 'account-suspend', category: 'other', days: 3 });
    const endsAt = Date.parse(answer.statements[0].endsAt);
    expect(endsAt - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect((await user.api.get(ME)).error).toBe('account_suspended');
    expect((await login(user.username)).body.error).toBe('account_suspended');
    expect((await lastMailTo(t, user.email))?.text).toMatch(/suspended until .*UTC/);
    // The period passes: nothing needs to run for the suspension to lift.
    await db
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() - 1000) })
      .where('id', '=', user.id)
      .execute();
    expect((await login(user.username)).body.statusCode).toBeGreaterThan(0);
  });

  test('ban answers -3, revokes every session and closes the sockets with logout-banned', async () => {
    const user = await member('ja');
    const { session, refresh } = await startSession(db, t.container.config.auth.jwtSecret, user.id);
    const socket = await openSocket(`${address.replace('http', 'ws')}/ws/`, {
      headers: { cookie: `authorization=${session.accessToken}` },
    });
    await socket.next('connect');
    const answer = await act(user.id, {
      kind: 'account-ban',
      category: 'illegal',
      publicReason: 'Repeated uploads of illegal content',
    });
    expect(answer.statusCode).toBe(1);
    expect(await socket.next('logout-banned')).toBeDefined();
    expect(await socket.closed).toBeGreaterThan(0);
    const me = await t.get(ME, { authorization: `Bearer ${session.accessToken}` });
    expect(me.body).toMatchObject({ statusCode: -3, error: 'user_banned' });
    const renewed = await t.request({ method: 'GET', url: '/api/refresh', cookies: { refresh: refresh?.token ?? '' } });
    expect(renewed.body.statusCode).toBeLessThan(0);
    const live = await db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    const mail = await lastMailTo(t, user.email);
    expect(mail?.subject).toBe('Velvet：あなたのアカウントに関する決定');
    // Locked out, the user appeals through the e-mail's link.
    const [, actionId, token] = /\/statements\/(\d+)\?token=([\w-]{43})/.exec(mail?.text ?? '') ?? [];
    expect(Number(actionId)).toBe(answer.statements[0].id);
    const read = await t.get(`/api/enforcement/statements/${actionId}/by-token?token=${token}`);
    expect(read.body.statement).toMatchObject({ kind: 'account-ban', publicReason: 'Repeated uploads of illegal content' });
    const appealed = await t.post(`/api/enforcement/statements/${actionId}/appeal-by-token`, { token, statement: 'Not me' });
    expect(appealed.body).toMatchObject({ statusCode: 1, appealId: expect.any(Number) });
    const forged = await t.post(`/api/enforcement/statements/${actionId}/appeal-by-token`, {
      token: 'x'.repeat(43),
      statement: 'x',
    });
    expect(forged.body.error).toBe('not_found');
    expect(await auditEntries(db, 'enforcement.account-ban', user.id)).toHaveLength(1);
    expect((await act(user.id, { kind: 'account-ban', category: 'illegal' })).error).toBe('enforcement_not_applicable');

    await act(user.id, { kind: 'account-restore', category: 'illegal' });
    expect((await login(user.username)).body.statusCode).toBeGreaterThan(0);
  });
});
