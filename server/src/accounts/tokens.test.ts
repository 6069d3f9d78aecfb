import { SignJWT } from 'jose';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ACCESS_TOKEN_SECONDS, ANONYMOUS_TOKEN_SECONDS, newFamilyId, TokenSigner } from './tokens.ts';

const SECRET = 'a test secret of more than thirty-two characters';

/** The token with one character of its payload changed, so its signature no longer matches. */
function tampered(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const changed = payload.startsWith('A') ? `B${payload.slice(1)}` : `A${payload.slice(1)}`;
  return [header, changed, signature].join('.');
}

afterEach(() => vi.useRealTimers());

/** A user subject as SessionService signs it: the user, the session (refresh family) and the issue instant. */
const userSubject = (userId: number) => ({ userId, sessionId: newFamilyId(), issuedAtMs: Date.now() });

describe('access tokens', () => {
  test('a user token and a visitor token verify with their claims, again and again', async () => {
    const signer = new TokenSigner(SECRET);
    const subject = userSubject(42);
    const user = await signer.sign(subject, 'de');
    const visitor = await signer.sign({ visitorId: 'v-1' }, 'en');
    for (let round = 0; round < 2; round++) {
      expect(await signer.verify(user.token)).toEqual({
        ok: true,
        claims: {
          userId: 42,
          sessionId: subject.sessionId,
          issuedAtMs: subject.issuedAtMs,
          visitorId: undefined,
          langId: 'de',
          exp: user.exp,
        },
      });
      expect(await signer.verify(visitor.token)).toEqual({
        ok: true,
        claims: {
          userId: undefined,
          sessionId: undefined,
          issuedAtMs: undefined,
          visitorId: 'v-1',
          langId: 'en',
          exp: visitor.exp,
        },
      });
    }
  });

  test('a changed token, one signed with another secret and garbage are invalid, even after the genuine one was remembered', async () => {
    const signer = new TokenSigner(SECRET);
    const { token } = await signer.sign(userSubject(7), 'en');
    expect((await signer.verify(token)).ok).toBe(true);
    const foreign = (await new TokenSigner(`${SECRET}!`).sign(userSubject(7), 'en')).token;
    // Our own signature on a user token without its session (as issued before sessions could be ended).
    const sessionless = await new SignJWT({ lang: 'en' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('velvet')
      .setAudience('velvet-api')
      .setSubject('7')
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode(SECRET));
    for (const bad of [tampered(token), foreign, sessionless, `${token}x`, 'not.a.token', ''])
      expect(await signer.verify(bad), bad).toEqual({ ok: false, reason: 'token_invalid' });
  });

  test('a token expires at its exp second, whether it was remembered or is seen for the first time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    const signer = new TokenSigner(SECRET);
    const remembered = await signer.sign(userSubject(1), 'en');
    const unseen = await signer.sign(userSubject(2), 'en');
    const visitor = await signer.sign({ visitorId: 'v-2' }, 'en');
    expect((await signer.verify(remembered.token)).ok).toBe(true);

    vi.setSystemTime(remembered.exp * 1000 - 1);
    expect((await signer.verify(remembered.token)).ok).toBe(true);
    vi.setSystemTime(remembered.exp * 1000);
    expect(await signer.verify(remembered.token)).toEqual({ ok: false, reason: 'token_expired' });
    expect(await signer.verify(unseen.token)).toEqual({ ok: false, reason: 'token_expired' });
    // A visitor's token lives a day, a user's 15 minutes.
    expect(ANONYMOUS_TOKEN_SECONDS).toBeGreaterThan(ACCESS_TOKEN_SECONDS);
    expect((await signer.verify(visitor.token)).ok).toBe(true);
  });
});
