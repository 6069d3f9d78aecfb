import { AppError, type ErrorCode } from '../http/errors.ts';
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
  /** Why a presented user token was not honoured (banned or leaving account): requireUser answers with it. */
  readonly rejected?: ErrorCode;
}

export const ANONYMOUS: RequestSession = Object.freeze({ anonymous: true, debugLevel: 0 });

/** Access failure that means "the account itself may not be used", in the spec's codes. */
export function accountBlock(account: Pick<AccountRow, 'bannedAt' | 'deleteRequestedAt'>): ErrorCode | undefined {
  if (account.bannedAt) return 'user_banned';
  if (account.deleteRequestedAt) return 'user_to_be_deleted';
  return undefined;
}

export class SessionService {
  private readonly signer: TokenSigner;
  private readonly users: UsersRepository;
  private readonly tokens: TokensRepository;

  constructor(signer: TokenSigner, users: UsersRepository, tokens: TokensRepository) {
    this.signer = signer;
    this.users = users;
    this.tokens = tokens;
  }

  async anonymous(langId: string): Promise<IssuedSession> {
    const { token, exp } = await this.signer.sign({ visitorId: newVisitorId() }, langId);
    return { session: { userId: null, langId, exp, debugLevel: 0, accessToken: token, token } };
  }

  /** Starts a new refresh-token family for a user who just proved who they are. */
  async start(account: AccountRow): Promise<IssuedSession> {
    return this.issue(account, newFamilyId());
  }

  /** Rotates a refresh token: the presented one is spent, a new one of the same family replaces it. */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw new AppError('token_invalid');
    const consumed = await this.tokens.consumeRefresh(tokenDigest(refreshToken));
    if (consumed.kind === 'unknown') throw new AppError('token_invalid');
    if (consumed.kind === 'reused') {
      // A spent token coming back means it was copied: nobody in this family can be trusted any more.
      await this.tokens.revokeFamily(consumed.familyId);
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

  /** Ends the refresh family of this browser; other devices stay logged in. */
  async end(refreshToken: string | undefined): Promise<void> {
    if (!refreshToken) return;
    const familyId = await this.tokens.familyOf(tokenDigest(refreshToken));
    if (familyId) await this.tokens.revokeFamily(familyId);
  }

  async endAll(userId: number): Promise<void> {
    await this.tokens.revokeAllForUser(userId);
  }

  /**
   * Reads an access token. A user token is checked against the account on every request so that a ban
   * or deletion request takes effect at once; an unusable token simply means an anonymous visitor.
   */
  async resolve(accessToken: string | undefined): Promise<RequestSession> {
    if (!accessToken) return ANONYMOUS;
    const verified = await this.signer.verify(accessToken);
    if (!verified.ok) return ANONYMOUS;
    const { userId, visitorId } = verified.claims;
    if (userId === undefined) return { anonymous: true, debugLevel: 0, visitorId };
    const account = await this.users.findAccountById(userId);
    if (!account) return ANONYMOUS;
    const block = accountBlock(account);
    if (block) return { anonymous: true, debugLevel: 0, rejected: block };
    return { userId, anonymous: false, debugLevel: account.debugLevel };
  }

  private async issue(account: AccountRow, familyId: string): Promise<IssuedSession> {
    const { token, exp } = await this.signer.sign({ userId: account.id }, account.lang);
    const refreshToken = opaqueToken();
    await this.tokens.insertRefresh({
      familyId,
      userId: account.id,
      digest: tokenDigest(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
    });
    return {
      session: { userId: account.id, langId: account.lang, exp, debugLevel: account.debugLevel, accessToken: token, token },
      refresh: { token: refreshToken, maxAgeSeconds: REFRESH_TOKEN_SECONDS },
    };
  }
}
