import { randomInt } from 'node:crypto';
import { AppError } from '../http/errors.ts';
import type { AppleCodeExchange } from './apple-code.ts';
import type { IdTokenVerifier, Provider, VerifiedIdentity } from './id-tokens.ts';
import type { LoginNonces } from './login-nonces.ts';
import type { IssuedSession, SessionService } from './session.service.ts';
import { cleanUsername, usernameProblem } from './username.ts';
import { DuplicateAccountError, type UsersRepository } from './users.repository.ts';

/** Spec §4: statusCode 2 = logged in; 1 = not logged in, the data goes back to the caller. */
export type SocialLoginResult =
  | { readonly kind: 'logged-in'; readonly issued: IssuedSession; readonly created: boolean; readonly restored: boolean }
  | { readonly kind: 'link-required'; readonly email: string };

const NAME_ATTEMPTS = 5;

/** Logging in with Google or Apple, and connecting those accounts to an existing one. */
export class SocialLoginService {
  private readonly users: UsersRepository;
  private readonly sessions: SessionService;
  private readonly verifiers: Partial<Record<Provider, IdTokenVerifier>>;
  private readonly apple: AppleCodeExchange | undefined;
  private readonly nonces: LoginNonces;

  constructor(deps: {
    users: UsersRepository;
    sessions: SessionService;
    verifiers: Partial<Record<Provider, IdTokenVerifier>>;
    apple: AppleCodeExchange | undefined;
    nonces: LoginNonces;
  }) {
    this.users = deps.users;
    this.sessions = deps.sessions;
    this.verifiers = deps.verifiers;
    this.apple = deps.apple;
    this.nonces = deps.nonces;
  }

  /** POST /api/login-nonce: what the browser hands the provider, to come back inside the id token. */
  issueNonce(): string {
    return this.nonces.issue();
  }

  isConfigured(provider: Provider): boolean {
    return this.verifiers[provider] !== undefined;
  }

  /**
   * A known identity logs its user in (restoring an account waiting for deletion, as a password login
   * does). A new one gets an account of its own, unless its e-mail already belongs to an account: linking
   * that automatically would let whoever registered the address first take over, so the person is told
   * to log in and connect the provider in the settings instead.
   */
  async login(provider: Provider, token: string, nonce: string | undefined, lang: string): Promise<SocialLoginResult> {
    const identity = await this.verify(provider, token, nonce);
    const ownerId = await this.users.findIdentityOwner(provider, identity.subject);
    if (ownerId !== undefined) {
      const account = await this.users.findAccountById(ownerId);
      if (!account) throw new AppError('social_login_failed');
      if (account.bannedAt) throw new AppError('user_banned');
      const restored = Boolean(account.deleteRequestedAt);
      if (restored) await this.users.cancelDeletion(account.id);
      return { kind: 'logged-in', issued: await this.sessions.start(account), created: false, restored };
    }
    if (identity.email && (await this.users.emailExists(identity.email))) return { kind: 'link-required', email: identity.email };
    const id = await this.createAccount(identity, lang);
    const account = await this.users.findAccountById(id);
    if (!account) throw new Error(`account ${id} vanished after social sign-up`);
    return { kind: 'logged-in', issued: await this.sessions.start(account), created: true, restored: false };
  }

  async connect(userId: number, provider: Provider, token: string, nonce: string | undefined): Promise<void> {
    const identity = await this.verify(provider, token, nonce);
    const ownerId = await this.users.findIdentityOwner(provider, identity.subject);
    if (ownerId !== undefined && ownerId !== userId) throw new AppError('social_account_in_use');
    await this.users.linkIdentity(userId, { provider, subject: identity.subject, email: identity.email ?? null });
  }

  /** Refused when it would leave the account with no way to log in. */
  async disconnect(userId: number, provider: Provider): Promise<void> {
    const account = await this.users.findAccountById(userId);
    if (!account) throw new AppError('login_required');
    const linked = await this.users.linkedProviders(userId);
    if (!linked.includes(provider)) return;
    if (!account.passwordHash && linked.length === 1) throw new AppError('last_login_method');
    await this.users.unlinkIdentity(userId, provider);
  }

  /** POST /api/apple-exchange-code: the id token for an authorisation code from Sign in with Apple JS. */
  async exchangeAppleCode(code: string): Promise<string> {
    if (!this.apple) throw new AppError('social_not_configured');
    return this.apple.exchange(code);
  }

  /**
   * The nonce is checked to be ours and unexpired first (no lookup), then the id token against it, and
   * only a token that verified spends the nonce, so garbage cannot burn a browser's login attempt.
   */
  private async verify(provider: Provider, token: string, nonce: string | undefined): Promise<VerifiedIdentity> {
    const verifier = this.verifiers[provider];
    if (!verifier) throw new AppError('social_not_configured');
    this.nonces.check(nonce);
    const identity = await verifier.verify(token, nonce);
    await this.nonces.spend(nonce);
    return identity;
  }

  /** A username from the e-mail's local part (or the name), made unique with a number when taken. */
  private async createAccount(identity: VerifiedIdentity, lang: string): Promise<number> {
    const base = usernameBase(identity);
    for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
      const username = attempt === 0 ? base : `${base.slice(0, 24)}${randomInt(1000, 9_999_999)}`;
      if (usernameProblem(username) || (await this.users.usernameExists(username))) continue;
      try {
        return await this.users.createWithIdentity({
          username,
          email: identity.email ?? null,
          emailVerified: identity.emailVerified,
          displayName: (identity.name ?? '').slice(0, 64),
          lang,
          identity: { provider: identity.provider, subject: identity.subject },
        });
      } catch (error) {
        if (error instanceof DuplicateAccountError && error.field === 'username') continue;
        if (error instanceof DuplicateAccountError) throw new AppError('email_taken');
        throw error;
      }
    }
    throw new AppError('conflict');
  }
}

function usernameBase(identity: VerifiedIdentity): string {
  const fromEmail = cleanUsername((identity.email ?? '').split('@')[0] ?? '').replace(/^[._]+|[._]+$/g, '');
  const fromName = cleanUsername(identity.name ?? '').replace(/^[._]+|[._]+$/g, '');
  const candidate = [fromEmail, fromName].find((name) => /[a-z].*[a-z]/.test(name)) ?? 'member';
  return candidate.slice(0, 31);
}
