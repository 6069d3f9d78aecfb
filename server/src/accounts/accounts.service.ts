import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { AppError } from '../http/errors.ts';
import type { EmailActionService } from './email-actions.service.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { passwordProblem } from './password-policy.ts';
import type { IssuedSession, SessionService } from './session.service.ts';
import { cleanUsername, usernameProblem } from './username.ts';
import { type AccountRow, DuplicateAccountError, type UsersRepository } from './users.repository.ts';

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
const DELETION_GRACE_DAYS = 30;

export interface Availability {
  readonly available: boolean;
  readonly reason?: 'invalid' | 'reserved' | 'taken';
}

export interface SignupInput {
  readonly username: string;
  readonly email: string;
  readonly password: string;
}

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}

/** Logging in, signing up, name checks and leaving: the account rules of spec §4 and §5. */
export class AccountService {
  private readonly users: UsersRepository;
  private readonly sessions: SessionService;
  private readonly emailActions: EmailActionService;
  private readonly throttle: LoginThrottle;
  private readonly log: Logger;
  private dummyHash: Promise<string> | undefined;

  constructor(deps: {
    users: UsersRepository;
    sessions: SessionService;
    emailActions: EmailActionService;
    throttle: LoginThrottle;
    log: Logger;
  }) {
    this.users = deps.users;
    this.sessions = deps.sessions;
    this.emailActions = deps.emailActions;
    this.throttle = deps.throttle;
    this.log = deps.log;
  }

  /**
   * One answer for "no such user" and "wrong password", and the same argon2 work for both, so neither the
   * reply nor its timing tells whether an account exists. A ban is told only to whoever knows the password.
   */
  async login(identifier: string, password: string): Promise<IssuedSession & { restored: boolean }> {
    const key = identifier.includes('@') ? identifier.trim().toLowerCase() : cleanUsername(identifier);
    this.throttle.check(key);
    const account = key.includes('@') ? await this.users.findAccountByEmail(key) : await this.users.findAccountByUsername(key);
    const hash = account?.passwordHash ?? (await this.dummy());
    const matches = await verifyPassword(hash, password);
    if (!account?.passwordHash || !matches) {
      this.throttle.fail(key);
      throw new AppError('invalid_credentials');
    }
    this.throttle.succeed(key);
    if (account.bannedAt) throw new AppError('user_banned');
    if (account.suspendedUntil && account.suspendedUntil.getTime() > Date.now()) throw new AppError('account_suspended');
    const restored = Boolean(account.deleteRequestedAt);
    if (restored) await this.users.cancelDeletion(account.id);
    const issued = await this.sessions.start({ ...account, deleteRequestedAt: null });
    return { ...issued, restored };
  }

  async signup(input: SignupInput, lang: string): Promise<IssuedSession & { account: AccountRow }> {
    const username = input.username.trim();
    const email = input.email.trim();
    const nameProblem = usernameProblem(username);
    if (nameProblem) throw new AppError('invalid_username', { details: [{ field: 'username', problem: nameProblem }] });
    if (!isEmailAddress(email)) throw new AppError('invalid_email', { details: [{ field: 'email', problem: 'invalid' }] });
    const weakness = passwordProblem(input.password, username);
    if (weakness) throw new AppError('weak_password', { details: [{ field: 'password', problem: weakness }] });
    if (await this.users.usernameExists(username)) throw new AppError('username_taken');
    if (await this.users.emailExists(email)) throw new AppError('email_taken');

    let id: number;
    try {
      id = await this.users.create({ username, email, passwordHash: await hashPassword(input.password), lang });
    } catch (error) {
      // Two sign-ups racing for the same name: the database's unique index decides.
      if (error instanceof DuplicateAccountError)
        throw new AppError(error.field === 'username' ? 'username_taken' : 'email_taken');
      throw error;
    }
    const account = await this.users.findAccountById(id);
    if (!account) throw new Error(`account ${id} vanished after sign-up`);
    await this.emailActions.sendVerification(account).catch((error) => {
      // The account exists either way; the user can ask for the e-mail again.
      this.log.warn({ err: error, userId: id }, 'verification e-mail not sent');
    });
    return { ...(await this.sessions.start(account)), account };
  }

  async checkUsername(username: string): Promise<Availability> {
    const problem = usernameProblem(username.trim());
    if (problem) return { available: false, reason: problem };
    return (await this.users.usernameExists(username.trim())) ? { available: false, reason: 'taken' } : { available: true };
  }

  async checkEmail(email: string): Promise<Availability> {
    if (!isEmailAddress(email.trim())) return { available: false, reason: 'invalid' };
    return (await this.users.emailExists(email.trim())) ? { available: false, reason: 'taken' } : { available: true };
  }

  /**
   * Settings' password change: the current password is needed when there is one (an account made through
   * Google or Apple sets its first). Every other device is logged out; this browser gets a new session.
   */
  async changePassword(userId: number, currentPassword: string | undefined, password: string): Promise<IssuedSession> {
    const account = await this.users.findAccountById(userId);
    if (!account) throw new AppError('login_required');
    if (account.passwordHash) {
      this.throttle.check(account.username);
      if (!currentPassword || !(await verifyPassword(account.passwordHash, currentPassword))) {
        this.throttle.fail(account.username);
        throw new AppError('invalid_credentials');
      }
    }
    const weakness = passwordProblem(password, account.username);
    if (weakness) throw new AppError('weak_password', { details: [{ field: 'password', problem: weakness }] });
    await this.users.setPasswordHash(userId, await hashPassword(password));
    return this.sessions.start(account, await this.sessions.endAll(userId));
  }

  /** Spec: deletion waits 30 days, during which logging in again restores the account. */
  async requestDeletion(userId: number): Promise<{ deleteAfter: string }> {
    const requestedAt = await this.users.requestDeletion(userId);
    await this.sessions.endAll(userId);
    return { deleteAfter: new Date(requestedAt.getTime() + DELETION_GRACE_DAYS * 86_400_000).toISOString() };
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
    return this.dummyHash;
  }
}

/** Accounts whose grace period is over are removed for good (job accounts:delete-expired). */
export function deletionCutoff(now = new Date()): Date {
  return new Date(now.getTime() - DELETION_GRACE_DAYS * 86_400_000);
}
