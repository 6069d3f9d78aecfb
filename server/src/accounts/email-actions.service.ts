import type { Logger } from 'pino';
import { AppError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMessage } from '../mail/messages.ts';
import { hashPassword } from './password.ts';
import { passwordProblem } from './password-policy.ts';
import { accountBlock, type SessionService } from './session.service.ts';
import type { ActionConsumption, ActionPurpose, TokensRepository } from './tokens.repository.ts';
import { opaqueToken, tokenDigest } from './tokens.ts';
import type { AccountRow, UsersRepository } from './users.repository.ts';

const VERIFY_HOURS = 48;
const RESET_HOURS = 1;

/** E-mailed single-use links: address confirmation and password reset. */
export class EmailActionService {
  private readonly users: UsersRepository;
  private readonly tokens: TokensRepository;
  private readonly sessions: SessionService;
  private readonly mailer: Mailer;
  private readonly baseUrl: string;
  private readonly log: Logger;

  constructor(deps: {
    users: UsersRepository;
    tokens: TokensRepository;
    sessions: SessionService;
    mailer: Mailer;
    baseUrl: string;
    log: Logger;
  }) {
    this.users = deps.users;
    this.tokens = deps.tokens;
    this.sessions = deps.sessions;
    this.mailer = deps.mailer;
    this.baseUrl = deps.baseUrl;
    this.log = deps.log;
  }

  async sendVerification(account: AccountRow): Promise<void> {
    if (!account.email) return;
    const token = await this.newToken(account.id, 'verify-email', VERIFY_HOURS);
    const link = `${this.baseUrl}/action/${token}`;
    const message = renderMessage('verify-email', account.lang, { username: account.username, link, hours: VERIFY_HOURS });
    await this.mailer.send({ to: account.email, ...message });
  }

  /** GET /api/action/resend/verification: a fresh link replaces the old one. */
  async resendVerification(userId: number): Promise<{ alreadyVerified: boolean }> {
    const account = await this.users.findAccountById(userId);
    if (!account) throw new AppError('login_required');
    if (account.emailVerifiedAt) return { alreadyVerified: true };
    await this.sendVerification(account);
    return { alreadyVerified: false };
  }

  async confirmEmail(token: string): Promise<void> {
    const outcome = await this.tokens.consumeAction(tokenDigest(token), 'verify-email');
    await this.users.markEmailVerified(this.userOf(outcome));
  }

  /**
   * Always the same answer, whether or not the address belongs to anyone, so the form cannot be used to
   * find out who has an account.
   */
  async requestPasswordReset(email: string): Promise<void> {
    const account = await this.users.findAccountByEmail(email.trim());
    if (!account?.email || accountBlock(account) === 'user_banned') return;
    const token = await this.newToken(account.id, 'reset-password', RESET_HOURS);
    const link = `${this.baseUrl}/reset-password/${token}`;
    const message = renderMessage('reset-password', account.lang, { username: account.username, link, hours: RESET_HOURS });
    await this.mailer.send({ to: account.email, ...message }).catch((error) => {
      this.log.warn({ err: error, userId: account.id }, 'password reset e-mail not sent');
    });
  }

  /** Lets the reset page tell a dead link before the user types a new password. */
  async checkPasswordReset(token: string): Promise<{ username: string }> {
    const userId = this.userOf(await this.tokens.peekAction(tokenDigest(token), 'reset-password'));
    const account = await this.users.findAccountById(userId);
    if (!account) throw new AppError('token_invalid');
    return { username: account.username };
  }

  /** Sets the new password and logs every device out: whoever had the old password is locked out. */
  async changePassword(token: string, password: string): Promise<void> {
    const digest = tokenDigest(token);
    const userId = this.userOf(await this.tokens.peekAction(digest, 'reset-password'));
    const account = await this.users.findAccountById(userId);
    if (!account) throw new AppError('token_invalid');
    const weakness = passwordProblem(password, account.username);
    // Checked before the token is spent, so a refused password does not cost the user their link.
    if (weakness) throw new AppError('weak_password', { details: [{ field: 'password', problem: weakness }] });
    const consumed = this.userOf(await this.tokens.consumeAction(digest, 'reset-password'));
    await this.users.setPasswordHash(consumed, await hashPassword(password));
    await this.sessions.endAll(consumed);
  }

  private async newToken(userId: number, purpose: ActionPurpose, hours: number): Promise<string> {
    const token = opaqueToken();
    await this.tokens.replaceAction({
      userId,
      purpose,
      digest: tokenDigest(token),
      expiresAt: new Date(Date.now() + hours * 3_600_000),
    });
    return token;
  }

  private userOf(outcome: ActionConsumption): number {
    if (outcome.kind === 'expired') throw new AppError('token_expired');
    if (outcome.kind !== 'valid') throw new AppError('token_invalid');
    return outcome.userId;
  }
}
