import { AppError, type ErrorCode } from '../http/errors.ts';
import type { EventPublisher } from '../realtime/events.ts';
import type { TokensRepository } from './tokens.repository.ts';
import { newFamilyId, newVisitorId, opaqueToken, REFRESH_TOKEN_SECONDS, type TokenSigner, tokenDigest } from './tokens.ts';
import type { AccountRow, UsersRepository } from './users.repository.ts';

/** The login session of spec §3, as answered by login, signup, refresh and anonymous login. */
export interface LoginSession {
  readonly userId: number | null;
  readonly langId: string;
  /** Expiry of accessToken, seconds since the epoch. */
  readonly exp: number;
  readonly debugLevel: number;
  readonly accessToken: string;
  /** Same JWT as accessToken (the spec's client reads either); the refresh token only travels in its cookie. */
  readonly token: string;
}

/** A session plus the refresh token to set as a cookie (absent for anonymous sessions). */
export interface IssuedSession {
  readonly session: LoginSession;
  readonly refresh?: { readonly token: string; readonly maxAgeSeconds: number };
}

/** Who is asking, resolved once per request from the access token. */
export interface RequestSession {
  readonly userId?: number;
  readonly anonymous: boolean;
  readonly debugLevel: number;
  readonly visitorId?: string;
  /** A user's session (refresh family) the token belongs to, which a logout ends. */
  readonly sessionId?: string;
  /** Why a presented user token was not honoured (banned or leaving account): requireUser answers with it. */
  readonly rejected?: ErrorCode;
}

export const ANONYMOUS: RequestSession = Object.freeze({ anonymous: true, debugLevel: 0 });

/** Access failure that means "the account itself may not be used", in the spec's codes. */
export function accountBlock(
  account: Pick<AccountRow, 'bannedAt' | 'deleteRequestedAt' | 'suspendedUntil'>,
  now = Date.now(),
): ErrorCode | undefined {
  if (account.bannedAt) return 'user_banned';
  if (account.deleteRequestedAt) return 'user_to_be_deleted';
  // A suspension lifts itself: the clock passing suspended_until is all it takes (enforcement/README.md).
  if (account.suspendedUntil && account.suspendedUntil.getTime() > now) return 'account_suspended';
  return undefined;
}

export class SessionService {
  private readonly signer: TokenSigner;
  private readonly users: UsersRepository;
  private readonly tokens: TokensRepository;
  private readonly events: EventPublisher;

  constructor(signer: TokenSigner, users: UsersRepository, tokens: TokensRepository, events: EventPublisher) {
    this.signer = signer;
    this.users = users;
    this.tokens = tokens;
    this.events = events;
  }

  async anonymous(langId: string): Promise<IssuedSession> {
    const { token, exp } = await this.signer.sign({ visitorId: newVisitorId() }, langId);
    return { session: { userId: null, langId, exp, debugLevel: 0, accessToken: token, token } };
  }

  /**
   * Starts a new refresh-token family for a user who just proved who they are. `notBefore` is the instant
   * sessions were last ended (endAll), so the new token counts as issued after it even on a clock that
   * stepped back.
   */
  async start(account: AccountRow, notBefore?: Date): Promise<IssuedSession> {
    return this.issue(account, newFamilyId(), notBefore);
  }

  /** Rotates a refresh token: the presented one is spent, a new one of the same family replaces it. */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw new AppError('token_invalid');
    const consumed = await this.tokens.consumeRefresh(tokenDigest(refreshToken));
    if (consumed.kind === 'unknown') throw new AppError('token_invalid');
    if (consumed.kind === 'reused') {
      // A spent token coming back means it was copied: nobody in this family can be trusted any more.
      await this.endSession(consumed.familyId);
      throw new AppError('token_invalid');
    }
    if (consumed.kind === 'expired') throw new AppError('token_expired');
    const account = await this.users.findAccountById(consumed.userId);
    const block = account ? accountBlock(account) : 'token_invalid';
    if (!account || block) {
      await this.tokens.revokeFamily(consumed.familyId);
      throw new AppError(block ?? 'token_invalid');
    }
    return this.issue(account, consumed.familyId);
  }

  /**
   * Logout of this device: ends the session of the access token the request came with and the refresh
   * family of this browser's cookie (the same one, unless a client mixed them). Their access tokens stop
   * at their next request and their sockets close on every node; the user's other devices stay logged in.
   */
  async end(refreshToken: string | undefined, current: RequestSession): Promise<void> {
    const families = new Set<string>();
    if (current.sessionId) families.add(current.sessionId);
    const cookieFamily = refreshToken ? await this.tokens.familyOf(tokenDigest(refreshToken)) : undefined;
    if (cookieFamily) families.add(cookieFamily);
    for (const familyId of families) await this.endSession(familyId);
  }

  /**
   * Ends every session of the user (password change or reset, deletion request): refresh tokens are
   * revoked and every access token issued before the returned instant is refused from now on.
   */
  async endAll(userId: number): Promise<Date> {
    const validAfter = new Date();
    await this.users.setSessionsValidAfter(userId, validAfter);
    await this.tokens.revokeAllForUser(userId);
    await this.events.publish({ type: 'sessions-ended', userId });
    return validAfter;
  }

  /**
   * Reads an access token. A user token is checked against the account on every request, so a ban, a
   * deletion request, a logout or a password change takes effect at once. This is one statement that the
   * ban check needed anyway (a primary-key read plus one partial-index probe), so it is done per request
   * rather than cached: a per-process cache invalidated through the event bus would miss what is
   * published while a node's listener reconnects (the bus is at most once), and the token cache of
   * TokenSigner only saves the signature check, never this one. An unusable token means an anonymous visitor.
   */
  async resolve(accessToken: string | undefined): Promise<RequestSession> {
    if (!accessToken) return ANONYMOUS;
    const verified = await this.signer.verify(accessToken);
    if (!verified.ok) return ANONYMOUS;
    const { userId, visitorId, sessionId, issuedAtMs } = verified.claims;
    if (userId === undefined) return { anonymous: true, debugLevel: 0, visitorId };
    if (sessionId === undefined || issuedAtMs === undefined) return ANONYMOUS;
    const account = await this.users.findSessionAccount(userId, sessionId);
    if (!account) return ANONYMOUS;
    const block = accountBlock(account);
    if (block) return { anonymous: true, debugLevel: 0, rejected: block };
    const ended = !account.sessionLive || issuedAtMs < (account.sessionsValidAfter?.getTime() ?? 0);
    if (ended) return ANONYMOUS;
    return { userId, anonymous: false, debugLevel: account.debugLevel, sessionId };
  }

  private async endSession(familyId: string): Promise<void> {
    const userId = await this.tokens.revokeFamily(familyId);
    if (userId !== undefined) await this.events.publish({ type: 'sessions-ended', userId, sessionId: familyId });
  }

  private async issue(account: AccountRow, familyId: string, notBefore?: Date): Promise<IssuedSession> {
    const issuedAtMs = Math.max(Date.now(), notBefore?.getTime() ?? 0);
    const subject = { userId: account.id, sessionId: familyId, issuedAtMs };
    const { token, exp } = await this.signer.sign(subject, account.lang);
    const refreshToken = opaqueToken();
    const stored = await this.tokens.insertRefresh({
      familyId,
      userId: account.id,
      digest: tokenDigest(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
    });
    // The session ended while its token was being rotated: the access token signed above dies with it.
    if (!stored) throw new AppError('token_invalid');
    return {
      session: { userId: account.id, langId: account.lang, exp, debugLevel: account.debugLevel, accessToken: token, token },
      refresh: { token: refreshToken, maxAgeSeconds: REFRESH_TOKEN_SECONDS },
    };
  }
}
