import { afterAll, expect, test } from 'vitest';
import { testApp } from '../test/test-app.ts';
import { SessionService } from './session.service.ts';
import { ACCOUNT_TEST_ENV, signedUp } from './test-support.ts';
import { TokensRepository } from './tokens.repository.ts';
import { TokenSigner } from './tokens.ts';
import { type AccountRow, UsersRepository } from './users.repository.ts';

const t = await testApp({ env: ACCOUNT_TEST_ENV });
afterAll(() => t.close());
const db = t.container.database.db;
const { config, events } = t.container;

/** The session service with `meanwhile` run after a refresh token is spent and before its successor is stored. */
function sessionsWithPause(meanwhile: (userId: number) => Promise<void>): SessionService {
  const users = new (class extends UsersRepository {
    override async findAccountById(id: number): Promise<AccountRow | undefined> {
      await meanwhile(id);
      return super.findAccountById(id);
    }
  })(db);
  return new SessionService(new TokenSigner(config.auth.jwtSecret), users, new TokensRepository(db), events);
}

test('a password change while a refresh is under way leaves its successor nothing', async () => {
  const { browser } = await signedUp(t);
  const sessions = sessionsWithPause(async (userId) => {
    await db.updateTable('users').set({ password_hash: 'changed elsewhere' }).where('id', '=', userId).execute();
  });
  const outcome = await sessions.refresh(browser.jar.get('refresh')).then(
    (issued) => issued,
    (error: { code: string }) => error.code,
  );
  if (typeof outcome === 'string') return expect(outcome).toBe('token_invalid');
  expect((await t.container.services.accounts.sessions.resolve(outcome.session.accessToken)).userId).toBeUndefined();
  await expect(t.container.services.accounts.sessions.refresh(outcome.refresh?.token)).rejects.toMatchObject({
    code: 'token_invalid',
  });
});

test('a logout while a refresh of the same session is under way ends that session for good', async () => {
  const { browser } = await signedUp(t);
  const refreshToken = browser.jar.get('refresh');
  const live = t.container.services.accounts.sessions;
  const sessions = sessionsWithPause(async () => {
    await live.end(refreshToken, { anonymous: true, debugLevel: 0 });
  });
  const outcome = await sessions.refresh(refreshToken).then(
    (issued) => issued,
    (error: { code: string }) => error.code,
  );
  if (typeof outcome === 'string') return expect(outcome).toBe('token_invalid');
  expect((await live.resolve(outcome.session.accessToken)).userId).toBeUndefined();
});
